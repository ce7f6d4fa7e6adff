/**
 * The demo's sales agent (docs/regole/agenti.md): Paolo Bianchi, agent A01, with Mario's client,
 * Giulia's two clients and 40 generated customers (the large generator's clients 12 to 51, so the
 * same names on every run) whose orders over the last two years he placed for them, so that the
 * portfolio's figures mean something: sales this year against last year's, some customers without
 * an order for months, credit lines and overdue items for a third of them, and his commissions.
 */
import type postgres from 'postgres';
import { copyObjects, syncSequence } from '../server/db/copy.js';
import { generateCliente } from './anagrafica-large.js';
import { millsToText, type GeneratedProduct } from './catalog-generator.js';
import { listPriceFor } from './catalog-loader.js';
import { AZIENDE, CLIENTI, DEMO_PASSWORD_HASH, UTENTI } from './demo-anagrafica.js';
import { chance, int, pick, rngFor, sample } from './prng.js';

const SEED_AGENTI = 38_001;
const DAY_MS = 86_400_000;
/** How many generated customers the demo agent follows. */
export const CLIENTI_GENERATI_AGENTE = 40;

export const AGENTE_DEMO = {
  id: UTENTI.length + 1, codice: `U${String(UTENTI.length + 1).padStart(4, '0')}`, username: 'paolo.bianchi@ferramenta.local',
  nome: 'Paolo', cognome: 'Bianchi', agenteCodice: 'A01',
} as const;

/** Mario's client and Giulia's two. */
const CLIENTI_DEMO_AGENTE = [1, 2, 3];

export async function seedAgenti(tx: postgres.TransactionSql, ctx: { products: GeneratedProduct[]; productId: (p: GeneratedProduct) => number; now: Date }): Promise<void> {
  const a = AGENTE_DEMO;
  const nome = `${a.nome} ${a.cognome}`;
  await copyObjects(tx, 'utenti', [{
    id: a.id, codice: a.codice, username: a.username, password_hash: DEMO_PASSWORD_HASH, nome: a.nome, cognome: a.cognome,
    nominativo: nome, tipologia_account: 'agente', agente_codice: a.agenteCodice, status_login: 0, fatturato_metrica: 0,
    created_at: ctx.now, updated_at: ctx.now,
  }]);
  await syncSequence(tx, 'utenti');

  // The generated customers, after the demo's clients.
  const primoId = Math.max(...CLIENTI.map((c) => c.id)) + 1;
  const generati = Array.from({ length: CLIENTI_GENERATI_AGENTE }, (_, i) => ({ id: primoId + i, c: generateCliente(CLIENTI.length + i) }));
  await copyObjects(tx, 'clienti', generati.map(({ id, c }) => ({
    id, azienda_codice: c.azienda, codice: c.codice, ragione_sociale: c.ragioneSociale, email: c.email, telefono: c.telefono,
    partita_iva: c.partitaIva, lis_maga: c.lisMaga, sconto: String(c.sconto), created_at: ctx.now,
  })));
  await copyObjects(tx, 'sedi', generati.flatMap(({ id, c }) => c.sedi.map((s) => ({ cliente_id: id, ...s }))));
  await syncSequence(tx, 'clienti');
  await copyObjects(tx, 'agenti_clienti', [...CLIENTI_DEMO_AGENTE, ...generati.map((g) => g.id)].map((id) => ({
    agente_id: a.id, cliente_id: id, origine: 'import', created_at: ctx.now,
  })));

  // Their orders over two years, placed by the agent, priced as the catalogue prices them (list
  // price less the client's discount: generated clients have no special prices or chains).
  const [{ max }] = await tx<[{ max: number }]>`SELECT coalesce(max(id), 0)::int AS max FROM ordini`;
  let id = max;
  const ordini: Record<string, string | number | Date | null>[] = [];
  const righe: Record<string, string | number>[] = [];
  const scadenze: Record<string, string | number | Date>[] = [];
  const fidi: { id: number; fido: number }[] = [];
  for (const [i, { id: clienteId, c }] of generati.entries()) {
    const r = rngFor(SEED_AGENTI, i);
    const azienda = AZIENDE.find((x) => x.codice === c.azienda)!;
    const prezzati = ctx.products.filter((p) => listPriceFor(p, c.lisMaga) !== null);
    const abituali = sample(r, prezzati, 25);
    // Every fifth customer has stopped ordering: its last order is two to eight months old.
    const fermo = i % 5 === 4 ? int(r, 65, 240) : 0;
    const n = int(r, 6, 30);
    for (let k = 0; k < n; k++) {
      const giorniFa = fermo + ((k + r()) * (730 - fermo)) / n;
      const quando = new Date(ctx.now.getTime() - giorniFa * DAY_MS);
      quando.setHours(int(r, 8, 17), int(r, 0, 59), 0, 0);
      if (quando.getTime() > ctx.now.getTime()) quando.setTime(ctx.now.getTime() - 3_600_000);
      id += 1;
      let totale = 0;
      for (const p of sample(r, abituali, int(r, 1, 8))) {
        const list = listPriceFor(p, c.lisMaga)!;
        const netto = Math.round(list * (1 - c.sconto / 100));
        // The usual quantity most of the time, so that the customer's page has one to show.
        const qt = chance(r, 0.7) ? (p.codice.charCodeAt(p.codice.length - 1) % 5) + 1 : int(r, 1, 12);
        totale += netto * qt;
        righe.push({
          ordine_id: id, prodotto_id: ctx.productId(p), codice_prodotto: p.codice, prodotto_nome: p.titoloPortale ?? p.descrizione1, qt,
          prezzo: millsToText(list), prezzo_reale: millsToText(netto), sconti: c.sconto ? String(c.sconto) : '',
        });
      }
      ordini.push({
        id, utente_id: a.id, cliente_id: clienteId, azienda_codice: c.azienda, cliente_codice: c.codice, utente_codice: a.codice,
        cliente_nome: c.ragioneSociale, azienda_nome: azienda.ragione_sociale, utente_nome: nome, inserito_da_agente: nome,
        nome: chance(r, 0.3) ? pick(r, ['Visita in negozio', 'Riordino', 'Ordine telefonico']) : '', note: '', riferimento_cantiere: null,
        response_code: '201', response_status: 'Confermato', totale: millsToText(totale), created_at: quando, erp_stato: 'precedente',
      });
    }
    // A third have a credit line from the ERP, and some items overdue or unpaid.
    if (i % 3 === 0) {
      fidi.push({ id: clienteId, fido: int(r, 5, 30) * 1000 });
      for (let s = 0; s < int(r, 1, 4); s++) {
        const giorni = int(r, -60, 60);
        scadenze.push({
          cliente_id: clienteId, documento: `FT ${ctx.now.getFullYear()}/${String(int(r, 1, 999)).padStart(4, '0')}-${s}`,
          data_scadenza: new Date(ctx.now.getTime() + giorni * DAY_MS).toISOString().slice(0, 10),
          importo: (int(r, 200, 4000)).toFixed(2), modalita: pick(r, ['MP12', 'MP05']), stato: chance(r, 0.15) ? 'insoluta' : 'aperta',
        });
      }
    }
  }
  await copyObjects(tx, 'ordini', ordini);
  await copyObjects(tx, 'ordini_righe', righe);
  await syncSequence(tx, 'ordini');
  // His commissions as the ERP sends them (import kind provvigioni): 5 % of one order in four, on
  // its invoice; paid to him after 90 days, due after 30, else waiting for the client's payment.
  const provvigioni = ordini.filter((o) => (o.id as number) % 4 === 0).map((o) => {
    const giorni = (ctx.now.getTime() - (o.created_at as Date).getTime()) / DAY_MS;
    return {
      agente_id: a.id, cliente_id: o.cliente_id, documento_tipo: 'FATTURA', documento_numero: `F-${o.id}`,
      documento_data: (o.created_at as Date).toISOString().slice(0, 10), importo: (Number(o.totale) * 0.05).toFixed(2),
      stato: giorni > 90 ? 'liquidata' : giorni > 30 ? 'maturata' : 'da_maturare', updated_at: ctx.now,
    };
  });
  if (provvigioni.length) await copyObjects(tx, 'provvigioni', provvigioni);
  if (scadenze.length) await copyObjects(tx, 'scadenze', scadenze);
  for (const f of fidi) {
    await tx`UPDATE clienti SET fido = ${f.fido}, contabilita_aggiornata_at = ${new Date(ctx.now.getTime() - 2 * DAY_MS).toISOString()}::timestamptz WHERE id = ${f.id}`;
  }
}
