/**
 * The clients' discount chains (sconti_clienti, docs/regole/catalogo.md#net-price): company,
 * client, either a discount family (`famiglia_sconto`) or a product (`codice_prodotto`), and the
 * chain `sconti` (`40+10+5`, shared/sconti.ts, the portal's one parser). An empty chain removes
 * the client's chain for that family or product. The factor is computed here, once, so that the
 * price SQL only multiplies. Read live by every price, never cached: nothing to forget afterwards.
 */
import { z } from 'zod';
import { parseSconti } from '../../../shared/sconti.js';
import type { DefinizioneTipo } from '../definizione.js';
import type { Cella } from '../lettura/tipi.js';
import { contaEsiti, scarta } from '../staging.js';
import { codice } from '../valori.js';
import { campiPresenti } from './comune.js';

/** A chain cell, parsed: its text as stored and its factor. */
const catena = z.custom<Cella>().transform((v, ctx) => {
  const c = parseSconti(v instanceof Date ? '' : String(v));
  if (c.ok) return { sconti: c.sconti, fattore: c.fattore };
  ctx.addIssue({ code: 'custom', message: c.messaggio });
  return z.NEVER;
});

/** The row's chain in the table, matched by client and by its product or its family (exactly one is set). */
const STESSA_CATENA = `t.cliente_id = s.cliente_id AND (t.prodotto_id = s.prodotto_id OR t.famiglia_sconto = s.famiglia_sconto)`;

export const sconti: DefinizioneTipo = {
  tipo: 'sconti',
  campi: [
    { nome: 'azienda_codice', obbligatorio: true, schema: codice, sql: 'text' },
    { nome: 'cliente_codice', obbligatorio: true, schema: codice, sql: 'text' },
    { nome: 'famiglia_sconto', schema: codice, vuoto: null, sql: 'text' },
    { nome: 'codice_prodotto', schema: codice, vuoto: null, sql: 'text' },
    { nome: 'sconti', obbligatorio: true, schema: catena, vuoto: null, sql: 'text' },
  ],
  chiave: ['azienda_codice', 'cliente_codice', 'famiglia_sconto', 'codice_prodotto'],
  staging(presenti) {
    // Both target columns always exist in the staging (NULL when the file lacks one), so the SQL below is one.
    const p = campiPresenti(sconti, presenti.filter((n) => n !== 'sconti' && n !== 'famiglia_sconto' && n !== 'codice_prodotto'));
    return {
      colonne: [...p.colonne, { nome: 'famiglia_sconto', sql: 'text' }, { nome: 'codice_prodotto', sql: 'text' },
        { nome: 'sconti', sql: 'text' }, { nome: 'fattore', sql: 'numeric' }, { nome: 'cliente_id', sql: 'int' }, { nome: 'prodotto_id', sql: 'int' }],
      valori: (r) => {
        const c = r.sconti as { sconti: string; fattore: string } | null | undefined;
        return [...p.valori(r), (r.famiglia_sconto as string | null | undefined) ?? null, (r.codice_prodotto as string | null | undefined) ?? null,
          c?.sconti ?? null, c?.fattore ?? null, null, null];
      },
    };
  },
  async verifica(l) {
    await l.tx`
      UPDATE imp_righe s SET cliente_id = c.id FROM clienti c
      WHERE c.azienda_codice = s.azienda_codice AND c.codice = s.cliente_codice`;
    await l.tx`UPDATE imp_righe s SET prodotto_id = p.id FROM prodotti p WHERE p.codice_prodotto = s.codice_prodotto`;
    const colonnaDestinazione = l.presenti.has('codice_prodotto') ? 'codice_prodotto' : 'famiglia_sconto';
    return [
      ...(await scarta(l, 's.cliente_id IS NULL', 'cliente_codice', 'cliente sconosciuto in questa azienda')),
      ...(await scarta(l, 's.famiglia_sconto IS NULL AND s.codice_prodotto IS NULL', colonnaDestinazione,
        'manca la famiglia di sconto o il codice prodotto a cui applicare gli sconti')),
      ...(await scarta(l, 's.famiglia_sconto IS NOT NULL AND s.codice_prodotto IS NOT NULL', 'codice_prodotto',
        'la riga indica sia una famiglia di sconto sia un prodotto: una riga per ciascuno')),
      ...(await scarta(l, 's.codice_prodotto IS NOT NULL AND s.prodotto_id IS NULL', 'codice_prodotto', 'prodotto sconosciuto')),
    ];
  },
  async classifica(l) {
    await l.tx.unsafe(`
      UPDATE imp_righe s SET esito = CASE
          WHEN t.sconti IS NOT DISTINCT FROM s.sconti THEN 'invariato'
          WHEN t.sconti IS NULL THEN 'nuovo'
          WHEN s.sconti IS NULL THEN 'ritirato'
          ELSE 'cambiato' END
      FROM imp_righe x LEFT JOIN sconti_clienti t ON ${STESSA_CATENA.replaceAll('s.', 'x.')}
      WHERE s.ok AND x.riga = s.riga`);
    const [r] = await l.tx<{ n: number }[]>`SELECT count(*)::int AS n FROM imp_righe WHERE ok AND esito = 'ritirato'`;
    return { ...(await contaEsiti(l.tx)), ritirate: r!.n };
  },
  async applica(l, c) {
    await l.tx.unsafe(`
      DELETE FROM sconti_clienti t USING imp_righe s
      WHERE s.ok AND s.esito IN ('ritirato', 'cambiato') AND ${STESSA_CATENA}`);
    await l.tx`
      INSERT INTO sconti_clienti (cliente_id, famiglia_sconto, prodotto_id, sconti, fattore)
      SELECT s.cliente_id, s.famiglia_sconto, s.prodotto_id, s.sconti, s.fattore FROM imp_righe s
      WHERE s.ok AND s.esito IN ('nuovo', 'cambiato')`;
    return { ...c, prodotti: [], categorie: false, paroleNuove: [], vocabolario: false };
  },
};
