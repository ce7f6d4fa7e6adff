/**
 * A large deterministic order history for the statistics bench (docs/regole/generale.md#performance-budgets: ordini/stats on
 * 200,000 orders, ~2,000,000 lines): 2,000 clients of a company of its own ('9900'), orders from
 * 2023 to 2025 (a few refused by the ERP), about 10 lines each with products and clients skewed
 * towards a popular few, as real orders are. Loaded with COPY and indexes rebuilt once, then the
 * statistics rollups built set-based. Skipped when the company exists (it commits with the rest).
 */
import type postgres from 'postgres';
import { resumeAfterBulkLoad, suspendForBulkLoad } from './bulk-mode.js';
import { PhaseTimes } from './catalog-loader.js';
import { copyRows, syncSequence } from '../server/db/copy.js';
import { mulberry32 } from './prng.js';

export const AZIENDA_STORICO = '9900';
const SEED = 20_230_101;
const CLIENTI = 2_000;
const DA = Date.UTC(2023, 0, 1);
const A = Date.UTC(2026, 0, 1);

export interface StoricoOptions {
  /** Orders to load, e.g. 200000. */
  ordini: number;
}

export interface StoricoResult { added: number; lines: number; times: PhaseTimes }

const millsToText = (m: number) => `${m < 0 ? '-' : ''}${Math.floor(Math.abs(m) / 1000)}.${String(Math.abs(m) % 1000).padStart(3, '0')}`;

export async function seedStoricoOrdini(sql: postgres.Sql, opts: StoricoOptions): Promise<StoricoResult> {
  const times = new PhaseTimes();
  const [{ present }] = await sql<{ present: boolean }[]>`select exists (select 1 from aziende where codice = ${AZIENDA_STORICO}) as present`;
  if (present) return { added: 0, lines: 0, times };

  const prodotti = await sql<{ id: number; codice: string; titolo: string; prezzo: string }[]>`
    select p.id, p.codice_prodotto as codice, coalesce(nullif(p.titolo_portale, ''), p.descrizione1) as titolo,
      coalesce(lp.prezzo, 0)::text as prezzo
    from prodotti p left join prodotti_prezzi lp on lp.prodotto_id = p.id and lp.listino = 1
    where p.deleted_at is null order by p.id`;
  const prezzoMills = prodotti.map((p) => Math.round(Number(p.prezzo) * 1000));

  // Every draw from one stream in a fixed order: the same history on every run.
  const r = mulberry32(SEED);
  const n = opts.ordini;
  const clienteDi = new Int32Array(n);
  const inizio = new Int32Array(n + 1);
  const righeProd: number[] = [];
  const righeQt: number[] = [];
  const totali = new Float64Array(n);
  const rifiutato = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    clienteDi[i] = Math.floor(CLIENTI * r() ** 2);
    rifiutato[i] = r() < 0.02 ? 1 : 0;
    inizio[i] = righeProd.length;
    const k = 5 + Math.floor(r() * 11);
    const scelti = new Set<number>();
    let totale = 0;
    while (scelti.size < k) {
      const p = Math.floor(prodotti.length * r() ** 3);
      if (scelti.has(p)) continue;
      scelti.add(p);
      const qt = 1 + Math.floor(r() * 10);
      righeProd.push(p);
      righeQt.push(qt);
      totale += Math.round(prezzoMills[p]! * 0.9) * qt;
    }
    totali[i] = totale;
  }
  inizio[n] = righeProd.length;

  await sql.begin(async (tx) => {
    await tx`insert into aziende (codice, ragione_sociale) values (${AZIENDA_STORICO}, 'Storico ordini (benchmark)')`;
    const clienti = await tx<{ id: number; codice: string; nome: string }[]>`
      insert into clienti (azienda_codice, codice, ragione_sociale, email)
      select ${AZIENDA_STORICO}, 'S' || lpad(g::text, 5, '0'), 'Ferramenta Storica ' || g || ' S.r.l.', 'storico' || g || '@bench.local'
      from generate_series(1, ${CLIENTI}) g
      returning id, codice, ragione_sociale as nome`;
    clienti.sort((a, b) => a.codice.localeCompare(b.codice));
    // Nobody logs in as this user: the hash matches no password.
    const [utente] = await tx<{ id: number }[]>`
      insert into utenti (codice, username, password_hash, nome, cognome, tipologia_account)
      values ('U-STORICO', 'storico@bench.local', '!', 'Storico', 'Benchmark', 'cliente') returning id`;
    const [{ ordine0, riga0 }] = await tx<{ ordine0: number; riga0: number }[]>`
      select coalesce((select max(id) from ordini), 0) + 1 as ordine0, coalesce((select max(id) from ordini_righe), 0) + 1 as riga0`;

    const sospeso = await suspendForBulkLoad(tx, ['ordini', 'ordini_righe']);
    const span = (A - DA) / n;
    await times.time('copy ordini', () => copyRows(tx, 'ordini',
      ['id', 'utente_id', 'cliente_id', 'azienda_codice', 'cliente_codice', 'utente_codice', 'cliente_nome', 'azienda_nome',
        'utente_nome', 'nome', 'note', 'response_code', 'response_status', 'totale', 'created_at', 'erp_stato'],
      (function* () {
        for (let i = 0; i < n; i++) {
          const c = clienti[clienteDi[i]!]!;
          // In time order, within business hours (07–17 UTC).
          const t = new Date(DA + Math.floor(i * span));
          t.setUTCHours(7 + (i % 10), (i * 7) % 60, (i * 13) % 60);
          yield [ordine0 + i, utente!.id, c.id, AZIENDA_STORICO, c.codice, 'U-STORICO', c.nome, 'Storico ordini (benchmark)',
            'Storico Benchmark', '', '', rifiutato[i] ? '500' : '201', rifiutato[i] ? 'Fido del cliente superato' : 'Confermato',
            millsToText(totali[i]!), t, 'precedente'];
        }
      })()));
    await times.time('copy ordini_righe', () => copyRows(tx, 'ordini_righe',
      ['id', 'ordine_id', 'prodotto_id', 'codice_prodotto', 'prodotto_nome', 'qt', 'qt_in_arrivo', 'prezzo', 'prezzo_reale'],
      (function* () {
        for (let i = 0; i < n; i++) {
          for (let j = inizio[i]!; j < inizio[i + 1]!; j++) {
            const p = prodotti[righeProd[j]!]!;
            const lordo = prezzoMills[righeProd[j]!]!;
            yield [riga0 + j, ordine0 + i, p.id, p.codice, p.titolo, righeQt[j]!, 0, millsToText(lordo), millsToText(Math.round(lordo * 0.9))];
          }
        }
      })()));
    await resumeAfterBulkLoad(tx, sospeso, (phase, fn) => times.time(phase, fn));
    for (const t of ['ordini', 'ordini_righe']) await syncSequence(tx, t);
    await times.time('statistiche', () => tx`select ricalcola_statistiche()`);
  });
  return { added: n, lines: righeProd.length, times };
}
