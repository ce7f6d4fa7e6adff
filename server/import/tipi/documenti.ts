/**
 * Documents from the ERP in bulk (docs/import.md#documenti, docs/regole/documenti.md): a ZIP of a
 * sheet whose rows are the push's fields plus `file` (the PDF's path in the ZIP) and `xml` (the
 * FatturaPA's), and those files. A row is refused like any other kind's, with its line: its fields,
 * its client and orders (a document names only its own client's orders), a file missing from the
 * ZIP or not what its bytes must be (file-documento.ts, the push's rules and limits). The good rows
 * are written set-based, each document whole, replacing the one with the same company, type,
 * number and year; one sent again with the same fields and files (documenti.impronta) is unchanged.
 * Files are stored under new keys before their rows name them; the engine lets go of them if the
 * run does not commit, and of the replaced ones once it has.
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import { MAX_RIFERIMENTI, MAX_XML_BYTES, MSG_DOCUMENTI } from '../../../shared/documenti.js';
import { TIPI_DOCUMENTO_ERP } from '../../../shared/documenti-costanti.js';
import { righeDdtCampo } from '../../../shared/resi.js';
import { ETICHETTE_STATO_RESO, MSG_RESI, type StatoReso } from '../../../shared/resi-costanti.js';
import { MAX_DOCUMENTO_BYTES } from '../../../shared/upload.js';
import { ePdf, improntaDocumento, leggiFileFatturaPa } from '../../documenti/file-documento.js';
import { PREFISSO_DOCUMENTI } from '../../documenti/push.service.js';
import { CHIUDIBILI_DA_NOTA, chiudiDaNote } from '../../resi/resi.service.js';
import type { DefinizioneTipo, ErroreRiga, Lavoro } from '../definizione.js';
import { FileTroppoGrande, type Pacchetto } from '../lettura/pacchetto.js';
import type { Cella } from '../lettura/tipi.js';
import { contaEsiti, scarta } from '../staging.js';
import { codice, data, decimale, testo } from '../valori.js';
import { risolviCliente } from './comune.js';

const tipo = z.custom<Cella>().transform((v, ctx) => {
  const s = String(v).toUpperCase();
  if ((TIPI_DOCUMENTO_ERP as readonly string[]).includes(s)) return s;
  ctx.addIssue({ code: 'custom', message: `tipo non valido: usare ${TIPI_DOCUMENTO_ERP.join(', ')}` });
  return z.NEVER;
});

/** A list in one cell, separated by commas as the push writes it (or '|' as other kinds' lists). */
const voci = (v: Cella) => [...new Set(String(v).split(/[,|]/).map((s) => s.trim()).filter(Boolean))];
const troppe = `al massimo ${MAX_RIFERIMENTI} voci`;

/** Portal order ids, in order (compared with the document's as a set). */
const ordini = z.custom<Cella>().transform((v, ctx) => {
  const ids = voci(v);
  const errata = ids.find((s) => !/^\d{1,10}$/.test(s) || Number(s) < 1 || Number(s) > 2_147_483_647);
  if (errata !== undefined) ctx.addIssue({ code: 'custom', message: `'${errata}' non è il numero di un ordine del portale` });
  else if (ids.length > MAX_RIFERIMENTI) ctx.addIssue({ code: 'custom', message: troppe });
  else return ids.map(Number).sort((a, b) => a - b);
  return z.NEVER;
});

const numeriDdt = z.custom<Cella>().transform((v, ctx) => {
  const n = voci(v);
  const errato = n.find((s) => s.length > 40 || /[\u0000-\u001f\u007f]/.test(s));
  if (errato !== undefined) ctx.addIssue({ code: 'custom', message: `numero di DDT non valido: '${errato.slice(0, 50)}'` });
  else if (n.length > MAX_RIFERIMENTI) ctx.addIssue({ code: 'custom', message: troppe });
  else return n;
  return z.NEVER;
});

/** RMA numbers a credit note credits (shared/documenti.ts `resi`), as the push takes them. */
const numeriRma = z.custom<Cella>().transform((v, ctx) => {
  const n = voci(v);
  const errato = n.find((s) => s.length > 40 || /[\u0000-\u001f\u007f]/.test(s));
  if (errato !== undefined) ctx.addIssue({ code: 'custom', message: `numero RMA non valido: '${errato.slice(0, 50)}'` });
  else if (n.length > MAX_RIFERIMENTI) ctx.addIssue({ code: 'custom', message: troppe });
  else return n;
  return z.NEVER;
});

/** A DDT's lines: the push's JSON array (shared/resi.ts rigaDdt), kept as JSON for scrivi_righe_ddt. */
const righe = z.custom<Cella>().transform((v, ctx) => {
  const r = righeDdtCampo.safeParse(String(v));
  if (r.success) return JSON.stringify(r.data);
  const e = r.error.issues[0]!;
  ctx.addIssue({ code: 'custom', message: `${e.path.length > 0 ? `righe.${e.path.join('.')}: ` : ''}${e.message}` });
  return z.NEVER;
});

const importo = decimale({ min: -999_999_999_999.99, max: 999_999_999_999.99, decimali: 2 });
/** A file's path in the ZIP. */
const percorso = testo(500);

/** The staging row's (alias `s`) document: same company, type, number and year (documenti_numero_uq). */
const stessoNumero = (s: string) => `d.azienda_codice = ${s}.azienda_codice AND d.tipo = ${s}.tipo AND d.numero = ${s}.numero AND d.anno = ${s}.anno`;
const DA_SCRIVERE = `s.ok AND s.esito IN ('nuovo', 'cambiato')`;

export const documenti: DefinizioneTipo = {
  tipo: 'documenti',
  pacchetto: true,
  campi: [
    { nome: 'tipo', obbligatorio: true, schema: tipo, sql: 'text' },
    { nome: 'numero', obbligatorio: true, schema: testo(40), sql: 'text' },
    // Text (yyyy-mm-dd): a refused row is staged with its key as written.
    { nome: 'data', obbligatorio: true, schema: data, sql: 'text' },
    { nome: 'azienda_codice', obbligatorio: true, schema: codice, sql: 'text' },
    { nome: 'cliente_codice', obbligatorio: true, schema: codice, sql: 'text' },
    { nome: 'imponibile', obbligatorio: true, schema: importo, sql: 'numeric(14,2)' },
    { nome: 'iva', obbligatorio: true, schema: importo, sql: 'numeric(14,2)' },
    { nome: 'totale', obbligatorio: true, schema: importo, sql: 'numeric(14,2)' },
    { nome: 'ordini', schema: ordini, vuoto: [], sql: 'int[]' },
    { nome: 'ddt', schema: numeriDdt, vuoto: [], sql: 'text[]' },
    { nome: 'file', obbligatorio: true, schema: percorso, sql: 'text' },
    { nome: 'xml', schema: percorso, vuoto: null, sql: 'text' },
    { nome: 'righe', schema: righe, vuoto: null, sql: 'jsonb' },
    { nome: 'resi', schema: numeriRma, vuoto: [], sql: 'text[]' },
  ],
  chiave: ['azienda_codice', 'tipo', 'numero', 'data'],
  // Every column, present or not: a document is replaced whole, so a missing optional column means none.
  staging(presenti) {
    const vuoti: Record<string, unknown> = { ordini: [], ddt: [], xml: null, righe: null, resi: [] };
    return {
      colonne: [
        ...documenti.campi.map((c) => ({ nome: c.nome, sql: c.sql })),
        // The year of a valid row's date (a refused row's date may be no date at all).
        { nome: 'anno', sql: 'smallint' },
        { nome: 'cliente_id', sql: 'int' }, { nome: 'documento_id', sql: 'int' }, { nome: 'impronta', sql: 'text' },
        { nome: 'chiave_pdf', sql: 'text' }, { nome: 'chiave_xml', sql: 'text' },
        // The FatturaPA's page, read once when its file is judged (giudicaFile), written with the row.
        { nome: 'fatturapa', sql: 'jsonb' },
      ],
      valori: (r) => [
        ...documenti.campi.map((c) => (presenti.includes(c.nome) ? r[c.nome] : vuoti[c.nome]) as string | number[] | null),
        Number(String(r.data).slice(0, 4)), null, null, null, null, null, null,
      ],
    };
  },
  async verifica(l) {
    const errori = [...(await ripetuti(l)), ...(await risolviCliente(l))];
    errori.push(...(await scarta(l, `s.tipo = 'DDT' AND s.xml IS NOT NULL`, 'xml', MSG_DOCUMENTI.xmlSoloFatture)));
    errori.push(...(await scarta(l, `s.tipo = 'DDT' AND cardinality(s.ddt) > 0`, 'ddt', MSG_DOCUMENTI.ddtSoloFatture)));
    errori.push(...(await scarta(l, `s.tipo <> 'DDT' AND s.righe IS NOT NULL`, 'righe', MSG_DOCUMENTI.righeSoloDdt)));
    errori.push(...(await scarta(l, `s.tipo <> 'NOTA_CREDITO' AND cardinality(s.resi) > 0`, 'resi', MSG_DOCUMENTI.resiSoloNote)));
    errori.push(...(await ordiniAltrui(l)));
    errori.push(...(await resiNonChiudibili(l)));
    errori.push(...(await giudicaFile(l)));
    return errori;
  },
  async classifica(l) {
    await l.tx.unsafe(`
      UPDATE imp_righe s SET documento_id = d.id, esito = CASE
          WHEN d.id IS NULL THEN 'nuovo'
          WHEN (to_char(d.data, 'YYYY-MM-DD'), d.cliente_id, d.imponibile, d.iva, d.totale, d.ddt, d.impronta,
                coalesce((SELECT array_agg(o.ordine_id ORDER BY o.ordine_id) FROM documenti_ordini o WHERE o.documento_id = d.id), '{}'))
            IS NOT DISTINCT FROM (s.data, s.cliente_id, s.imponibile, s.iva, s.totale, s.ddt, s.impronta, s.ordini)
            -- A DDT's lines as the ERP sent them (issue 39): other lines, or none where there were, change it.
            AND (d.tipo <> 'DDT' OR coalesce(s.righe, '[]'::jsonb) = (
              SELECT coalesce(jsonb_agg(jsonb_strip_nulls(jsonb_build_object('codice_prodotto', r.codice_prodotto, 'descrizione', r.descrizione,
                'quantita', r.quantita, 'unita', r.unita, 'lotto', r.lotto)) ORDER BY r.riga), '[]'::jsonb)
              FROM documenti_righe r WHERE r.documento_id = d.id AND NOT r.da_ordine))
            -- A credit note's returns: every RMA it names already closed by it (a new one to close changes it).
            AND NOT EXISTS (SELECT 1 FROM unnest(s.resi) n(numero)
              WHERE NOT EXISTS (SELECT 1 FROM resi r WHERE r.cliente_id = s.cliente_id AND r.numero = n.numero AND r.nota_credito_id = d.id)) THEN 'invariato'
          ELSE 'cambiato' END
      FROM imp_righe x LEFT JOIN documenti d ON ${stessoNumero('x')}
      WHERE s.ok AND x.riga = s.riga`);
    return { ...(await contaEsiti(l.tx)), ritirate: 0 };
  },
  async applica(l, c) {
    await salvaFile(l);
    // The replaced rows' files, locked so that a push of the same number waits for this run.
    const vecchi = await l.tx.unsafe<{ pdf: string; xml: string | null }[]>(`
      SELECT d.pdf, d.xml FROM documenti d JOIN imp_righe s ON s.documento_id = d.id
      WHERE ${DA_SCRIVERE} ORDER BY d.id FOR UPDATE OF d`);
    l.file.sostituiti.push(...vecchi.flatMap((v) => (v.xml ? [v.pdf, v.xml] : [v.pdf])));
    await l.tx.unsafe(`
      INSERT INTO documenti (tipo, numero, data, azienda_codice, cliente_id, imponibile, iva, totale, ddt, pdf, xml, fatturapa, impronta, token_id, importazione_id)
      SELECT s.tipo, s.numero, s.data::date, s.azienda_codice, s.cliente_id, s.imponibile, s.iva, s.totale, s.ddt,
        s.chiave_pdf, s.chiave_xml, s.fatturapa, s.impronta, NULL, $1
      FROM imp_righe s WHERE ${DA_SCRIVERE} ORDER BY s.riga
      ON CONFLICT (azienda_codice, tipo, anno, numero) DO UPDATE SET
        data = excluded.data, cliente_id = excluded.cliente_id, imponibile = excluded.imponibile, iva = excluded.iva,
        totale = excluded.totale, ddt = excluded.ddt, pdf = excluded.pdf, xml = excluded.xml, fatturapa = excluded.fatturapa,
        impronta = excluded.impronta, token_id = NULL, importazione_id = excluded.importazione_id, ricevuto_at = now()`, [l.id]);
    await l.tx.unsafe(`UPDATE imp_righe s SET documento_id = d.id FROM documenti d WHERE ${DA_SCRIVERE} AND ${stessoNumero('s')}`);
    await l.tx.unsafe(`DELETE FROM documenti_ordini o USING imp_righe s WHERE ${DA_SCRIVERE} AND o.documento_id = s.documento_id`);
    await l.tx.unsafe(`
      INSERT INTO documenti_ordini (documento_id, ordine_id)
      SELECT s.documento_id, unnest(s.ordini) FROM imp_righe s WHERE ${DA_SCRIVERE}`);
    // A DDT's lines, or its orders' lines when it came without (shared with the push: scrivi_righe_ddt).
    await l.tx.unsafe(`SELECT scrivi_righe_ddt(s.documento_id, s.righe) FROM imp_righe s WHERE ${DA_SCRIVERE} AND s.tipo = 'DDT' ORDER BY s.riga`);
    // The returns each credit note names close with it linked, as the push closes them (checked in verifica, locked since).
    const note = await l.tx.unsafe<{ nota_id: number; cliente_id: number; resi: string[] }[]>(`
      SELECT s.documento_id AS nota_id, s.cliente_id, s.resi FROM imp_righe s
      WHERE ${DA_SCRIVERE} AND s.tipo = 'NOTA_CREDITO' AND cardinality(s.resi) > 0 ORDER BY s.riga`);
    await chiudiDaNote(l.db, note.map((n) => ({ notaId: n.nota_id, clienteId: n.cliente_id, numeri: n.resi })), l.media!.urlPortale);
    return { ...c, prodotti: [], categorie: false, paroleNuove: [], vocabolario: false };
  },
};

/** The same company, type, number and year as an earlier row (the engine's own check sees only the same date). */
async function ripetuti(l: Lavoro): Promise<ErroreRiga[]> {
  const righe = await l.tx<{ riga: number; prima: number; valore: string }[]>`
    UPDATE imp_righe s SET ok = false FROM (
      SELECT s.riga, min(p.riga) AS prima FROM imp_righe s JOIN imp_righe p
        ON p.ok AND p.riga < s.riga AND p.azienda_codice = s.azienda_codice AND p.tipo = s.tipo AND p.numero = s.numero
          AND p.anno = s.anno
      WHERE s.ok GROUP BY s.riga) x
    WHERE s.riga = x.riga
    RETURNING s.riga, x.prima, s.numero AS valore`;
  return righe.map((r) => ({
    riga: r.riga, colonna: l.nomi.get('numero') ?? 'numero', valore: r.valore,
    messaggio: `ripetuto: stesso tipo, numero e anno della riga ${r.prima}`,
  }));
}

/** Rows naming an order that is not their client's (the first such order). */
async function ordiniAltrui(l: Lavoro): Promise<ErroreRiga[]> {
  const righe = await l.tx<{ riga: number; ordine: number }[]>`
    UPDATE imp_righe s SET ok = false FROM (
      SELECT s.riga, min(o.id) AS ordine FROM imp_righe s, unnest(s.ordini) o(id)
      WHERE s.ok AND NOT EXISTS (SELECT 1 FROM ordini x WHERE x.id = o.id AND x.cliente_id = s.cliente_id)
      GROUP BY s.riga) x
    WHERE s.riga = x.riga
    RETURNING s.riga, x.ordine`;
  return righe.map((r) => ({ riga: r.riga, colonna: l.nomi.get('ordini') ?? 'ordini', valore: String(r.ordine), messaggio: MSG_DOCUMENTI.ordineNonDelCliente(r.ordine) }));
}

/**
 * Credit notes naming an RMA that is not one of their client's returns, or a return that a credit
 * note cannot close (refused, cancelled, still to decide, or closed by another note): refused with
 * the push's words (the first such number). The returns named are locked here until the run
 * commits, so that a staff step between the check and the writing cannot slip in.
 */
async function resiNonChiudibili(l: Lavoro): Promise<ErroreRiga[]> {
  const righe = await l.tx<{ riga: number; numero: string; stato: StatoReso | null }[]>`
    WITH nominati AS (
      SELECT s.riga, n.numero, n.i, r.id, r.stato, r.nota_credito_id, d.id AS nota_id
      FROM imp_righe s CROSS JOIN LATERAL unnest(s.resi) WITH ORDINALITY n(numero, i)
      LEFT JOIN resi r ON r.cliente_id = s.cliente_id AND r.numero = n.numero
      LEFT JOIN documenti d ON ${l.tx.unsafe(stessoNumero('s'))}
      WHERE s.ok AND s.tipo = 'NOTA_CREDITO'),
    bloccati AS (SELECT r.id FROM resi r WHERE r.id IN (SELECT id FROM nominati) ORDER BY r.id FOR NO KEY UPDATE),
    errate AS (
      SELECT DISTINCT ON (x.riga) x.riga, x.numero, x.stato FROM nominati x
      -- Names the lock's CTE, which Postgres otherwise never runs.
      WHERE (SELECT count(*) FROM bloccati) >= 0
        AND (x.id IS NULL OR NOT (x.stato = ANY(${CHIUDIBILI_DA_NOTA}) OR coalesce(x.stato = 'chiuso' AND x.nota_credito_id = x.nota_id, false)))
      ORDER BY x.riga, x.i)
    UPDATE imp_righe s SET ok = false FROM errate e WHERE s.riga = e.riga
    RETURNING s.riga, e.numero, e.stato`;
  return righe.map((r) => ({
    riga: r.riga, colonna: l.nomi.get('resi') ?? 'resi', valore: r.numero,
    messaggio: r.stato === null ? MSG_RESI.rmaSconosciuto(r.numero) : MSG_RESI.rmaNonChiudibile(r.numero, ETICHETTE_STATO_RESO[r.stato]),
  }));
}

/** A row's file taken out of the ZIP, or why it cannot be (missing, over its limit). */
async function estrai(p: Pacchetto, nome: string, max: number): Promise<string | { errore: string }> {
  try {
    return (await p.estrai(nome, max)) ?? { errore: 'file non presente tra quelli inviati (nello ZIP o negli allegati)' };
  } catch (err) {
    if (err instanceof FileTroppoGrande) return { errore: err.message };
    throw err;
  }
}

/**
 * Each remaining row's files, taken out one at a time and judged by their bytes; a good row gets
 * its files' print (documenti.impronta) and its FatturaPA's page, read here once (the page shows
 * it from the row), a bad one is refused with the column and file at fault.
 */
async function giudicaFile(l: Lavoro): Promise<ErroreRiga[]> {
  const p = l.pacchetto!;
  const righe = await l.tx<{ riga: number; file: string; xml: string | null }[]>`SELECT riga, file, xml FROM imp_righe WHERE ok ORDER BY riga`;
  const errori: ErroreRiga[] = [];
  let buone: [number[], string[], (string | null)[]] = [[], [], []];
  // Written a hundred rows at a time: the pages read are not all held until the end.
  const scrivi = async () => {
    await l.tx`
      UPDATE imp_righe s SET impronta = x.impronta, fatturapa = x.fatturapa::jsonb
      FROM unnest(${buone[0]}::int[], ${buone[1]}::text[], ${buone[2]}::text[]) x(riga, impronta, fatturapa)
      WHERE s.riga = x.riga`;
    buone = [[], [], []];
  };
  for (const r of righe) {
    const presi: string[] = [];
    const prendi = async (campo: 'file' | 'xml', nome: string, max: number, giudica: (f: string) => Promise<string | undefined>) => {
      const f = await estrai(p, nome, max);
      if (typeof f === 'string') presi.push(f);
      const errore = typeof f !== 'string' ? f.errore : await giudica(f);
      if (errore) errori.push({ riga: r.riga, colonna: l.nomi.get(campo) ?? campo, valore: nome, messaggio: errore });
      return errore ? undefined : (f as string);
    };
    try {
      const pdf = await prendi('file', r.file, MAX_DOCUMENTO_BYTES, async (f) => ((await ePdf(f)) ? undefined : MSG_DOCUMENTI.nonPdf));
      let vista: string | null = null;
      const xml = pdf && r.xml
        ? await prendi('xml', r.xml, MAX_XML_BYTES, async (f) => {
          const v = await leggiFileFatturaPa(f);
          if ('errore' in v) return v.errore;
          vista = JSON.stringify(v);
          return undefined;
        })
        : undefined;
      if (pdf && (xml || !r.xml)) {
        buone[0].push(r.riga);
        buone[1].push(await improntaDocumento(pdf, xml));
        buone[2].push(vista);
      }
    } finally {
      for (const f of presi) await p.rilascia(f);
    }
    if (buone[0].length >= 100) await scrivi();
  }
  await scrivi();
  const rifiutate = [...new Set(errori.map((e) => e.riga))];
  await l.tx`UPDATE imp_righe SET ok = false WHERE riga = ANY(${rifiutate}::int[])`;
  return errori;
}

/** The files of the rows to write, stored under new keys (recorded for the engine) before any row names them. */
async function salvaFile(l: Lavoro): Promise<void> {
  const p = l.pacchetto!;
  const { archivio } = l.media!;
  const righe = await l.tx.unsafe<{ riga: number; file: string; xml: string | null }[]>(
    `SELECT s.riga, s.file, s.xml FROM imp_righe s WHERE ${DA_SCRIVERE} ORDER BY s.riga`);
  const chiavi: [number[], string[], (string | null)[]] = [[], [], []];
  for (const r of righe) {
    const salva = async (nome: string, max: number, ext: string) => {
      const f = await p.estrai(nome, max);
      if (!f) throw new Error(`${nome} non è più nello ZIP`);
      const chiave = `${PREFISSO_DOCUMENTI}/${crypto.randomUUID()}.${ext}`;
      try {
        l.file.scritti.push(chiave);
        await archivio.salvaFile(chiave, f);
      } finally {
        await p.rilascia(f);
      }
      return chiave;
    };
    chiavi[0].push(r.riga);
    chiavi[1].push(await salva(r.file, MAX_DOCUMENTO_BYTES, 'pdf'));
    chiavi[2].push(r.xml ? await salva(r.xml, MAX_XML_BYTES, 'xml') : null);
  }
  await l.tx`
    UPDATE imp_righe s SET chiave_pdf = x.pdf, chiave_xml = x.xml
    FROM unnest(${chiavi[0]}::int[], ${chiavi[1]}::text[], ${chiavi[2]}::text[]) x(riga, pdf, xml)
    WHERE s.riga = x.riga`;
}
