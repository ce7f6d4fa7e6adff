import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { prezziSpeciali, scontiClienti } from '../../../server/db/schema/index.js';
import { createAzienda, createCategoria, createCliente, createOrdine, createProdotto, createUtente } from '../../support/factories.js';
import { loginCliente, useTestApp } from '../../support/harness.js';
import { testoPdf } from '../../support/pdf.js';

// What each role sees (docs/regole/organizzazione.md#what-each-role-sees): a person who may not see
// net prices gets list prices and no chain from every answer; Titolare and Acquisti see every order
// of the client, Operatore and Consultazione their own; documents and the credit line refused
// (403) to a person whose switch hides them.
const t = useTestApp();
const Q = { azienda_codice: '0001', cliente_codice: '000100' };
const QS = 'cod_azienda=0001&cod_cliente=000100';
const cookie: Record<string, string> = {};
const codici: Record<string, string> = {};
const ordini: Record<string, number> = {};
let catCod = '';

// Every net price of the client, in the forms an answer may write it: none may reach Anna.
// CATENA: list 10.000 with the chain 37+5 (5.985); SPEC: special price 7.321; SCONTO: the client's 13.7 % (8.630).
const NETTI = ['5.985', '5,985', '7.321', '7,321', '8.63', '8,63'];
const CATENE = ['37+5', '37 + 5', '13,7', '13.7'];

beforeAll(async () => {
  const { db } = t().database;
  await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: '0001', codice: '000100', sconto: '13.7' });
  const persone = {
    mario: { ruolo: 'titolare' as const },
    bruno: { ruolo: 'acquisti' as const },
    luca: { ruolo: 'operatore' as const, limiteOrdine: '500' },
    anna: { ruolo: 'consultazione' as const, vedePrezzi: false },
    dora: { ruolo: 'operatore' as const, vedeDocumenti: false },
  };
  const ids: Record<string, number> = {};
  for (const [i, [k, collegamento]] of Object.entries(persone).entries()) {
    const u = await createUtente(db, { clienti: [c.id], nome: k[0]!.toUpperCase() + k.slice(1), cognome: 'Rossi', collegamento });
    ids[k] = u.id;
    codici[k] = u.codice;
    cookie[k] = await loginCliente(t().app, u, `device-${i + 1}`);
  }
  const cat = await createCategoria(db, { codCat: 'VIS1' });
  catCod = 'VIS1';
  const catena = await createProdotto(db, { categoriaId: cat.id, codiceProdotto: 'CATENA', descrizione1: 'Vite catena', prezzi: { 1: '10.000' } });
  const spec = await createProdotto(db, { categoriaId: cat.id, codiceProdotto: 'SPEC', descrizione1: 'Vite speciale', prezzi: { 1: '10.000' } });
  await createProdotto(db, { categoriaId: cat.id, codiceProdotto: 'SCONTO', descrizione1: 'Vite sconto', prezzi: { 1: '10.000' } });
  await db.insert(scontiClienti).values({ clienteId: c.id, prodottoId: catena.id, sconti: '37+5', fattore: '0.5985' });
  await db.insert(prezziSpeciali).values({ clienteId: c.id, prodottoId: spec.id, prezzo: '7.321' });
  await db.$client`SELECT refresh_search_vocab()`;
  const riga = { prodottoId: catena.id, codiceProdotto: 'CATENA', prodottoNome: 'Vite catena', qt: 10, prezzo: '10.000', prezzoReale: '5.985', sconti: '37+5' };
  const ordine = async (k: string, nome: string) => (await createOrdine(db, {
    utenteId: ids[k], clienteId: c.id, aziendaCodice: '0001', clienteCodice: '000100', utenteCodice: codici[k], nome, righe: [riga],
  })).id;
  ordini.mario = await ordine('mario', 'Ordine di Mario');
  ordini.luca = await ordine('luca', 'Ordine di Luca');
  // Anna's own order, from before her role (a Consultazione may have ordered as another role).
  ordini.anna = await ordine('anna', 'Ordine di Anna');
});

const get = (url: string, c: string) => t().app.inject({ url: `/api/${url}`, headers: { cookie: c } });
const post = (url: string, payload: object, c: string) => t().app.inject({ method: 'POST', url: `/api/${url}`, payload, headers: { cookie: c } });
const qs = (o: Record<string, string | number>) => new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();
const conUtente = (k: string) => ({ ...Q, utente_codice: codici[k]! });

/** No net price and no chain anywhere in the text. */
function senzaNetti(testo: string, dove: string) {
  for (const n of [...NETTI, ...CATENE]) expect(testo, `${dove}: ${n}`).not.toContain(n);
}
/** Every product of an answer priced at list: prezzo_reale the list price, no chain. */
function aListino(prodotti: { codice_prodotto: string; prezzo: number | null; prezzo_reale: number | string; sconti: string }[], dove: string) {
  expect(prodotti.length, dove).toBeGreaterThan(0);
  for (const p of prodotti) {
    expect([p.codice_prodotto, Number(p.prezzo_reale), p.sconti], dove).toEqual([p.codice_prodotto, Number(p.prezzo ?? 10), '']);
  }
}

describe('a person who may not see net prices (Anna, vede_prezzi false)', () => {
  it('gets list prices and no chain from search, category, details, cart, lists and quick order; Mario gets the net ones', async () => {
    const risposte: [string, () => Promise<{ statusCode: number; body: string; json: () => unknown }>, (j: never) => unknown[]][] = [
      ['search/prodotti', () => get(`search/prodotti?${QS}&stringa=vite&start=0&limit=50`, cookie.anna!), (j: { prodotti: unknown[] }) => j.prodotti],
      ['categoria', () => get(`prodotti/categoriawithcustominfo?${QS}&categoria_cod=${catCod}&start=0&limit=50`, cookie.anna!), (j: { prodotti: unknown[] }) => j.prodotti],
      ['details', () => get(`prodotti/details?${QS}&codice_prodotto=CATENA`, cookie.anna!), (j: { prodotto: unknown }) => [j.prodotto]],
      ['carrello/salva', () => post('carrello/salva', { ...Q, righe: ['CATENA', 'SPEC', 'SCONTO'].map((codice_prodotto) => ({ codice_prodotto, quantita: 1 })) }, cookie.anna!),
        (j: { righe: unknown[] }) => j.righe],
      ['carrello/leggi', () => get(`carrello/leggi?${qs(Q)}`, cookie.anna!), (j: { righe: unknown[] }) => j.righe],
      ['ordine-rapido/risolvi', () => post('ordine-rapido/risolvi', { ...Q, testo: 'CATENA 1\nSPEC 2\nSCONTO 3' }, cookie.anna!),
        (j: { righe: { prodotto: unknown }[] }) => j.righe.map((r) => r.prodotto)],
    ];
    for (const [dove, chiama, prodotti] of risposte) {
      const res = await chiama();
      expect(res.statusCode, `${dove} ${res.body}`).toBe(200);
      senzaNetti(res.body, dove);
      aListino(prodotti(res.json() as never) as never, dove);
    }
    const lista = await post('liste/create', { ...conUtente('anna'), nome: 'Da chiedere' }, cookie.anna!);
    expect(lista.statusCode, lista.body).toBe(200);
    const catena = (await get(`search/prodottoByCodiceProdotto?${QS}&codice_prodotto=CATENA`, cookie.anna!));
    const prodottoId = (catena.json() as { prodotto: { id: number }[] }).prodotto[0]?.id;
    expect((await get(`listaprodotti/adding?lista_id=${(lista.json() as { id: number }).id}&prodotto_id=${prodottoId}`, cookie.anna!)).statusCode).toBe(200);
    const liste = await get(`liste/read?${qs(conUtente('anna'))}`, cookie.anna!);
    expect(liste.statusCode, liste.body).toBe(200);
    senzaNetti(liste.body, 'liste/read');
    aListino((liste.json() as { liste: { prodotti: never[] }[] }).liste.flatMap((l) => l.prodotti), 'liste/read');
    // The same calls give Mario his net prices: the test would see them.
    const mario = await get(`prodotti/details?${QS}&codice_prodotto=CATENA`, cookie.mario!);
    expect(mario.json()).toMatchObject({ prodotto: { prezzo: 10, prezzo_reale: 5.985, sconti: '37+5' } });
  });

  it('gets the price list exports (CSV, XLSX, Metel) at list price', async () => {
    const csv = await get(`listino/export?${qs({ ...conUtente('anna'), formato: 'csv' })}`, cookie.anna!);
    expect(csv.statusCode, csv.body).toBe(200);
    senzaNetti(csv.body, 'listino csv');
    expect(csv.body).toContain('CATENA');
    // Without the chain and the net price's columns: what the file says is the list price.
    expect(csv.body.split('\r\n')[0]).not.toMatch(/Sconti|Prezzo netto/);
    expect(csv.body.split('\r\n')[0]).toContain('"Prezzo di listino (€)"');
    const xlsx = await get(`listino/export?${qs({ ...conUtente('anna'), formato: 'xlsx' })}`, cookie.anna!);
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const testoDi = (v: unknown) => (v && typeof v === 'object' && 'richText' in v ? (v as { richText: { text: string }[] }).richText.map((x) => x.text).join('') : v);
    const celle = wb.worksheets.flatMap((ws) => ws.getSheetValues().flatMap((r) => (Array.isArray(r) ? r.map(testoDi) : [])));
    expect(celle).toContain('CATENA');
    expect(celle).not.toContain('Prezzo netto (€)');
    for (const n of [5.985, 7.321, 8.63]) expect(celle, `xlsx ${n}`).not.toContain(n);
    const metel = await get(`listino/export?${qs({ ...conUtente('anna'), formato: 'metel' })}`, cookie.anna!);
    expect(metel.statusCode).toBe(200);
    const testo = metel.rawPayload.toString('latin1');
    // Prices in cents: the net 5.985 would be 599 as the wholesale price, the list price 1000 both times.
    for (const cents of ['00000000599', '00000000732', '00000000863']) expect(testo).not.toContain(cents);
    expect(testo.split('00000001000').length - 1).toBeGreaterThanOrEqual(6);
  });

  it('gets her orders at list price: list, detail, PDF, export, reorder preview; no turnover', async () => {
    const elenco = await get(`ordini/elenco?${qs(conUtente('anna'))}`, cookie.anna!);
    expect(elenco.statusCode, elenco.body).toBe(200);
    senzaNetti(elenco.body, 'ordini/elenco');
    const [o] = (elenco.json() as { ordini: { id: number; totale: number; totale_imponibile: number; prodotti: { prezzo: number; prezzo_reale: number; sconti: string; importo: number }[] }[] }).ordini;
    expect(o).toMatchObject({ id: ordini.anna, totale: 100, totale_imponibile: 100, prodotti: [{ prezzo: 10, prezzo_reale: 10, sconti: '', importo: 100 }] });
    const dettaglio = await get(`ordini/dettaglio?${qs({ ...conUtente('anna'), id: ordini.anna! })}`, cookie.anna!);
    expect(dettaglio.statusCode).toBe(200);
    senzaNetti(dettaglio.body, 'ordini/dettaglio');
    expect(dettaglio.json()).toMatchObject({ ordine: { totale_documento: 122, prodotti: [{ prezzo_reale: 10 }] } });
    const read = await get(`ordini/read?${qs(conUtente('anna'))}`, cookie.anna!);
    senzaNetti(read.body, 'ordini/read');
    const pdf = await get(`ordini/pdf?${qs({ ...conUtente('anna'), id: ordini.anna! })}`, cookie.anna!);
    expect(pdf.statusCode).toBe(200);
    const righePdf = (await testoPdf(new Uint8Array(pdf.rawPayload))).join('\n');
    senzaNetti(righePdf, 'pdf');
    expect(righePdf).toContain('100,00');
    const csv = await get(`ordini/esporta?${qs({ ...conUtente('anna'), formato: 'csv' })}`, cookie.anna!);
    expect(csv.statusCode).toBe(200);
    senzaNetti(csv.body, 'ordini/esporta');
    expect(csv.body).toContain('"Prezzo di listino (€)"');
    const riordino = await get(`ordini/anteprimaRiordino?${qs({ ...conUtente('anna'), ordine_id: ordini.anna! })}`, cookie.anna!);
    expect(riordino.statusCode, riordino.body).toBe(200);
    expect(riordino.json()).toMatchObject({ righe: [{ prezzo_ordine: 10, prezzo_attuale: 10, prezzo_cambiato: false }] });
    const fatturato = await get(`ordini/statsByAziendaAndCliente?${qs(Q)}`, cookie.anna!);
    expect(fatturato.json()).toEqual({ totale_mensile: [] });
    // Mario's answer has the net amounts (so the test above can fail).
    const suo = await get(`ordini/dettaglio?${qs({ ...conUtente('mario'), id: ordini.mario! })}`, cookie.mario!);
    expect(suo.json()).toMatchObject({ ordine: { totale: 59.85, prodotti: [{ prezzo_reale: 5.985, sconti: '37+5' }] } });
  });
});

describe('which orders a role sees', () => {
  const idsDi = async (k: string) => {
    const res = await get(`ordini/elenco?${qs(conUtente(k))}`, cookie[k]!);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { ordini: { id: number; ordinato_da: { nome: string } }[] }).ordini.map((o) => [o.id, o.ordinato_da.nome]);
  };

  it('Titolare and Acquisti: every order of the client, each with who placed it', async () => {
    const tutti = [[ordini.anna, 'Anna Rossi'], [ordini.luca, 'Luca Rossi'], [ordini.mario, 'Mario Rossi']];
    expect(await idsDi('mario')).toEqual(tutti);
    expect(await idsDi('bruno')).toEqual(tutti);
    const res = await get(`ordini/dettaglio?${qs({ ...conUtente('bruno'), id: ordini.luca! })}`, cookie.bruno!);
    expect(res.statusCode).toBe(200);
    const pdf = await get(`ordini/pdf?${qs({ ...conUtente('mario'), id: ordini.luca! })}`, cookie.mario!);
    expect(pdf.statusCode).toBe(200);
  });

  it('Operatore and Consultazione: their own only; another person\'s order answers 404 as one that does not exist', async () => {
    expect(await idsDi('luca')).toEqual([[ordini.luca, 'Luca Rossi']]);
    expect(await idsDi('anna')).toEqual([[ordini.anna, 'Anna Rossi']]);
    const altrui = { ...conUtente('luca'), id: ordini.mario! };
    for (const url of [`ordini/dettaglio?${qs(altrui)}`, `ordini/pdf?${qs(altrui)}`,
      `ordini/anteprimaRiordino?${qs({ ...conUtente('luca'), ordine_id: ordini.mario! })}`]) {
      const res = await get(url, cookie.luca!);
      expect([url, res.statusCode, res.json().msg]).toEqual([url, 404, 'Ordine non trovato.']);
    }
    const csv = await get(`ordini/esporta?${qs({ ...conUtente('luca'), formato: 'csv' })}`, cookie.luca!);
    expect(csv.body).toContain('Ordine di Luca');
    expect(csv.body).not.toContain('Ordine di Mario');
    const read = await get(`ordini/read?${qs(conUtente('luca'))}`, cookie.luca!);
    expect((read.json() as { ordini: { id: number }[] }).ordini.map((o) => o.id)).toEqual([ordini.luca]);
  });

  it('shows a held order with the limit it passed, and filters by the new states', async () => {
    const { sql } = t().database;
    await sql`UPDATE ordini SET response_code = '202', response_status = 'In attesa di approvazione', erp_stato = 'in_approvazione',
      approvazione = 'in_attesa', approvazione_superamento = ${JSON.stringify([{ limite: 'ordine', valore: 50, superato_di: 9.85 }])}::jsonb,
      approvazione_scade_at = now() + interval '7 days' WHERE id = ${ordini.luca!}`;
    const filtra = async (k: string, stato: string) => ((await get(`ordini/elenco?${qs({ ...conUtente(k), stato })}`, cookie[k]!)).json() as {
      ordini: { id: number; approvazione: string | null; approvazione_superamento: unknown }[] }).ordini;
    expect(await filtra('luca', 'in_approvazione')).toMatchObject([
      { id: ordini.luca, approvazione: 'in_attesa', approvazione_superamento: [{ limite: 'ordine', valore: 50, superato_di: 9.85 }] },
    ]);
    expect((await filtra('mario', 'in_approvazione')).map((o) => o.id)).toEqual([ordini.luca]);
    expect((await filtra('mario', 'errore')).map((o) => o.id)).toEqual([]);
    expect((await filtra('mario', 'confermato')).map((o) => o.id)).toEqual([ordini.anna, ordini.mario]);
    await sql`UPDATE ordini SET response_code = '201', response_status = 'Confermato', approvazione = 'approvato',
      approvatore_nome = 'Mario Rossi', approvazione_decisa_at = now() WHERE id = ${ordini.luca!}`;
    const [approvato] = await filtra('luca', 'confermato');
    expect(approvato).toMatchObject({ id: ordini.luca, approvazione: 'approvato', approvatore_nome: 'Mario Rossi' });
    const bad = await get(`ordini/elenco?${qs({ ...conUtente('luca'), stato: 'spedito' })}`, cookie.luca!);
    expect(bad.statusCode).toBe(400);
  });
});

describe('documents and the credit line for a person whose switch hides them', () => {
  it('answers 403 to Dora on documenti/* and contabilita/situazione, 200 to Mario', async () => {
    for (const url of [`documenti/read?${qs(Q)}`, `contabilita/situazione?${qs(Q)}`]) {
      const dora = await get(url, cookie.dora!);
      expect([url, dora.statusCode], dora.body).toEqual([url, 403]);
      expect(dora.json().msg).toBe('Non sei abilitato a vedere documenti e fido.');
      expect((await get(url, cookie.mario!)).statusCode, url).toBe(200);
    }
    expect((await get(`documenti/file?${qs({ ...Q, id: 1 })}`, cookie.dora!)).statusCode).toBe(403);
  });
});
