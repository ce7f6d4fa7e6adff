/**
 * The product master from the ERP: codes, descriptions, the family tree with codes, brand,
 * unit, packs (pieces, order multiple, minimum), discount family, VAT, status, and the lists of EAN, supplier and article codes (`|` between
 * them). The portal's own texts (titolo_portale, descrizione_aggiuntiva), photos, prices and
 * stock are not in this file and stay as they are.
 *
 * The deepest family code given (sottogruppo_id, else gruppo_id, sottofamiglia_id, famiglia_id)
 * is the product's category (categorie.cod_cat, as in the demo: '03' › '0301' › '030101');
 * a code the tree lacks becomes a new category under the level above, named from the file.
 * A brand code the portal lacks becomes a brand; a brand's name follows `brand_descrizione`.
 * With `--completo` the products missing from the file are withdrawn (deleted_at: not shown,
 * not orderable, kept for past orders, which also keep their own snapshot of each line); a
 * withdrawn product that comes back in a later file is shown again.
 */
import type { CopyValue } from '../../db/copy.js';
import type { Campo, DefinizioneTipo, Lavoro } from '../definizione.js';
import { contaEsiti, ident } from '../staging.js';
import { bloccaProdotti } from './comune.js';
import {
  codice, codiceInElenco, data, decimale, eanInElenco, elenco, intero, siNo, testo,
} from '../valori.js';

/**
 * Words of the products with new texts are taught to the search vocabulary (impara_parole_vocab:
 * it never blocks a search; 200,000 products take ~12 s here). Only when they are more than this
 * share of the catalogue is it rebuilt whole (refresh_search_vocab: ~15 s for 400,000 products,
 * with searches waiting on its TRUNCATE), so that word frequencies are right again after such a
 * change; a smaller import leaves the frequencies of known words as they were.
 */
const QUOTA_VOCABOLARIO_INTERO = 0.5;

/** The "no brand" code (docs/regole/catalogo.md#brands) and its name in the demo data. */
const SENZA_MARCHIO = ['000', 'Senza marchio'] as const;

/** Family levels, top first: the code's field and the name's. */
const LIVELLI = [['famiglia_id', 'famiglia'], ['sottofamiglia_id', 'sottofamiglia'], ['gruppo_id', 'gruppo'], ['sottogruppo_id', 'sottogruppo']] as const;

/** List fields and the prodotti_codici.tipo they fill. */
const CODICI = [['ean', 'ean'], ['codice_fornitore', 'fornitore'], ['codice_articolo', 'articolo']] as const;

/** Fields written as they are into the prodotti column of the same name. */
const DIRETTI = ['descrizione1', 'descrizione2', 'famiglia_id', 'famiglia', 'sottofamiglia_id', 'sottofamiglia', 'gruppo_id', 'gruppo',
  'sottogruppo_id', 'sottogruppo', 'brand_codice', 'um', 'pz_conf', 'pz_conf2', 'iva_aliquota', 'iva_ridotta', 'status', 'data_creazione',
  'famiglia_sconto', 'multiplo', 'minimo'];

const campi: Campo[] = [
  { nome: 'codice_prodotto', obbligatorio: true, schema: codice, sql: 'text' },
  { nome: 'descrizione1', obbligatorio: true, schema: testo(500), sql: 'text' },
  { nome: 'descrizione2', schema: testo(2000), vuoto: '', sql: 'text' },
  ...LIVELLI.flatMap(([id, nome]): Campo[] => [
    { nome: id, schema: codice, vuoto: '', sql: 'text' },
    { nome, schema: testo(200), vuoto: '', sql: 'text' },
  ]),
  { nome: 'brand_codice', schema: codice, vuoto: '000', sql: 'text' },
  { nome: 'brand_descrizione', schema: testo(200), vuoto: '', sql: 'text' },
  { nome: 'um', schema: testo(10), vuoto: 'PZ', sql: 'text' },
  { nome: 'pz_conf', schema: intero(1, 1_000_000), vuoto: 1, sql: 'int' },
  { nome: 'pz_conf2', schema: intero(1, 1_000_000), vuoto: 1, sql: 'int' },
  // The discount family the clients' chains name (import kind sconti); the pack (shared/confezioni.ts).
  { nome: 'famiglia_sconto', schema: codice, vuoto: null, sql: 'text' },
  { nome: 'multiplo', schema: intero(1, 1_000_000), vuoto: 1, sql: 'int' },
  { nome: 'minimo', schema: intero(1, 1_000_000), vuoto: 1, sql: 'int' },
  { nome: 'iva_aliquota', schema: decimale({ min: 0, max: 100, decimali: 2 }), vuoto: '22.00', sql: 'numeric(5,2)' },
  { nome: 'iva_ridotta', schema: siNo, vuoto: 0, sql: 'smallint' },
  { nome: 'status', schema: intero(0, 32_767), vuoto: 0, sql: 'smallint' },
  { nome: 'data_creazione', schema: data, vuoto: null, sql: 'date' },
  { nome: 'ean', schema: elenco(eanInElenco), vuoto: [], sql: 'text[]' },
  { nome: 'codice_fornitore', schema: elenco(codiceInElenco), vuoto: [], sql: 'text[]' },
  { nome: 'codice_articolo', schema: elenco(codiceInElenco), vuoto: [], sql: 'text[]' },
];

/** Columns the run works out (filled in SQL; NULL when staged). */
const CALCOLATE = [
  { nome: 'categoria_cod', sql: 'text' }, { nome: 'brand_nome', sql: 'text' }, { nome: 'prodotto_id', sql: 'int' },
  { nome: 'riga_diversa', sql: 'boolean' }, { nome: 'codici_diversi', sql: 'text[]' },
];

const haFamiglie = (l: Lavoro) => LIVELLI.some(([id]) => l.presenti.has(id));
const codiciPresenti = (l: Lavoro) => CODICI.filter(([campo]) => l.presenti.has(campo));

/** prodotti's column and its new value over imp_righe s, for the fields present. */
function valori(l: Lavoro): [string, string][] {
  const v: [string, string][] = DIRETTI.filter((c) => l.presenti.has(c)).map((c) => [c, `s.${ident(c)}`]);
  if (l.presenti.has('brand_codice')) v.push(['brand_nome', 's.brand_nome']);
  if (haFamiglie(l)) v.push(['categoria_id', '(SELECT k.id FROM categorie k WHERE k.cod_cat = s.categoria_cod)']);
  return v;
}

/** The deepest family code of the row (the product's category), if the file has family columns. */
function categoriaDi(r: Record<string, unknown>, presenti: string[]): string | null {
  for (const [id] of [...LIVELLI].reverse()) if (presenti.includes(id) && r[id]) return r[id] as string;
  return null;
}

/** Products not named by any row of the file (refused rows included), still shown. */
const FUORI_DAL_FILE = `FROM prodotti p WHERE p.deleted_at IS NULL
  AND NOT EXISTS (SELECT 1 FROM imp_righe s WHERE s.codice_prodotto = p.codice_prodotto)`;

export const articoli: DefinizioneTipo = {
  tipo: 'articoli',
  campi,
  chiave: ['codice_prodotto'],
  completo: true,
  staging(presenti) {
    const usati = campi.filter((c) => presenti.includes(c.nome));
    return {
      colonne: [...usati.map((c) => ({ nome: c.nome, sql: c.sql })), ...CALCOLATE],
      valori: (r): CopyValue[] => [...usati.map((c) => r[c.nome] as CopyValue), categoriaDi(r, presenti), null, null, null, null],
    };
  },
  // Nothing the database could refuse: unknown categories and brands are created.
  verifica: async () => [],
  async classifica(l) {
    if (l.presenti.has('brand_codice')) {
      // One name per brand: the first row that gives one, else the name it has, else its code.
      await l.tx.unsafe(`
        UPDATE imp_righe s SET brand_nome = x.nome FROM (
          SELECT DISTINCT ON (s.brand_codice) s.brand_codice,
            coalesce(${l.presenti.has('brand_descrizione') ? "nullif(s.brand_descrizione, '')," : ''} b.nome,
              CASE WHEN s.brand_codice = '${SENZA_MARCHIO[0]}' THEN '${SENZA_MARCHIO[1]}' ELSE s.brand_codice END) AS nome
          FROM imp_righe s LEFT JOIN brand b ON b.brand_codice = s.brand_codice WHERE s.ok
          ORDER BY s.brand_codice${l.presenti.has('brand_descrizione') ? ", s.brand_descrizione = ''" : ''}, s.riga
        ) x WHERE s.ok AND x.brand_codice = s.brand_codice`);
    }
    const v = valori(l).map(([col, e]): [string, string] => (col === 'categoria_id'
      // By code: a category still to be created has no id yet.
      ? ['categoria_id', 'k.cod_cat'] : [col, e]));
    const riga = v.length
      ? `p.deleted_at IS NOT NULL OR (${v.map(([col, e]) => (col === 'categoria_id' ? e : `p.${ident(col)}`)).join(', ')})
         IS DISTINCT FROM (${v.map(([col, e]) => (col === 'categoria_id' ? 's.categoria_cod' : e)).join(', ')})`
      : 'p.deleted_at IS NOT NULL';
    const tipi = codiciPresenti(l);
    // The product's codes of each kind in the order they were written, read in one index scan.
    const attuali = tipi.length ? `LEFT JOIN LATERAL (
        SELECT ${tipi.map(([, tipo]) => `coalesce(array_agg(pc.codice ORDER BY pc.id) FILTER (WHERE pc.tipo = '${tipo}'), '{}') AS ${tipo}`).join(', ')}
        FROM prodotti_codici pc WHERE pc.prodotto_id = p.id AND pc.tipo IN (${tipi.map(([, tipo]) => `'${tipo}'`).join(', ')})
      ) c ON p.id IS NOT NULL` : '';
    const codici = tipi.map(([campo, tipo]) => `CASE WHEN s.${campo} IS DISTINCT FROM c.${tipo} THEN '${tipo}' END`);
    await l.tx.unsafe(`
      UPDATE imp_righe s SET prodotto_id = x.id, riga_diversa = x.riga_diversa, codici_diversi = x.codici,
        esito = CASE WHEN x.id IS NULL THEN 'nuovo' WHEN x.riga_diversa OR cardinality(x.codici) > 0 THEN 'cambiato' ELSE 'invariato' END
      FROM (
        SELECT s.riga, p.id, ${riga} AS riga_diversa,
          array_remove(ARRAY[${codici.length ? codici.join(', ') : 'NULL'}]::text[], NULL) AS codici
        FROM imp_righe s LEFT JOIN prodotti p ON p.codice_prodotto = s.codice_prodotto
        LEFT JOIN categorie k ON k.id = p.categoria_id
        ${attuali}
        WHERE s.ok
      ) x WHERE x.riga = s.riga`);
    const ritirate = l.completo ? (await l.tx.unsafe<{ n: number }[]>(`SELECT count(*)::int AS n ${FUORI_DAL_FILE}`))[0].n : 0;
    return { ...(await contaEsiti(l.tx)), ritirate };
  },
  async applica(l, c) {
    const { tx } = l;
    // Every product this run updates: changed rows, the withdrawn, the products of renamed brands.
    await bloccaProdotti(tx, [
      "p.id IN (SELECT s.prodotto_id FROM imp_righe s WHERE s.ok AND s.esito = 'cambiato')",
      ...(l.completo ? [`p.id IN (SELECT p.id ${FUORI_DAL_FILE})`] : []),
      ...(l.presenti.has('brand_codice') ? [`p.brand_codice IN (SELECT s.brand_codice FROM imp_righe s JOIN brand b ON b.brand_codice = s.brand_codice
         WHERE s.ok AND s.esito IN ('nuovo', 'cambiato') AND b.nome IS DISTINCT FROM s.brand_nome)`] : []),
    ].join(' OR '));
    const rinominati = l.presenti.has('brand_codice') ? await tx<{ brand_codice: string }[]>`
      INSERT INTO brand (brand_codice, nome)
      SELECT DISTINCT s.brand_codice, s.brand_nome FROM imp_righe s WHERE s.ok AND s.esito IN ('nuovo', 'cambiato')
      ON CONFLICT (brand_codice) DO UPDATE SET nome = excluded.nome WHERE brand.nome IS DISTINCT FROM excluded.nome
      RETURNING brand_codice` : [];
    if (!l.presenti.has('brand_codice') && c.nuove > 0) {
      // New products without a brand column take the column's default, '000', which must exist.
      await tx`INSERT INTO brand (brand_codice, nome) VALUES (${SENZA_MARCHIO[0]}, ${SENZA_MARCHIO[1]}) ON CONFLICT (brand_codice) DO NOTHING`;
    }
    const categorieNuove = haFamiglie(l) ? await creaCategorie(l) : 0;

    const v = valori(l);
    if (c.modificate > 0 && v.length > 0) {
      await tx.unsafe(`
        UPDATE prodotti p SET (${v.map(([col]) => col).join(', ')}, deleted_at, updated_at) = ROW(${v.map(([, e]) => e).join(', ')}, NULL, now())
        FROM imp_righe s WHERE s.ok AND s.esito = 'cambiato' AND s.riga_diversa AND p.id = s.prodotto_id`);
    } else if (c.modificate > 0) {
      await tx`UPDATE prodotti p SET deleted_at = NULL, updated_at = now() FROM imp_righe s
        WHERE s.ok AND s.esito = 'cambiato' AND s.riga_diversa AND p.id = s.prodotto_id`;
    }
    if (c.nuove > 0) {
      await tx.unsafe(`
        WITH nuovi AS (
          INSERT INTO prodotti (codice_prodotto${v.map(([col]) => `, ${col}`).join('')})
          SELECT s.codice_prodotto${v.map(([, e]) => `, ${e}`).join('')} FROM imp_righe s WHERE s.ok AND s.esito = 'nuovo' ORDER BY s.riga
          RETURNING id, codice_prodotto
        )
        UPDATE imp_righe s SET prodotto_id = nuovi.id,
          codici_diversi = ARRAY[${codiciPresenti(l).map(([, tipo]) => `'${tipo}'`).join(', ') || 'NULL'}]::text[]
        FROM nuovi WHERE s.ok AND s.codice_prodotto = nuovi.codice_prodotto`);
    }
    for (const [campo, tipo] of codiciPresenti(l)) {
      await tx.unsafe(`
        DELETE FROM prodotti_codici pc USING imp_righe s
        WHERE s.ok AND s.esito = 'cambiato' AND '${tipo}' = ANY(s.codici_diversi) AND pc.prodotto_id = s.prodotto_id AND pc.tipo = '${tipo}'`);
      await tx.unsafe(`
        INSERT INTO prodotti_codici (prodotto_id, tipo, codice)
        SELECT s.prodotto_id, '${tipo}', u.codice FROM imp_righe s CROSS JOIN LATERAL unnest(s.${campo}) WITH ORDINALITY AS u(codice, n)
        WHERE s.ok AND s.esito IN ('nuovo', 'cambiato') AND '${tipo}' = ANY(s.codici_diversi)
        ORDER BY s.riga, u.n`);
    }
    // A brand's new name reaches its products outside the file too (brand_nome feeds search_doc).
    const altri = rinominati.length ? await tx<{ id: number }[]>`
      UPDATE prodotti p SET brand_nome = b.nome, updated_at = now() FROM brand b
      WHERE b.brand_codice = ANY(${rinominati.map((b) => b.brand_codice)}::text[]) AND p.brand_codice = b.brand_codice
        AND p.brand_nome IS DISTINCT FROM b.nome
      RETURNING p.id` : [];
    const ritirati = l.completo
      ? await tx.unsafe<{ id: number }[]>(`UPDATE prodotti SET deleted_at = now(), updated_at = now() WHERE id IN (SELECT p.id ${FUORI_DAL_FILE}) RETURNING id`)
      : [];
    const toccati = await tx<{ id: number; codice: string; testi: boolean }[]>`
      SELECT prodotto_id AS id, codice_prodotto AS codice, esito = 'nuovo' OR riga_diversa AS testi
      FROM imp_righe WHERE ok AND esito IN ('nuovo', 'cambiato')`;
    const paroleNuove = toccati.filter((t) => t.testi).map((t) => t.codice);
    const [{ catalogo }] = await tx<{ catalogo: number }[]>`SELECT count(*)::int AS catalogo FROM prodotti WHERE deleted_at IS NULL`;
    return {
      ...c,
      prodotti: [...toccati.map((t) => t.id), ...altri.map((a) => a.id), ...ritirati.map((r) => r.id)],
      categorie: categorieNuove > 0,
      paroleNuove,
      vocabolario: paroleNuove.length + altri.length > catalogo * QUOTA_VOCABOLARIO_INTERO,
    };
  },
};

/**
 * Categories for the family codes the tree lacks, top level first, each under the nearest code
 * given above it in its row (the first row naming a code decides its name and parent). Existing
 * categories keep their names and place: those belong to the categorie file and the admin.
 */
async function creaCategorie(l: Lavoro): Promise<number> {
  let create = 0;
  const livelli = LIVELLI.filter(([id]) => l.presenti.has(id));
  for (let i = 0; i < livelli.length; i++) {
    const [id, nome] = livelli[i];
    const sopra = livelli.slice(0, i).reverse().map(([p]) => `nullif(s.${p}, '')`);
    const padre = sopra.length ? `coalesce(${sopra.join(', ')})` : 'NULL::text';
    // The id is drawn first so that the path (the parent's and its own) is written with the row.
    const nuove = await l.tx.unsafe<{ id: number }[]>(`
      INSERT INTO categorie (id, cod_cat, nome, livello, parent_id, path_ids)
      SELECT x.id, x.cod_cat, x.nome, x.livello, x.parent_id, x.percorso || x.id
      FROM (
        SELECT nextval(pg_get_serial_sequence('categorie', 'id'))::int AS id, y.* FROM (
          SELECT DISTINCT ON (s.${id}) s.${id} AS cod_cat,
            ${l.presenti.has(nome) ? `coalesce(nullif(s.${nome}, ''), s.${id})` : `s.${id}`} AS nome,
            coalesce(pc.livello + 1, 0) AS livello, pc.id AS parent_id, coalesce(pc.path_ids, '{}') AS percorso
          FROM imp_righe s LEFT JOIN categorie pc ON pc.cod_cat = ${padre}
          WHERE s.ok AND s.esito IN ('nuovo', 'cambiato') AND s.${id} <> ''
            AND NOT EXISTS (SELECT 1 FROM categorie c WHERE c.cod_cat = s.${id})
          ORDER BY s.${id}, s.riga
        ) y
      ) x
      RETURNING id`);
    create += nuove.length;
  }
  return create;
}
