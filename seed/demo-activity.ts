/**
 * Demo history: past orders over the last 14 months (so the monthly charts look real), product
 * lists, login devices and budgets. Prices in order lines are snapshotted exactly as the order
 * service would have computed them (list price of the client's list; special price, discount chain
 * or single discount) with the chain that made them.
 */
import { createHash } from 'node:crypto';
import type postgres from 'postgres';
import type { GeneratedProduct } from './catalog-generator.js';
import { millsToText } from './catalog-generator.js';
import { listPriceFor, specialPriceFor, type SpecialPriceClient } from './catalog-loader.js';
import { copyObjects, syncSequence } from '../server/db/copy.js';
import { AZIENDE, CLIENTI, UTENTI } from './demo-anagrafica.js';
import { chance, int, pick, rngFor, sample, type Rng } from './prng.js';
import { GIORNI_APPROVAZIONE_PREDEFINITI } from '../shared/organizzazione-costanti.js';

const ACTIVITY_SEED = 31_337;
const DAY_MS = 86_400_000;

/** Orders per (user, client): Mario has about 25, Giulia some in each of her two clients. */
const ORDER_PLAN: { utente: number; cliente: number; n: number }[] = [
  { utente: 1, cliente: 1, n: 26 },
  { utente: 2, cliente: 2, n: 9 },
  { utente: 2, cliente: 3, n: 7 },
  { utente: 3, cliente: 4, n: 12 },
  { utente: 4, cliente: 5, n: 5 },
  { utente: 6, cliente: 7, n: 8 },
  { utente: 7, cliente: 8, n: 6 },
  { utente: 8, cliente: 10, n: 5 },
  { utente: 8, cliente: 9, n: 4 },
];

/** Orders that failed on the ERP side, (user, client, k-th order of that pair), with the ERP's reason. */
const FAILED = new Map([
  ['1:1:7', 'Fido del cliente superato'],
  ['3:4:3', 'Gestionale non raggiungibile'],
]);

const NOMI_ORDINE = ['Riordino magazzino', 'Cantiere via Roma', 'Scorta viteria', 'Urgente', 'Allestimento vetrina', 'Ordine settimanale'];
// A builder's orders name the job site every third time (from the order's place in its plan, not the
// random stream: the rest of the demo history stays as it was).
const CANTIERI = ['Cantiere Via Roma 14', 'Condominio Le Querce', 'Ristrutturazione Villa Bianchi', 'Capannone Zona Industriale lotto 7'];
const NOTE = ['Consegna al mattino', 'Chiamare prima della consegna', 'Ritiro in sede', 'Consegna presso il magazzino'];

export interface ActivityContext {
  products: GeneratedProduct[];
  productId: (p: GeneratedProduct) => number;
  specialClients: SpecialPriceClient[];
  now: Date;
}

/** Business hours on a weekday, `daysAgo` days before now. */
function businessTime(r: Rng, now: Date, daysAgo: number): Date {
  const d = new Date(now.getTime() - daysAgo * DAY_MS);
  if (d.getDay() === 0) d.setDate(d.getDate() - 2);
  if (d.getDay() === 6) d.setDate(d.getDate() - 1);
  d.setHours(int(r, 8, 17), int(r, 0, 59), int(r, 0, 59), 0);
  return d.getTime() > now.getTime() ? new Date(now.getTime() - 3_600_000) : d;
}

/** A client's discount chain (sconti_clienti, seeded before the orders by demo-sconti.ts). */
interface Catena { sconti: string; fattore: string }

/**
 * `mills` × an exact decimal factor, rounded half up to the thousandth as prezzo_netto() rounds
 * (server/catalogo/sql/prezzo_netto.sql): in BigInt, so a price on a half never rounds the other way.
 */
export function perFattore(mills: number, fattore: string): number {
  const [intera, decimali = ''] = fattore.split('.');
  const scala = 10n ** BigInt(decimali.length);
  return Number((BigInt(mills) * BigInt(`${intera}${decimali}`) * 2n + scala) / (2n * scala));
}

/**
 * The demo's order history, then `altri` (more history, e.g. the agent's customers'), then Luca's
 * order waiting for approval, which stays the newest id.
 */
export async function seedOrdini(tx: postgres.TransactionSql, ctx: ActivityContext, altri?: () => Promise<void>): Promise<void> {
  const special = new Map(ctx.specialClients.map((c) => [c.id, c]));
  // The chains by client and product id or discount family: a line is priced as the catalogue prices
  // it for that client (special price, product chain, family chain, single discount).
  const catene = new Map<string, Catena>();
  for (const c of await tx<{ cliente_id: number; prodotto_id: number | null; famiglia_sconto: string | null; sconti: string; fattore: string }[]>`
    SELECT cliente_id, prodotto_id, famiglia_sconto, sconti, fattore::text AS fattore FROM sconti_clienti`) {
    catene.set(c.prodotto_id === null ? `${c.cliente_id}:f:${c.famiglia_sconto}` : `${c.cliente_id}:p:${c.prodotto_id}`, c);
  }
  /** A line priced as the catalogue prices it for the client: special price, product chain, family chain, single discount. */
  const rigaAlPrezzo = (cliente: (typeof CLIENTI)[number], sc: SpecialPriceClient, p: GeneratedProduct, qt: number) => {
    const list = listPriceFor(p, cliente.lisMaga)!;
    const speciale = specialPriceFor(p, sc);
    const catena = catene.get(`${cliente.id}:p:${ctx.productId(p)}`) ?? catene.get(`${cliente.id}:f:${p.famigliaSconto}`);
    const netto = speciale ?? (catena ? perFattore(list, catena.fattore) : Math.round(list * (1 - cliente.sconto / 100)));
    // What made the price, as sconti_applicati() says it: '' for a special price or none.
    const sconti = speciale !== null ? '' : catena ? catena.sconti : cliente.sconto ? String(cliente.sconto).replace('.', ',') : '';
    return {
      netto,
      riga: {
        prodotto_id: ctx.productId(p), codice_prodotto: p.codice, prodotto_nome: p.titoloPortale ?? p.descrizione1, qt,
        prezzo: millsToText(list), prezzo_reale: millsToText(netto), sconti,
      } as Record<string, string | number>,
    };
  };
  type Ordine = { row: Record<string, string | number | Date | null>; righe: Record<string, string | number>[] };
  const ordini: Ordine[] = [];
  for (const plan of ORDER_PLAN) {
    const r = rngFor(ACTIVITY_SEED, plan.utente, plan.cliente);
    const cliente = CLIENTI.find((c) => c.id === plan.cliente)!;
    const utente = UTENTI.find((u) => u.id === plan.utente)!;
    const azienda = AZIENDE.find((a) => a.codice === cliente.azienda)!;
    const sc: SpecialPriceClient = special.get(cliente.id) ?? { id: cliente.id, lisMaga: cliente.lisMaga, sconto: cliente.sconto, rate: 0 };
    // Each client keeps re-ordering a set of usual products, plus some occasional ones.
    const priced = ctx.products.filter((p) => listPriceFor(p, cliente.lisMaga) !== null);
    const usual = sample(r, priced, 40);
    for (let k = 0; k < plan.n; k++) {
      const daysAgo = ((k + r()) * 425) / plan.n;
      const createdAt = businessTime(r, ctx.now, daysAgo);
      const lines = sample(r, [...sample(r, usual, 9), ...sample(r, priced, 4)], int(r, 1, 12));
      const uniq = [...new Map(lines.map((p) => [p.codice, p])).values()];
      let totale = 0;
      const righe = uniq.map((p) => {
        const qt = p.um === 'CF' || p.prezzo1 > 50_000 ? int(r, 1, 4) : int(r, 1, 20);
        const riga = rigaAlPrezzo(cliente, sc, p, qt);
        totale += riga.netto * qt;
        return riga.riga;
      });
      const failed = FAILED.get(`${plan.utente}:${plan.cliente}:${k}`);
      ordini.push({
        row: {
          utente_id: utente.id, cliente_id: cliente.id, azienda_codice: azienda.codice, cliente_codice: cliente.codice,
          utente_codice: utente.codice, cliente_nome: cliente.ragioneSociale, azienda_nome: azienda.ragione_sociale,
          utente_nome: `${utente.nome} ${utente.cognome}`, nome: chance(r, 0.3) ? pick(r, NOMI_ORDINE) : '',
          note: chance(r, 0.25) ? pick(r, NOTE) : '', riferimento_cantiere: k % 3 === 0 ? CANTIERI[(k / 3) % CANTIERI.length]! : null, response_code: failed ? '500' : '201',
          response_status: failed ?? 'Confermato', totale: millsToText(totale), created_at: createdAt,
          // History: placed before the ERP exchange, never sent by itself (an admin may resend).
          erp_stato: 'precedente',
        },
        righe,
      });
    }
  }
  // Ids follow the dates, as they would have in a live system.
  ordini.sort((a, b) => (a.row.created_at as Date).getTime() - (b.row.created_at as Date).getTime());
  await copyObjects(tx, 'ordini', ordini.map((o, i) => ({ id: i + 1, ...o.row })));
  await copyObjects(tx, 'ordini_righe', ordini.flatMap((o, i) => o.righe.map((riga) => ({ ordine_id: i + 1, ...riga }))));
  await syncSequence(tx, 'ordini');
  await altri?.();
  await seedOrdineInApprovazione(tx, ctx, special, rigaAlPrezzo);
}

/** Luca's order over his limit of an order, waiting for Mario (docs/regole/organizzazione.md#approvals). */
const ORDINE_IN_APPROVAZIONE = { utente: 9, cliente: 1, sopraLimite: 500_000, nome: 'Attrezzatura nuovo banco' };

/**
 * One order of Luca's waiting for approval, so that the screens show one from the first start:
 * stored as crea_ordine holds one (response 202, erp_stato 'in_approvazione', no stock taken), its
 * lines at his client's net prices, a few usual products until it passes his 500 € limit. The
 * newest order (the last id): the history's ids before it stay as they were.
 */
async function seedOrdineInApprovazione(
  tx: postgres.TransactionSql, ctx: ActivityContext, special: Map<number, SpecialPriceClient>,
  rigaAlPrezzo: (c: (typeof CLIENTI)[number], sc: SpecialPriceClient, p: GeneratedProduct, qt: number) => { netto: number; riga: Record<string, string | number> },
): Promise<void> {
  const piano = ORDINE_IN_APPROVAZIONE;
  const r = rngFor(ACTIVITY_SEED, piano.utente, piano.cliente);
  const cliente = CLIENTI.find((c) => c.id === piano.cliente)!;
  const utente = UTENTI.find((u) => u.id === piano.utente)!;
  const azienda = AZIENDE.find((a) => a.codice === cliente.azienda)!;
  const sc: SpecialPriceClient = special.get(cliente.id) ?? { id: cliente.id, lisMaga: cliente.lisMaga, sconto: cliente.sconto, rate: 0 };
  const prezzati = ctx.products.filter((p) => listPriceFor(p, cliente.lisMaga) !== null && p.prezzo1 > 5_000);
  const righe: Record<string, string | number>[] = [];
  let totale = 0;
  for (const p of sample(r, prezzati, 30)) {
    if (totale > piano.sopraLimite) break;
    const riga = rigaAlPrezzo(cliente, sc, p, int(r, 2, 6));
    totale += riga.netto * Number(riga.riga.qt);
    righe.push(riga.riga);
  }
  const valore = piano.sopraLimite / 1000;
  const superamento = [{ limite: 'ordine', valore, superato_di: Math.round(totale - piano.sopraLimite) / 1000 }];
  const createdAt = new Date(ctx.now.getTime() - 2 * 3_600_000);
  const [o] = await tx<{ id: number }[]>`
    INSERT INTO ordini (utente_id, cliente_id, azienda_codice, cliente_codice, utente_codice, cliente_nome, azienda_nome, utente_nome,
      nome, note, response_code, response_status, totale, created_at, erp_stato,
      approvazione, approvazione_superamento, approvazione_scade_at)
    VALUES (${utente.id}, ${cliente.id}, ${azienda.codice}, ${cliente.codice}, ${utente.codice}, ${cliente.ragioneSociale},
      ${azienda.ragione_sociale}, ${`${utente.nome} ${utente.cognome}`}, ${piano.nome}, '', '202', 'In attesa di approvazione',
      ${millsToText(totale)}, ${createdAt.toISOString()}::timestamptz, 'in_approvazione', 'in_attesa', ${JSON.stringify(superamento)}::jsonb,
      ${new Date(ctx.now.getTime() + GIORNI_APPROVAZIONE_PREDEFINITI * DAY_MS).toISOString()}::timestamptz)
    RETURNING id`;
  await copyObjects(tx, 'ordini_righe', righe.map((riga) => ({ ordine_id: o!.id, ...riga })));
}

const LISTE = [
  { utente: 1, cliente: 1, nome: 'Riordino mensile', descrizione: 'Articoli da riordinare a inizio mese', n: 12 },
  { utente: 1, cliente: 1, nome: 'Cantiere Via Roma', descrizione: 'Materiale per il cantiere di Via Roma 14', n: 8 },
  { utente: 1, cliente: 1, nome: 'Preferiti', descrizione: '', n: 6 },
  { utente: 2, cliente: 2, nome: 'Scorta cantiere', descrizione: 'Consumabili per i cantieri', n: 10 },
  { utente: 2, cliente: 3, nome: 'Antinfortunistica', descrizione: 'DPI per le squadre', n: 5 },
];

export async function seedListe(tx: postgres.TransactionSql, ctx: ActivityContext): Promise<void> {
  const links: Record<string, number | Date>[] = [];
  await copyObjects(tx, 'liste', LISTE.map((l, i) => {
    const r = rngFor(ACTIVITY_SEED, 500 + i);
    const created = new Date(ctx.now.getTime() - int(r, 20, 200) * DAY_MS);
    for (const p of sample(r, ctx.products, l.n)) links.push({ lista_id: i + 1, prodotto_id: ctx.productId(p), created_at: created });
    return { id: i + 1, utente_id: l.utente, cliente_id: l.cliente, nome: l.nome, descrizione: l.descrizione, created_at: created };
  }));
  await copyObjects(tx, 'liste_prodotti', links);
  await syncSequence(tx, 'liste');
}

const DEVICES = [
  { utente: 1, platform: 'Win32', ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36', screen: '1920x1080', depth: 24, ratio: '1', ip: '93.41.128.17', authorized: 1, daysAgo: 300 },
  { utente: 1, platform: 'iPad', ua: 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1', screen: '1024x1366', depth: 24, ratio: '2', ip: '93.41.128.17', authorized: 1, daysAgo: 90 },
  { utente: 2, platform: 'MacIntel', ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15', screen: '1440x900', depth: 30, ratio: '2', ip: '151.38.72.201', authorized: 1, daysAgo: 210 },
  { utente: 3, platform: 'Win32', ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0', screen: '1366x768', depth: 24, ratio: '1', ip: '79.12.201.44', authorized: 1, daysAgo: 150 },
  { utente: 3, platform: 'Linux armv81', ua: 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36', screen: '800x1280', depth: 24, ratio: '2.25', ip: '5.90.14.121', authorized: 0, daysAgo: 2 },
  { utente: 6, platform: 'Win32', ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0', screen: '1600x900', depth: 24, ratio: '1.25', ip: '2.228.90.33', authorized: 1, daysAgo: 60 },
  { utente: 8, platform: 'MacIntel', ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36', screen: '2560x1440', depth: 24, ratio: '1', ip: '37.163.5.19', authorized: 1, daysAgo: 30 },
];

export async function seedDispositivi(tx: postgres.TransactionSql, now: Date): Promise<void> {
  await copyObjects(tx, 'dispositivi', DEVICES.map((d, i) => {
    const at = new Date(now.getTime() - d.daysAgo * DAY_MS - i * 3_600_000);
    return {
      utente_id: d.utente,
      // Same shape as the browser's fingerprint: SHA-256 hex.
      fingerprint: createHash('sha256').update(`${d.utente}|${d.screen}|${d.depth}|${d.platform}|it-IT|-60|${i}`).digest('hex'),
      ip: d.ip, platform: d.platform, user_agent: d.ua, cookie_enabled: true, screen_resolution: d.screen,
      color_depth: d.depth, pixel_ratio: d.ratio, language: 'it-IT', timezone: 'Europe/Rome', authorized: d.authorized,
      created_at: at, updated_at: at,
    };
  }));
}

export async function seedBudget(tx: postgres.TransactionSql, now: Date): Promise<void> {
  const anno = now.getFullYear();
  const rows: Record<string, number | string>[] = [];
  for (const [clienteId, base] of [[1, 2500], [2, 4000], [3, 3000], [4, 6000]] as const) {
    const r = rngFor(ACTIVITY_SEED, 900 + clienteId);
    for (let mese = 1; mese <= 12; mese++) {
      // Busier in spring and early autumn, quiet in August.
      const season = mese === 8 ? 0.4 : [3, 4, 5, 9, 10].includes(mese) ? 1.25 : 1;
      rows.push({ cliente_id: clienteId, anno, mese, budget: `${Math.round((base * season * (0.9 + 0.2 * r())) / 50) * 50}.000` });
    }
  }
  await copyObjects(tx, 'budget', rows);
}
