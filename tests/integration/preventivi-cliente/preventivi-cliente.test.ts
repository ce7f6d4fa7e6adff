import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { preventiviClienteApi } from '../../../shared/preventivi-cliente.js';
import { API_ROUTES } from '../../../server/routes.js';
import { createAdmin, createAzienda, createCliente, createProdotto, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';
import { testoPdf } from '../../support/pdf.js';

/**
 * The installer's quotes to their end customers (docs/regole/preventivi-cliente.md): made from the
 * cart or a list at the client's net price, changed as a draft, priced with the VAT split, copied,
 * sent, accepted, back to the cart at today's prices, drawn as a PDF; only ever the client's.
 */
const t = useTestApp();

const A = { azienda_codice: '0001', cliente_codice: '000100' };
const B = { azienda_codice: '0001', cliente_codice: '000200' };
type Persona = { id: number; codice: string; cookie: string };
const p: Record<string, Persona> = {};
let admin = '';

async function persona(nome: string, clienteId: number, collegamento: { ruolo?: string; vedePrezzi?: boolean } = {}): Promise<Persona> {
  const u = await createUtente(t().database.db, { clienti: [clienteId], username: `${nome}@test.local`, collegamento: collegamento as never });
  return { id: u.id, codice: u.codice, cookie: await loginCliente(t().app, u, nome) };
}

beforeAll(async () => {
  const { db } = t().database;
  await createAzienda(db, { codice: '0001' });
  // 10 % client discount: the net price of a 500 € boiler is 450 €.
  const a = await createCliente(db, { aziendaCodice: '0001', codice: '000100', ragioneSociale: 'Idraulica Bianchi', partitaIva: '01234567890', sconto: '10' });
  const b = await createCliente(db, { aziendaCodice: '0001', codice: '000200', ragioneSociale: 'Altro cliente' });
  p.titolare = await persona('titolare', a.id);
  p.collega = await persona('collega', a.id, { ruolo: 'operatore' });
  p.senzaNetti = await persona('senzanetti', a.id, { ruolo: 'acquisti', vedePrezzi: false });
  p.altro = await persona('altro', b.id);
  await createProdotto(db, { codiceProdotto: 'CALD-1', descrizione1: 'Caldaia a condensazione 24 kW', famiglia: 'Caldaie', ivaAliquota: '10', prezzi: { 1: '500.000' } });
  await createProdotto(db, { codiceProdotto: 'RACC-1', descrizione1: 'Raccordo ottone 1/2"', famiglia: 'Raccordi', prezzi: { 1: '2.500' } });
  await createProdotto(db, { codiceProdotto: 'VIA-1', descrizione1: 'Ritirato', status: 1, prezzi: { 1: '9.000' } });
  const ad = await createAdmin(db, { username: 'admin-prev' });
  admin = await loginAdmin(t().app, ad);
});

const inject = (method: 'GET' | 'POST', url: string, who: Persona | string | null, payload?: object, headers: Record<string, string> = {}) => t().app.inject({
  method, url: `/api/${url}`, ...(payload ? { payload } : {}),
  headers: { ...headers, ...(who ? { cookie: typeof who === 'string' ? who : who.cookie } : {}) },
});
const get = (url: string, who: Persona, q: Record<string, string | number> = {}, scope = A) =>
  inject('GET', `${url}?${new URLSearchParams({ ...scope, utente_codice: who.codice, ...Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)])) })}`, who);
const post = (url: string, who: Persona, body: object, scope = A, headers: Record<string, string> = {}) =>
  inject('POST', url, who, { ...scope, utente_codice: who.codice, ...body }, headers);

const carrello = (who: Persona, righe: [string, number][]) =>
  post('carrello/salva', who, { righe: righe.map(([codice_prodotto, quantita]) => ({ codice_prodotto, quantita })) });
const dettaglio = async (who: Persona, id: number) => (await get('preventivi-cliente/dettaglio', who, { id })).json().preventivo;
const righeDb = async (id: number) => (await t().database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM preventivi_cliente_righe WHERE preventivo_id = ${id}`)[0]!.n;
const testataDb = async (id: number) => (await t().database.sql<{ versione: number; stato: string; totale: string; cliente_finale_nome: string }[]>`
  SELECT versione, stato, totale::text, cliente_finale_nome FROM preventivi_cliente WHERE id = ${id}`)[0]!;

/** The editor's save: the quote as read, with `cambia` applied. */
function modifica(pr: Record<string, unknown> & { righe: Record<string, unknown>[] }, cambia: Record<string, unknown> = {}) {
  return {
    id: pr.id, versione: pr.versione, cliente_finale_nome: pr.cliente_finale_nome, cliente_finale_indirizzo: pr.cliente_finale_indirizzo,
    ricarico_generale: pr.ricarico_generale, ricarichi_categoria: pr.ricarichi_categoria, sconto_percentuale: pr.sconto_percentuale,
    note: pr.note, condizioni: pr.condizioni,
    righe: pr.righe.map((r) => ({
      tipo: r.tipo, ...(r.codice_prodotto ? { codice_prodotto: r.codice_prodotto } : {}), descrizione: r.descrizione, categoria: r.categoria,
      quantita: r.quantita, costo: r.costo, ricarico: r.ricarico, aliquota: r.aliquota, beni_significativi: r.beni_significativi,
    })),
    ...cambia,
  };
}

describe('who reaches the installer\'s quotes', () => {
  const chiamate = Object.values(preventiviClienteApi);

  it('every call answers 401 without a session, before its input is read', async () => {
    for (const c of chiamate) {
      const res = await inject(c.methods[0] as 'GET' | 'POST', `${c.path}?id=nonvalido`, null, c.methods[0] === 'POST' ? { id: 'x' } : undefined);
      expect(res.statusCode, c.path).toBe(401);
    }
  });

  it('the wholesaler\'s staff never reach them: an admin session alone is no customer session (401), on every call', async () => {
    for (const c of chiamate) {
      const res = await inject(c.methods[0] as 'GET' | 'POST', `${c.path}?${new URLSearchParams({ ...A, id: '1' })}`, admin, c.methods[0] === 'POST' ? { ...A, id: 1 } : undefined);
      expect(res.statusCode, c.path).toBe(401);
    }
  });

  it('no admin, staff, token or catalogue call reads them: only customer calls, and only this domain\'s code names their tables', () => {
    expect(chiamate.every((c) => c.access === 'cliente' && c.permesso === 'preventivi_cliente')).toBe(true);
    for (const g of API_ROUTES) {
      for (const c of Object.values(g.contracts)) {
        if (c.path.startsWith('preventivi-cliente/')) expect(c.access, c.path).toBe('cliente');
      }
    }
    // The tables in SQL, or their drizzle objects (not an index or a permission of the same stem).
    const NOMINA_TABELLE = /\b(FROM|JOIN|INTO|UPDATE|TABLE|from|join|into|update|table)\s+"?preventivi_cliente(_righe|_intestazioni)?\b|\bpreventiviCliente(Righe|Intestazioni)?\b/;
    const fuori: string[] = [];
    const visita = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const f = path.join(dir, e.name);
        if (e.isDirectory()) visita(f);
        else if (/\.(ts|sql)$/.test(e.name) && !f.includes(`${path.sep}preventivi-cliente${path.sep}`) && !f.includes(`${path.sep}schema${path.sep}`)
          && NOMINA_TABELLE.test(fs.readFileSync(f, 'utf8'))) fuori.push(f);
      }
    };
    visita(path.resolve('server'));
    expect(fuori).toEqual([]);
  });

  it('a person who may not see net prices gets 403 (their cost is the base of a quote), as a Consultazione with them may use it', async () => {
    const res = await get('preventivi-cliente/elenco', p.senzaNetti);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toMatch(/prezzi netti/);
    expect((await post('preventivi-cliente/crea', p.senzaNetti, { da: 'vuoto' })).statusCode).toBe(403);
  });
});

describe('making, changing and pricing a quote', () => {
  let id = 0;

  it('from the cart: a draft numbered per client and year, each line at the client\'s net price now', async () => {
    expect((await carrello(p.titolare, [['CALD-1', 2], ['RACC-1', 10]])).statusCode).toBe(200);
    const res = await post('preventivi-cliente/crea', p.titolare, { da: 'carrello', cliente_finale_nome: 'Sig. Verdi' });
    expect(res.statusCode).toBe(200);
    id = res.json().id;
    const pr = await dettaglio(p.titolare, id);
    expect(pr).toMatchObject({ stato: 'bozza', versione: 1, cliente_finale_nome: 'Sig. Verdi', anno: new Date().getFullYear() });
    expect(pr.righe.map((r: { codice_prodotto: string; costo: number; quantita: number; aliquota: number; categoria: string }) =>
      [r.codice_prodotto, r.quantita, r.costo, r.aliquota, r.categoria])).toEqual([['CALD-1', 2, 450, 10, 'Caldaie'], ['RACC-1', 10, 2.25, 22, 'Raccordi']]);
    expect(pr.calcolo.imponibile).toBe(922.5);
  });

  it('a markup per family, labour and the beni significativi: the VAT split as computed, stored total, version up', async () => {
    const pr = await dettaglio(p.titolare, id);
    const righe = modifica(pr).righe;
    righe[0]!.beni_significativi = true;
    righe[0]!.ricarico = null;
    righe[0]!.quantita = 1;
    // 450 € + 20 % = 540 € of boiler; 4 h × 40 € labour = 160 €; raccordi +10 % general.
    const res = await post('preventivi-cliente/modifica', p.titolare, modifica(pr, {
      cliente_finale_indirizzo: 'Via Roma 1, Milano', ricarico_generale: 10, ricarichi_categoria: [{ categoria: 'Caldaie', ricarico: 20 }],
      righe: [...righe, { tipo: 'manodopera', descrizione: 'Installazione', quantita: '4', costo: '40', aliquota: 10 }],
      note: 'Sopralluogo compreso.', condizioni: 'Validità 30 giorni.',
    }));
    expect(res.statusCode, res.body).toBe(200);
    const n = res.json().preventivo;
    expect(n.versione).toBe(2);
    expect(n.righe.map((r: { prezzo: number; importo: number }) => [r.prezzo, r.importo])).toEqual([[540, 540], [2.475, 24.75], [40, 160]]);
    // Works at 10 %: 540 + 160 = 700; goods 540, at 10 % up to 700 − 540 = 160, 380 at 22 %.
    expect(n.calcolo.beni_significativi).toEqual({ valore_lavori: 700, valore_beni: 540, al_10: 160, al_22: 380 });
    expect(n.calcolo.iva).toEqual([{ aliquota: 22, imponibile: 404.75, imposta: 89.05 }, { aliquota: 10, imponibile: 320, imposta: 32 }]);
    expect(n.calcolo.totale).toBe(845.8);
    expect((await testataDb(id)).totale).toBe('845.80');
  });

  it('a catalogue line added by code alone takes today\'s net price; a code not on sale is refused changing nothing', async () => {
    const pr = await dettaglio(p.titolare, id);
    const bad = await post('preventivi-cliente/modifica', p.titolare, modifica(pr, { righe: [...modifica(pr).righe, { tipo: 'catalogo', codice_prodotto: 'VIA-1', quantita: 1, aliquota: 22 }] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('VIA-1');
    expect(await testataDb(id)).toMatchObject({ versione: 2 });
    expect(await righeDb(id)).toBe(3);
  });

  it('malformed input: 400 with an Italian message, nothing changed', async () => {
    const pr = await dettaglio(p.titolare, id);
    const casi: [Record<string, unknown>, RegExp][] = [
      [{ righe: [{ tipo: 'manodopera', descrizione: 'Posa', quantita: 2, costo: 30, aliquota: 10, beni_significativi: true }] }, /manodopera non è un bene/i],
      [{ righe: [{ tipo: 'libera', descrizione: 'Trasporto', quantita: 1, costo: 50, aliquota: 22, beni_significativi: true }] }, /solo per righe al 10/],
      [{ righe: [{ tipo: 'libera', descrizione: 'Trasporto', quantita: 1, costo: 50, aliquota: 5 }] }, /Aliquota IVA non valida/],
      [{ righe: [{ tipo: 'libera', descrizione: 'Trasporto', quantita: 0, costo: 50, aliquota: 22 }] }, /Quantità non valida/],
      [{ righe: [{ tipo: 'libera', descrizione: 'Trasporto', quantita: 1, costo: 1.0005, aliquota: 22 }] }, /al massimo 3 decimali/],
      [{ sconto_percentuale: 101 }, /Sconto troppo alto/],
      [{ ricarichi_categoria: [{ categoria: 'Caldaie', ricarico: 1 }, { categoria: 'Caldaie', ricarico: 2 }] }, /una volta sola/],
    ];
    for (const [cambia, msg] of casi) {
      const res = await post('preventivi-cliente/modifica', p.titolare, modifica(pr, cambia));
      expect(res.statusCode, JSON.stringify(cambia)).toBe(400);
      expect(res.json().msg).toMatch(msg);
    }
    expect(await testataDb(id)).toMatchObject({ versione: 2, totale: '845.80' });
    expect(await righeDb(id)).toBe(3);
  });

  it('a save from a stale version is refused (409), nothing changed; two saves of one version at once: one wins', async () => {
    const pr = await dettaglio(p.titolare, id);
    const vecchia = modifica(pr, { versione: 1, cliente_finale_nome: 'Sovrascritto' });
    expect((await post('preventivi-cliente/modifica', p.titolare, vecchia)).statusCode).toBe(409);
    const [x, y] = await Promise.all([
      post('preventivi-cliente/modifica', p.titolare, modifica(pr, { cliente_finale_nome: 'Primo' })),
      post('preventivi-cliente/modifica', p.collega, modifica(pr, { cliente_finale_nome: 'Secondo' })),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    expect((await testataDb(id)).versione).toBe(3);
    expect(await righeDb(id)).toBe(3);
  });

  it('another client\'s user: 403 on every call naming the id, nothing changed', async () => {
    const prima = await testataDb(id);
    expect((await get('preventivi-cliente/dettaglio', p.altro, { id }, B)).statusCode).toBe(403);
    expect((await get('preventivi-cliente/pdf', p.altro, { id }, B)).statusCode).toBe(403);
    const pr = await dettaglio(p.titolare, id);
    expect((await post('preventivi-cliente/modifica', p.altro, modifica(pr, { cliente_finale_nome: 'X' }), B)).statusCode).toBe(403);
    expect((await post('preventivi-cliente/stato', p.altro, { id, stato: 'inviato' }, B)).statusCode).toBe(403);
    expect((await post('preventivi-cliente/copia', p.altro, { id }, B)).statusCode).toBe(403);
    expect((await post('preventivi-cliente/nel-carrello', p.altro, { id }, B)).statusCode).toBe(403);
    // Their own session naming this client's codes: 403 too.
    expect((await get('preventivi-cliente/dettaglio', p.altro, { id }, A)).statusCode).toBe(403);
    expect(await testataDb(id)).toEqual(prima);
    expect((await get('preventivi-cliente/elenco', p.altro, {}, B)).json()).toEqual({ preventivi: [], totale: 0 });
  });

  it('the list: the client\'s quotes, newest change first, with their total; filtered by state', async () => {
    const res = await get('preventivi-cliente/elenco', p.collega);
    expect(res.statusCode).toBe(200);
    expect(res.json().preventivi[0]).toMatchObject({ id, stato: 'bozza', totale: 845.8, righe_n: 3 });
    expect((await get('preventivi-cliente/elenco', p.collega, { stato: 'accettato' })).json().totale).toBe(0);
    expect((await get('preventivi-cliente/elenco', p.collega, { stato: 'boh' })).statusCode).toBe(400);
  });

  it('the PDF in Italian: the header, the end customer, selling prices, the VAT split; never the cost', async () => {
    await post('preventivi-cliente/intestazione/salva', p.titolare, { ragione_sociale: 'Idraulica Bianchi snc', indirizzo: 'Via Po 3, Torino', partita_iva: '01234567890' });
    const res = await get('preventivi-cliente/pdf', p.titolare, { id });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const testo = (await testoPdf(res.rawPayload)).join('\n');
    for (const atteso of ['Idraulica Bianchi snc', 'Via Po 3, Torino', 'Preventivo', 'Via Roma 1, Milano', 'Manodopera: Installazione',
      'Caldaia a condensazione 24 kW', '540,000', 'Beni significativi', '380,00', '845,80', 'Validità 30 giorni.']) {
      expect(testo).toContain(atteso);
    }
    expect(testo).not.toContain('450,000');
  });
});

describe('states, copies, the cart', () => {
  it('sent, then accepted; twice at once is one change; an accepted quote is final and read-only', async () => {
    await carrello(p.titolare, [['CALD-1', 1], ['RACC-1', 3]]);
    const { id } = (await post('preventivi-cliente/crea', p.titolare, { da: 'carrello' })).json();
    expect((await post('preventivi-cliente/stato', p.titolare, { id, stato: 'accettato' })).statusCode).toBe(409);
    const due = await Promise.all([1, 2].map(() => post('preventivi-cliente/stato', p.titolare, { id, stato: 'inviato' })));
    expect(due.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await testataDb(id)).toMatchObject({ stato: 'inviato', versione: 2 });
    const pr = await dettaglio(p.titolare, id);
    expect((await post('preventivi-cliente/modifica', p.titolare, modifica(pr))).json().msg).toMatch(/solo un preventivo in bozza/);
    expect((await post('preventivi-cliente/stato', p.titolare, { id, stato: 'accettato' })).statusCode).toBe(200);
    const r = await post('preventivi-cliente/stato', p.titolare, { id, stato: 'bozza' });
    expect(r.statusCode).toBe(409);
    expect(r.json().msg).toBe('Un preventivo «Accettato» non può diventare «Bozza».');
  });

  it('an accepted quote\'s catalogue lines go to the cart at today\'s prices, said so; twice changes nothing more', async () => {
    const { preventivi } = (await get('preventivi-cliente/elenco', p.titolare, { stato: 'accettato' })).json();
    const id = preventivi[0].id;
    await post('carrello/svuota', p.titolare, {});
    const [x, y] = await Promise.all([1, 2].map(() => post('preventivi-cliente/nel-carrello', p.titolare, { id })));
    expect(x!.json()).toMatchObject({ righe_n: 2, msg: '2 articoli messi nel carrello ai prezzi di oggi (non a quelli del preventivo).' });
    // Priced as the cart is, today: 450 € net for the boiler.
    expect(x!.json().righe.map((r: { codice_prodotto: string; quantita: number; prezzo_reale: number }) => [r.codice_prodotto, r.quantita, r.prezzo_reale]))
      .toEqual([['CALD-1', 1, 450], ['RACC-1', 3, 2.25]]);
    expect(y!.statusCode).toBe(200);
    const cart = (await get('carrello/leggi', p.titolare)).json();
    expect(cart.righe.map((r: { codice_prodotto: string; quantita: number }) => [r.codice_prodotto, r.quantita])).toEqual([['CALD-1', 1], ['RACC-1', 3]]);
    const { preventivi: bozze } = (await get('preventivi-cliente/elenco', p.titolare, { stato: 'bozza' })).json();
    expect((await post('preventivi-cliente/nel-carrello', p.titolare, { id: bozze[0].id })).statusCode).toBe(409);
  });

  it('a copy is a new draft with the same lines and prices; the same Idempotency-Key twice at once makes one', async () => {
    const { preventivi } = (await get('preventivi-cliente/elenco', p.titolare, { stato: 'accettato' })).json();
    const orig = await dettaglio(p.titolare, preventivi[0].id);
    const h = { 'idempotency-key': 'copia-chiave-0001' };
    const [x, y] = await Promise.all([1, 2].map(() => post('preventivi-cliente/copia', p.titolare, { id: orig.id }, A, h)));
    expect(x!.json().id).toBe(y!.json().id);
    const copia = await dettaglio(p.titolare, x!.json().id);
    expect(copia.stato).toBe('bozza');
    expect(copia.numero).toBeGreaterThan(orig.numero);
    expect(copia.righe).toEqual(orig.righe);
    expect(copia.calcolo).toEqual(orig.calcolo);
  });

  it('made twice at once: with one key one quote, without keys two quotes with two numbers', async () => {
    const h = { 'idempotency-key': 'crea-chiave-0001' };
    const [x, y] = await Promise.all([1, 2].map(() => post('preventivi-cliente/crea', p.titolare, { da: 'vuoto' }, A, h)));
    expect(x!.json().id).toBe(y!.json().id);
    const [u, v] = await Promise.all([1, 2].map(() => post('preventivi-cliente/crea', p.titolare, { da: 'vuoto' })));
    expect(new Set([u!.json().numero, v!.json().numero, x!.json().numero]).size).toBe(3);
    expect((await post('preventivi-cliente/crea', p.titolare, { da: 'vuoto' }, A, { 'idempotency-key': 'x' })).statusCode).toBe(400);
  });

  it('from the cart as the device sends it (its last change may not have reached the server): those lines, not the server\'s', async () => {
    await carrello(p.titolare, [['RACC-1', 1]]);
    const res = await post('preventivi-cliente/crea', p.titolare, { da: 'carrello', righe: [{ codice_prodotto: 'CALD-1', quantita: 1 }, { codice_prodotto: 'RACC-1', quantita: 4 }] });
    expect((await dettaglio(p.titolare, res.json().id)).righe.map((r: { codice_prodotto: string; quantita: number }) =>
      [r.codice_prodotto, r.quantita])).toEqual([['CALD-1', 1], ['RACC-1', 4]]);
    expect((await post('preventivi-cliente/crea', p.titolare, { da: 'carrello', righe: [] })).json().msg).toContain('Il carrello è vuoto: aggiungi prima dei prodotti.');
  });

  it('from a list of the user: each product once at its net price; another\'s list 403; an empty cart 400', async () => {
    const l = await post('liste/create', p.titolare, { nome: 'Bagno' });
    const listaId = l.json().lista_id ?? l.json().id;
    const prodottoId = (await t().database.sql<{ id: number }[]>`SELECT id FROM prodotti WHERE codice_prodotto = 'RACC-1'`)[0]!.id;
    await post('listaprodotti/adding', p.titolare, { lista_id: listaId, prodotto_id: prodottoId });
    const res = await post('preventivi-cliente/crea', p.titolare, { da: 'lista', lista_id: listaId });
    expect(res.statusCode, res.body).toBe(200);
    expect((await dettaglio(p.titolare, res.json().id)).righe.map((r: { codice_prodotto: string; quantita: number; costo: number }) =>
      [r.codice_prodotto, r.quantita, r.costo])).toEqual([['RACC-1', 1, 2.25]]);
    expect((await post('preventivi-cliente/crea', p.collega, { da: 'lista', lista_id: listaId })).statusCode).toBe(403);
    expect((await post('preventivi-cliente/crea', p.titolare, { da: 'lista' })).json().msg).toMatch(/lista/);
    await post('carrello/svuota', p.collega, {});
    expect((await post('preventivi-cliente/crea', p.collega, { da: 'carrello' })).json().msg).toBe('Il carrello è vuoto: aggiungi prima dei prodotti.');
  });
});

describe('the header and its logo', () => {
  type Parte = { campo: string; nome: string; dati: Buffer } | { campo: string; valore: string };
  async function multipart(url: string, parti: Parte[], who: Persona) {
    const form = new FormData();
    for (const x of parti) {
      if ('valore' in x) form.append(x.campo, x.valore);
      else form.append(x.campo, new Blob([new Uint8Array(x.dati)]), x.nome);
    }
    const req = new Request('http://portale.test/', { method: 'POST', body: form });
    return t().app.inject({
      method: 'POST', url: `/api/${url}`, payload: Buffer.from(await req.arrayBuffer()),
      headers: { 'content-type': req.headers.get('content-type')!, cookie: who.cookie },
    });
  }
  const campi = (who: Persona, scope = A) => Object.entries({ ...scope, utente_codice: who.codice }).map(([campo, valore]) => ({ campo, valore }));

  it('until saved: the client\'s name and VAT number; saved: what was given; malformed: 400', async () => {
    const r = (await get('preventivi-cliente/intestazione', p.altro, {}, B)).json();
    expect(r).toEqual({ ragione_sociale: 'Altro cliente', indirizzo: '', partita_iva: '', logo: false });
    expect((await post('preventivi-cliente/intestazione/salva', p.titolare, { ragione_sociale: 'X', indirizzo: '', partita_iva: '<b>' })).statusCode).toBe(400);
  });

  it('a logo judged by its bytes, its metadata stripped, fitted; a text file named .png refused', async () => {
    const conExif = await sharp({ create: { width: 1200, height: 400, channels: 3, background: '#246' } })
      .jpeg().withMetadata({ exif: { IFD0: { Copyright: 'Segreto GPS', Make: 'Fotocamera' } } }).toBuffer();
    expect(conExif.includes(Buffer.from('Segreto GPS'))).toBe(true);
    const res = await multipart('preventivi-cliente/logo/carica', [...campi(p.titolare), { campo: 'logo', nome: 'logo.jpg', dati: conExif }], p.titolare);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().logo).toBe(true);
    const logo = await get('preventivi-cliente/logo', p.titolare);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.includes(Buffer.from('Segreto GPS'))).toBe(false);
    const meta = await sharp(logo.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['png', 600, 200, undefined]);
    const finto = await multipart('preventivi-cliente/logo/carica', [...campi(p.titolare), { campo: 'logo', nome: 'logo.png', dati: Buffer.from('<svg onload=alert(1)>') }], p.titolare);
    expect(finto.statusCode).toBe(400);
    expect(finto.json().msg).toMatch(/immagine/);
    expect((await get('preventivi-cliente/logo', p.titolare)).rawPayload.equals(logo.rawPayload)).toBe(true);
    // The PDF carries it: an image in its header.
    const { id } = (await post('preventivi-cliente/crea', p.titolare, { da: 'vuoto' })).json();
    const pdf = (await get('preventivi-cliente/pdf', p.titolare, { id })).rawPayload;
    expect(pdf.includes(Buffer.from('/Subtype /Image'))).toBe(true);
    // Another client has none, and never this one.
    expect((await get('preventivi-cliente/logo', p.altro, {}, B)).statusCode).toBe(404);
    expect((await post('preventivi-cliente/logo/elimina', p.titolare, {})).json().logo).toBe(false);
    expect((await get('preventivi-cliente/pdf', p.titolare, { id })).rawPayload.includes(Buffer.from('/Subtype /Image'))).toBe(false);
  });
});

describe('from a quote of the wholesaler (da: preventivo): the lines at the quoted prices', () => {
  let grossista = 0;
  const conteggio = async (clienteCodice: string) => (await t().database.sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM preventivi_cliente q JOIN clienti c ON c.id = q.cliente_id WHERE c.codice = ${clienteCodice}`)[0]!.n;

  beforeAll(async () => {
    const r = await post('preventivi/richiedi', p.titolare, {
      righe: [{ codice_prodotto: 'CALD-1', quantita: 2 }, { codice_prodotto: 'RACC-1', quantita: 10 }], righe_libere: [{ descrizione: 'Staffa su misura', quantita: 3 }],
    });
    expect(r.statusCode, r.body).toBe(200);
    grossista = r.json().id;
  });

  it('before an offer its prices are not the client\'s: 409 with the customer\'s label, nothing made', async () => {
    const prima = await conteggio('000100');
    const res = await post('preventivi-cliente/crea', p.titolare, { da: 'preventivo', preventivo_id: grossista });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toMatch(/«Inviata».*offerta valida, accettata o ordinata/);
    expect(await conteggio('000100')).toBe(prima);
  });

  it('from the offer: catalogue lines cost the quoted price with their family and VAT, the free line its price; twice at once with one key: one draft', async () => {
    const d = (await get('preventivi/dettaglio', p.titolare, { id: grossista })).json().preventivo;
    const [caldaia, raccordo, staffa] = d.righe as { riga_id: number }[];
    const risposta = await inject('POST', 'preventivi/rispondi', admin, {
      id: grossista, righe: [{ riga_id: caldaia!.riga_id, prezzo: 400 }, { riga_id: raccordo!.riga_id, prezzo: 2.1 }, { riga_id: staffa!.riga_id, prezzo: 5.5 }],
    });
    expect(risposta.statusCode, risposta.body).toBe(200);
    const prima = await conteggio('000100');
    const chiave = { 'idempotency-key': 'da-preventivo-0001' };
    const [x, y] = await Promise.all([
      post('preventivi-cliente/crea', p.titolare, { da: 'preventivo', preventivo_id: grossista, cliente_finale_nome: 'Sig. Neri' }, A, chiave),
      post('preventivi-cliente/crea', p.titolare, { da: 'preventivo', preventivo_id: grossista, cliente_finale_nome: 'Sig. Neri' }, A, chiave),
    ]);
    expect([x.statusCode, y.statusCode], x.body).toEqual([200, 200]);
    expect(x.json().id).toBe(y.json().id);
    expect(await conteggio('000100')).toBe(prima + 1);
    const pr = await dettaglio(p.titolare, x.json().id);
    expect(pr).toMatchObject({ stato: 'bozza', cliente_finale_nome: 'Sig. Neri' });
    expect(pr.righe.map((r: { tipo: string; codice_prodotto: string | null; descrizione: string; quantita: number; costo: number; aliquota: number; categoria: string }) =>
      [r.tipo, r.codice_prodotto, r.quantita, r.costo, r.aliquota, r.categoria])).toEqual([
      ['catalogo', 'CALD-1', 2, 400, 10, 'Caldaie'], ['catalogo', 'RACC-1', 10, 2.1, 22, 'Raccordi'], ['libera', null, 3, 5.5, 22, ''],
    ]);
    // Not today's net price (450 € and 2.25 €): the quoted one.
    expect(pr.calcolo.costo).toBe(800 + 21 + 16.5);
  });

  it('another client\'s quote is 403, changing nothing; without net prices 403; malformed 400', async () => {
    const prima = await conteggio('000200');
    const altro = await post('preventivi-cliente/crea', p.altro, { da: 'preventivo', preventivo_id: grossista }, B);
    expect(altro.statusCode).toBe(403);
    expect(altro.json().msg).toMatch(/non trovato per questo cliente/);
    expect(await conteggio('000200')).toBe(prima);
    expect((await post('preventivi-cliente/crea', p.senzaNetti, { da: 'preventivo', preventivo_id: grossista })).statusCode).toBe(403);
    const manca = await post('preventivi-cliente/crea', p.titolare, { da: 'preventivo' });
    expect(manca.statusCode).toBe(400);
    expect(manca.json().msg).toMatch(/preventivo del grossista/);
    expect((await post('preventivi-cliente/crea', p.titolare, { da: 'preventivo', preventivo_id: 'x' })).statusCode).toBe(400);
    expect((await inject('POST', 'preventivi-cliente/crea', null, { da: 'preventivo', preventivo_id: grossista })).statusCode).toBe(401);
  });

  it('an expired offer no longer gives its prices (409)', async () => {
    await t().database.sql`UPDATE preventivi SET scade_at = now() - interval '1 minute' WHERE id = ${grossista}`;
    try {
      const res = await post('preventivi-cliente/crea', p.titolare, { da: 'preventivo', preventivo_id: grossista });
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toMatch(/«Scaduta»/);
    } finally {
      await t().database.sql`UPDATE preventivi SET scade_at = now() + interval '30 days' WHERE id = ${grossista}`;
    }
  });
});
