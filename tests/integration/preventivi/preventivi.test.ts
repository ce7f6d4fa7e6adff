import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createAzienda, createCliente, createProdotto, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';
import { testoPdf } from '../../support/pdf.js';

/**
 * Quotes between a customer and the wholesaler (issue 37): a request, staff's answer as a
 * read-only version, the acceptance into one order at the quoted prices through crea_ordine, the
 * revision and refusal, expiry, and the hostile cases (no session, wrong role, another client).
 */
const t = useTestApp();

const A = { azienda_codice: '0001', cliente_codice: '000100' };
const B = { azienda_codice: '0001', cliente_codice: '000200' };
type Persona = { id: number; codice: string; cookie: string; username: string; scope: typeof A };
const p: Record<string, Persona> = {};
let staff = '';
let staff2 = '';
let clienteA = 0;

async function persona(nome: string, clienteId: number, ruolo: string, scope: typeof A): Promise<Persona> {
  const { db, sql } = t().database;
  const u = await createUtente(db, { clienti: [clienteId], username: `${nome}@test.local`, nome, cognome: 'Prova' });
  await sql`UPDATE utenti_clienti SET ruolo = ${ruolo} WHERE utente_id = ${u.id}`;
  return { id: u.id, codice: u.codice, username: u.username, cookie: await loginCliente(t().app, u, nome), scope };
}

beforeAll(async () => {
  await t().app.deps.lavori.stop();
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  const a = await createCliente(db, { aziendaCodice: az.codice, codice: '000100', ragioneSociale: 'Ferramenta Rossi', sconto: '10' });
  const b = await createCliente(db, { aziendaCodice: az.codice, codice: '000200', ragioneSociale: 'Altro cliente' });
  clienteA = a.id;
  p.titolare = await persona('titolare', a.id, 'titolare', A);
  p.acquisti = await persona('acquisti', a.id, 'acquisti', A);
  p.consultazione = await persona('consultazione', a.id, 'consultazione', A);
  p.altro = await persona('altro', b.id, 'titolare', B);
  await createProdotto(db, { codiceProdotto: 'PV-1', descrizione1: 'Raccordo', prezzi: { 1: '10.000' }, disponibilita: 1000 });
  await createProdotto(db, { codiceProdotto: 'PV-2', descrizione1: 'Valvola', prezzi: { 1: '100.000' }, disponibilita: 1000 });
  await createProdotto(db, { codiceProdotto: 'PV-3', descrizione1: 'Rubinetto', prezzi: { 1: '50.000' }, disponibilita: 1000 });
  const ad = await createAdmin(db, { username: 'staff@test.local' });
  staff = await loginAdmin(t().app, ad);
  const ad2 = await createAdmin(db, { username: 'staff2@test.local' });
  staff2 = await loginAdmin(t().app, ad2);
});

const inject = (method: 'GET' | 'POST', url: string, cookie: string | null, payload?: object, headers: Record<string, string> = {}) => t().app.inject({
  method, url: `/api/${url}`, ...(payload ? { payload } : {}), headers: { ...(cookie ? { cookie } : {}), ...headers },
});
const cliente = (who: Persona, method: 'GET' | 'POST', call: string, body: object = {}, headers: Record<string, string> = {}) => method === 'GET'
  ? inject('GET', `${call}?${new URLSearchParams({ ...who.scope, utente_codice: who.codice, ...body as Record<string, string> })}`, who.cookie)
  : inject('POST', call, who.cookie, { ...who.scope, utente_codice: who.codice, ...body }, headers);

async function richiesta(who = p.titolare!): Promise<{ id: number; numero: string }> {
  const r = await cliente(who, 'POST', 'preventivi/richiedi', {
    righe: [{ codice_prodotto: 'PV-1', quantita: 100, prezzo_obiettivo: 7, nota: 'per il cantiere' }, { codice_prodotto: 'PV-2', quantita: 10 }],
    righe_libere: [{ descrizione: 'Staffa su misura', quantita: 4 }],
    messaggio: 'Ci serve un prezzo migliore',
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}
const dettaglio = async (id: number, who: Persona | 'staff' = p.titolare!) => {
  const r = who === 'staff' ? await inject('GET', `preventivi/dettaglio?id=${id}`, staff) : await cliente(who, 'GET', 'preventivi/dettaglio', { id: String(id) });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().preventivo;
};
/** Staff's answer: PV-1 at 6.5, PV-2 with 40+10+5 on the customer's net, the free line priced 12. */
async function risposta(id: number, cookie = staff) {
  const d = await dettaglio(id, 'staff');
  const [r1, r2, r3] = d.righe;
  const r = await inject('POST', 'preventivi/rispondi', cookie, {
    id, validita: 30, messaggio: 'Ecco la nostra offerta',
    righe: [{ riga_id: r1.riga_id, prezzo: 6.5, giorni_consegna: 3 }, { riga_id: r2.riga_id, sconti: '40+10+5' }, { riga_id: r3.riga_id, prezzo: 12, nota: 'su disegno' }],
  });
  return r;
}
const quoteDb = async (id: number) => (await t().database.sql<{ stato: string; versione: number; ordine_id: number | null; presa_nome: string | null }[]>`
  SELECT stato, versione, ordine_id, presa_nome FROM preventivi WHERE id = ${id}`)[0]!;

describe('preventivi/richiedi', () => {
  it('numbers per company and year, P2026/000123 style, never the same twice at once', async () => {
    const rr = await Promise.all(Array.from({ length: 6 }, () => richiesta()));
    const numeri = rr.map((r) => r.numero);
    expect(new Set(numeri).size).toBe(6);
    for (const n of numeri) expect(n).toMatch(/^P\d{4}\/\d{6}$/);
    const d = await dettaglio(rr[0]!.id);
    expect(d).toMatchObject({ stato: 'inviata', stato_cliente: 'Inviata', stato_staff: 'Nuova', versione: 0, numero: rr[0]!.numero });
    expect(d.righe).toHaveLength(3);
    expect(d.righe[0]).toMatchObject({ codice_prodotto: 'PV-1', descrizione: 'Raccordo', quantita: 100, prezzo_obiettivo: 7, nota_cliente: 'per il cantiere', prezzo_netto: 9, prezzo: null });
    expect(d.righe[2]).toMatchObject({ codice_prodotto: null, descrizione: 'Staffa su misura', quantita: 4 });
    expect(d.messaggi).toMatchObject([{ autore: 'cliente', tipo: 'richiesta', testo: 'Ci serve un prezzo migliore' }]);
  });

  it('refuses malformed input with an Italian message and stores nothing; 401 without a session before reading; 403 for codes not theirs', async () => {
    const { sql } = t().database;
    const [prima] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM preventivi`;
    for (const body of [{ righe: [], righe_libere: [] }, { righe: [{ codice_prodotto: 'PV-1', quantita: 0 }] }, { righe: [{ codice_prodotto: 'NON-ESISTE', quantita: 1 }] }, { righe: 'x' }]) {
      const r = await cliente(p.titolare!, 'POST', 'preventivi/richiedi', body);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().msg).toMatch(/[a-z]/);
    }
    expect((await inject('POST', 'preventivi/richiedi', null, { righe: 'x' })).statusCode).toBe(401);
    const r = await inject('POST', 'preventivi/richiedi', p.altro!.cookie, { ...A, utente_codice: p.altro!.codice, righe: [{ codice_prodotto: 'PV-1', quantita: 1 }] });
    expect(r.statusCode).toBe(403);
    const [dopo] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM preventivi`;
    expect(dopo!.n).toBe(prima!.n);
  });

  it('takes PDF and pictures as multipart, judged by their bytes; a picture loses its metadata; anything else is refused', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const sharp = (await import('sharp')).default;
    const jpg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } }).jpeg()
      .withExif({ IFD0: { Copyright: 'SEGRETO-GPS' } }).toBuffer();
    expect(jpg.includes(Buffer.from('SEGRETO-GPS'))).toBe(true);
    const form = (files: { nome: string; dati: Buffer }[]) => {
      const b = '----prev' + Math.random().toString(16).slice(2);
      const parti: Buffer[] = [];
      const campo = (n: string, v: string) => parti.push(Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`));
      for (const [k, v] of Object.entries({ ...A, utente_codice: p.titolare!.codice, righe: JSON.stringify([{ codice_prodotto: 'PV-1', quantita: 5 }]), messaggio: 'con allegati' })) campo(k, v);
      for (const f of files) {
        parti.push(Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="allegati"; filename="${f.nome}"\r\nContent-Type: application/octet-stream\r\n\r\n`), f.dati, Buffer.from('\r\n'));
      }
      parti.push(Buffer.from(`--${b}--\r\n`));
      return { payload: Buffer.concat(parti), headers: { 'content-type': `multipart/form-data; boundary=${b}`, cookie: p.titolare!.cookie } };
    };
    const ok = await t().app.inject({ method: 'POST', url: '/api/preventivi/richiedi', ...form([{ nome: 'disegno.pdf', dati: pdf }, { nome: 'foto.jpg', dati: jpg }]) });
    expect(ok.statusCode, ok.body).toBe(200);
    const d = await dettaglio(ok.json().id);
    expect(d.allegati.map((a: { mime: string }) => a.mime)).toEqual(['application/pdf', 'image/jpeg']);
    const foto = await cliente(p.titolare!, 'GET', 'preventivi/allegato', { id: String(ok.json().id), allegato_id: String(d.allegati[1].id) });
    expect(foto.statusCode).toBe(200);
    expect(foto.rawPayload.includes(Buffer.from('SEGRETO-GPS'))).toBe(false);
    // Another client's user never reaches it.
    expect((await cliente(p.altro!, 'GET', 'preventivi/allegato', { id: String(ok.json().id), allegato_id: String(d.allegati[1].id) })).statusCode).toBe(403);
    const html = await t().app.inject({ method: 'POST', url: '/api/preventivi/richiedi', ...form([{ nome: 'finto.pdf', dati: Buffer.from('<html><script>x</script></html>') }]) });
    expect(html.statusCode).toBe(400);
  });
});

describe('staff answer, customer accept', () => {
  it('take in charge (one person: shown to others), answer with a price and a discount chain: a new read-only version; audited; the customer mailed', async () => {
    const { id, numero } = await richiesta();
    expect((await inject('GET', 'preventivi/contatore', staff)).json().da_lavorare).toBeGreaterThan(0);
    const presa = await inject('POST', 'preventivi/prendi', staff, { id });
    expect(presa.statusCode, presa.body).toBe(200);
    const altro = await inject('POST', 'preventivi/prendi', staff2, { id });
    expect(altro.statusCode).toBe(409);
    expect(altro.json().msg).toMatch(/già in carico a Admin/);
    expect((await risposta(id, staff2)).statusCode).toBe(409);
    const r = await risposta(id);
    expect(r.statusCode, r.body).toBe(200);
    const d = await dettaglio(id);
    expect(d).toMatchObject({ versione: 1, stato_cliente: 'Risposta ricevuta', stato_staff: 'Offerta inviata', presa_da: expect.stringMatching(/^Admin/) });
    expect(d.versioni).toHaveLength(2);
    // PV-2: the customer's net 90 (list 100, client discount 10 %) less 40+10+5 = 46.17.
    expect(d.righe.map((x: { prezzo: number }) => x.prezzo)).toEqual([6.5, 46.17, 12]);
    expect(d.righe[0]).toMatchObject({ prezzo_oggi: 9, giorni_consegna: 3 });
    expect(d.totale).toBe(6.5 * 100 + 46.17 * 10 + 12 * 4);
    const [audit] = await t().database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM modifiche_admin WHERE entita = 'preventivo' AND entita_id = ${String(id)}`;
    expect(audit!.n).toBe(2);
    const [mail] = await t().database.sql<{ oggetto: string }[]>`SELECT oggetto FROM mail_uscita WHERE destinatario = 'titolare@test.local' AND oggetto LIKE ${`%${numero}%`}`;
    expect(mail!.oggetto).toMatch(/offerta pronta/);
    // The version is read-only: a second answer makes version 2, version 1 stays as sent.
    const lista = await cliente(p.titolare!, 'GET', 'preventivi/elenco', { stato: 'Risposta ricevuta' });
    expect(lista.json().preventivi.some((x: { id: number }) => x.id === id)).toBe(true);
  });

  it('accept with one line removed and one lowered: one order at the quoted prices, through crea_ordine; twice or two people at once → one order', async () => {
    const { id } = await richiesta();
    expect((await risposta(id)).statusCode).toBe(200);
    const d = await dettaglio(id);
    const [r1, r2] = d.righe;
    const body = { id, versione: 1, righe: [{ riga_id: r1.riga_id, quantita: 50 }, { riga_id: r2.riga_id, quantita: 10 }] };
    // Up is refused; a line not in the version is refused.
    expect((await cliente(p.titolare!, 'POST', 'preventivi/accetta', { ...body, righe: [{ riga_id: r1.riga_id, quantita: 101 }] })).json().msg).toMatch(/Non si può aumentare/);
    expect((await cliente(p.titolare!, 'POST', 'preventivi/accetta', { ...body, righe: [{ riga_id: 999999, quantita: 1 }] })).statusCode).toBe(400);
    // Another client: 403, nothing changes. A Consultazione may not order: 403.
    expect((await cliente(p.altro!, 'POST', 'preventivi/accetta', body)).statusCode).toBe(403);
    expect((await cliente(p.consultazione!, 'POST', 'preventivi/accetta', body)).statusCode).toBe(403);
    expect((await quoteDb(id)).stato).toBe('offerta');
    const [a1, a2, a3] = await Promise.all([
      cliente(p.titolare!, 'POST', 'preventivi/accetta', body, { 'idempotency-key': 'chiave-accetta-1' }),
      cliente(p.titolare!, 'POST', 'preventivi/accetta', body, { 'idempotency-key': 'chiave-accetta-1' }),
      cliente(p.acquisti!, 'POST', 'preventivi/accetta', body, { 'idempotency-key': 'chiave-accetta-2' }),
    ]);
    const ok = [a1!, a2!, a3!].filter((x) => x.statusCode === 200);
    const ordini = new Set(ok.map((x) => x.json().ordine_id));
    expect(ordini.size).toBe(1);
    const ordineId = [...ordini][0] as number;
    for (const x of [a1!, a2!, a3!].filter((y) => y.statusCode !== 200)) {
      expect(x.statusCode).toBe(409);
      expect(x.json().msg).toMatch(/già stato ordinato/);
    }
    const { sql } = t().database;
    const [{ n }] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM ordini WHERE nome LIKE ${`Preventivo ${d.numero}`}`;
    expect(n).toBe(1);
    const righe = await sql<{ codice_prodotto: string; qt: number; prezzo_reale: string }[]>`
      SELECT codice_prodotto, qt, prezzo_reale::text FROM ordini_righe WHERE ordine_id = ${ordineId} ORDER BY codice_prodotto`;
    expect(righe).toEqual([{ codice_prodotto: 'PV-1', qt: 50, prezzo_reale: '6.500' }, { codice_prodotto: 'PV-2', qt: 10, prezzo_reale: '46.170' }]);
    const [o] = await sql<{ totale: string }[]>`SELECT totale::text FROM ordini WHERE id = ${ordineId}`;
    expect(Number(o!.totale)).toBeCloseTo(6.5 * 50 + 46.17 * 10, 3);
    expect(await quoteDb(id)).toMatchObject({ stato: 'ordinata', ordine_id: ordineId });
    expect((await dettaglio(id)).stato_cliente).toBe('Ordinata');
    // The winning request again (a retry, the same person and key) answers the same order.
    const [chi, chiave] = a3!.statusCode === 200 ? [p.acquisti!, 'chiave-accetta-2'] : [p.titolare!, 'chiave-accetta-1'];
    const ancora = await cliente(chi, 'POST', 'preventivi/accetta', body, { 'idempotency-key': chiave });
    expect(ancora.statusCode, ancora.body).toBe(200);
    expect(ancora.json().ordine_id).toBe(ordineId);
  });

  it('the order keeps the quoted price even when the list price changes after; a superseded version is refused', async () => {
    const { id } = await richiesta();
    expect((await risposta(id)).statusCode).toBe(200);
    const v1 = await dettaglio(id);
    expect((await risposta(id)).statusCode).toBe(200);
    const v2 = await dettaglio(id);
    expect(v2.versione).toBe(2);
    expect(v2.versioni[1].righe.map((x: { prezzo: number }) => x.prezzo)).toEqual([6.5, 46.17, 12]);
    const vecchia = await cliente(p.titolare!, 'POST', 'preventivi/accetta', { id, versione: 1, righe: [{ riga_id: v1.righe[0].riga_id, quantita: 1 }] });
    expect(vecchia.statusCode).toBe(409);
    expect(vecchia.json().msg).toMatch(/La versione 1 non è più valida/);
    const { sql } = t().database;
    await sql`UPDATE prodotti_prezzi SET prezzo = 200 WHERE prodotto_id = (SELECT id FROM prodotti WHERE codice_prodotto = 'PV-2')`;
    try {
      const a = await cliente(p.titolare!, 'POST', 'preventivi/accetta', { id, versione: 2, righe: [{ riga_id: v2.righe[1].riga_id, quantita: 10 }] });
      expect(a.statusCode, a.body).toBe(200);
      const [r] = await sql<{ prezzo_reale: string }[]>`SELECT prezzo_reale::text FROM ordini_righe WHERE ordine_id = ${a.json().ordine_id}`;
      expect(r!.prezzo_reale).toBe('46.170');
    } finally {
      await sql`UPDATE prodotti_prezzi SET prezzo = 100 WHERE prodotto_id = (SELECT id FROM prodotti WHERE codice_prodotto = 'PV-2')`;
    }
  });

  it('an expired offer is read-only: accept refused in Italian; staff reopen it with a new date', async () => {
    const { id } = await richiesta();
    expect((await risposta(id)).statusCode).toBe(200);
    const d = await dettaglio(id);
    await t().database.sql`UPDATE preventivi SET scade_at = now() - interval '1 minute' WHERE id = ${id}`;
    expect((await dettaglio(id)).stato_cliente).toBe('Scaduta');
    const a = await cliente(p.titolare!, 'POST', 'preventivi/accetta', { id, versione: 1, righe: [{ riga_id: d.righe[0].riga_id, quantita: 1 }] });
    expect(a.statusCode).toBe(409);
    expect(a.json().msg).toMatch(/scaduto/);
    expect((await cliente(p.titolare!, 'POST', 'preventivi/revisione', { id, messaggio: 'ancora?' })).statusCode).toBe(409);
    const scaduti = await cliente(p.titolare!, 'GET', 'preventivi/elenco', { stato: 'Scaduta' });
    expect(scaduti.json().preventivi.map((x: { id: number }) => x.id)).toContain(id);
    const riapri = await inject('POST', 'preventivi/riapri', staff, { id, validita: 10 });
    expect(riapri.statusCode, riapri.body).toBe(200);
    const ok = await cliente(p.titolare!, 'POST', 'preventivi/accetta', { id, versione: 1, righe: [{ riga_id: d.righe[0].riga_id, quantita: 1 }] });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('revision sends it back to staff; a declined quote cannot be accepted; staff may ask for information', async () => {
    const { id } = await richiesta();
    const q = await inject('POST', 'preventivi/domanda', staff, { id, messaggio: 'Quale finitura?' });
    expect(q.statusCode, q.body).toBe(200);
    expect((await dettaglio(id)).stato_cliente).toBe('Serve una tua risposta');
    expect((await cliente(p.titolare!, 'POST', 'preventivi/revisione', { id, messaggio: 'Cromata' })).statusCode).toBe(200);
    expect((await dettaglio(id)).stato_cliente).toBe('In lavorazione');
    expect((await risposta(id)).statusCode).toBe(200);
    expect((await cliente(p.titolare!, 'POST', 'preventivi/revisione', { id, messaggio: 'Meglio su PV-2?' })).statusCode).toBe(200);
    expect((await dettaglio(id, 'staff')).stato_staff).toBe('Presa in carico');
    expect((await risposta(id)).statusCode).toBe(200);
    const d = await dettaglio(id);
    expect(d.versione).toBe(2);
    expect((await cliente(p.titolare!, 'POST', 'preventivi/rifiuta', { id, motivo: '' })).statusCode).toBe(400);
    const r = await cliente(p.titolare!, 'POST', 'preventivi/rifiuta', { id, motivo: 'Troppo caro' });
    expect(r.statusCode, r.body).toBe(200);
    const dd = await dettaglio(id, 'staff');
    expect(dd).toMatchObject({ stato_cliente: 'Rifiutata', stato_staff: 'Chiusa persa', motivo_rifiuto: 'Troppo caro' });
    const a = await cliente(p.titolare!, 'POST', 'preventivi/accetta', { id, versione: 2, righe: [{ riga_id: d.righe[0].riga_id, quantita: 1 }] });
    expect(a.statusCode).toBe(409);
    expect(a.json().msg).toMatch(/rifiutato/);
    expect((await risposta(id)).statusCode).toBe(409);
  });

  it('hostile: another client reads nothing (403), customers cannot call staff calls (403), no session 401', async () => {
    const { id } = await richiesta();
    expect((await cliente(p.altro!, 'GET', 'preventivi/dettaglio', { id: String(id) })).statusCode).toBe(403);
    expect((await cliente(p.altro!, 'POST', 'preventivi/rifiuta', { id, motivo: 'x' })).statusCode).toBe(403);
    expect((await cliente(p.altro!, 'POST', 'preventivi/revisione', { id, messaggio: 'x' })).statusCode).toBe(403);
    expect((await quoteDb(id)).stato).toBe('inviata');
    expect((await inject('POST', 'preventivi/rispondi', p.titolare!.cookie, { id, righe: [] })).statusCode).toBe(403);
    expect((await inject('GET', 'preventivi/coda', p.titolare!.cookie)).statusCode).toBe(403);
    expect((await inject('GET', `preventivi/dettaglio?id=${id}`, null)).statusCode).toBe(401);
    expect((await inject('POST', 'preventivi/accetta', null, { id: 'x' })).statusCode).toBe(401);
    const lista = await cliente(p.altro!, 'GET', 'preventivi/elenco');
    expect(lista.json().totale).toBe(0);
    const bad = await inject('POST', 'preventivi/rispondi', staff, { id, righe: [{ riga_id: 1, prezzo: 1, sconti: '10' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/prezzo netto oppure una catena di sconti/);
    expect((await inject('POST', 'preventivi/rispondi', staff, { id, righe: [{ riga_id: 1, sconti: '40++' }] })).statusCode).toBe(400);
    expect(clienteA).toBeGreaterThan(0);
  });

  it('the staff queue filters by label and number, bounded pages', async () => {
    const { id, numero } = await richiesta();
    const r = await inject('GET', `preventivi/coda?${new URLSearchParams({ numero, stato: 'Nuova', limit: '5' })}`, staff);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().preventivi.map((x: { id: number }) => x.id)).toEqual([id]);
    expect((await inject('GET', 'preventivi/coda?limit=500', staff)).statusCode).toBe(400);
    // Digits beyond a number's six match nothing (never an integer overflow).
    const lungo = await inject('GET', 'preventivi/coda?numero=9007199254740994', staff);
    expect(lungo.statusCode).toBe(200);
    expect(lungo.json().totale).toBe(0);
  });
});

describe('expiry job', () => {
  it('mails staff two days before and the customer one day before, once each; then marks the offer expired', async () => {
    const { id, numero } = await richiesta();
    expect((await inject('POST', 'preventivi/prendi', staff, { id })).statusCode).toBe(200);
    expect((await risposta(id)).statusCode).toBe(200);
    const { sql } = t().database;
    const mails = async (a: string) => (await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM mail_uscita WHERE destinatario = ${a} AND oggetto LIKE ${`Preventivo ${numero} in scadenza%`}`)[0]!.n;
    const corri = async () => {
      await sql`SELECT graphile_worker.add_job('scadenza_preventivi', '{}'::json)`;
      await t().app.deps.lavori.esegui();
    };
    await sql`UPDATE preventivi SET scade_at = now() + interval '36 hours' WHERE id = ${id}`;
    await corri();
    await corri();
    expect(await mails('staff@test.local')).toBe(1);
    expect(await mails('titolare@test.local')).toBe(0);
    await sql`UPDATE preventivi SET scade_at = now() + interval '12 hours' WHERE id = ${id}`;
    await corri();
    await corri();
    expect(await mails('staff@test.local')).toBe(1);
    expect(await mails('titolare@test.local')).toBe(1);
    await sql`UPDATE preventivi SET scade_at = now() - interval '1 minute' WHERE id = ${id}`;
    await corri();
    expect((await quoteDb(id)).stato).toBe('scaduta');
    const d = await dettaglio(id);
    expect(d.stato_cliente).toBe('Scaduta');
    expect(d.messaggi.at(-1)).toMatchObject({ autore: 'sistema', tipo: 'scadenza' });
  });
});

describe('preventivi/pdf', () => {
  it('draws a version: number, validity, lines with net and quoted prices, totals, VAT, conditions; customer and staff; another client 403', async () => {
    const { id, numero } = await richiesta();
    const senza = await cliente(p.titolare!, 'GET', 'preventivi/pdf', { id: String(id) });
    expect(senza.statusCode).toBe(403);
    expect((await risposta(id)).statusCode).toBe(200);
    const r = await cliente(p.titolare!, 'GET', 'preventivi/pdf', { id: String(id), versione: '1' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toMatch(/application\/pdf/);
    const testo = (await testoPdf(r.rawPayload)).join('\n').replace(/\s+/g, ' ');
    expect(testo).toContain(`Preventivo ${numero}`);
    expect(testo).toContain('Versione 1');
    expect(testo).toMatch(/Valido fino al \d{2}\/\d{2}\/\d{4}/);
    expect(testo).toContain('Raccordo');
    expect(testo).toContain('Staffa su misura');
    expect(testo).toContain('6,500');
    expect(testo).toContain('46,170');
    expect(testo).toContain('9,000');
    // 650 + 461.70 + 48 = 1159.70 at 22 %: VAT 255.13.
    expect(testo).toMatch(/Totale preventivo 1\.159,70/);
    expect(testo).toMatch(/255,13/);
    expect(testo).toContain('Condizioni');
    expect((await inject('GET', `preventivi/pdf?id=${id}`, staff)).statusCode).toBe(200);
    expect((await cliente(p.altro!, 'GET', 'preventivi/pdf', { id: String(id) })).statusCode).toBe(403);
    expect((await inject('GET', `preventivi/pdf?id=${id}`, null)).statusCode).toBe(401);
  });
});

describe('default validity', () => {
  it('30 days unless staff set another, audited; an answer without validita takes it', async () => {
    expect((await inject('GET', 'preventivi/validita', staff)).json()).toEqual({ giorni_validita: 30 });
    expect((await inject('POST', 'preventivi/validita/imposta', staff, { giorni_validita: 0 })).statusCode).toBe(400);
    expect((await inject('POST', 'preventivi/validita/imposta', p.titolare!.cookie, { giorni_validita: 10 })).statusCode).toBe(403);
    const r = await inject('POST', 'preventivi/validita/imposta', staff, { giorni_validita: 10 });
    expect(r.json()).toEqual({ giorni_validita: 10 });
    try {
      const { id } = await richiesta();
      const d = await dettaglio(id, 'staff');
      const a = await inject('POST', 'preventivi/rispondi', staff, { id, righe: d.righe.map((x: { riga_id: number }) => ({ riga_id: x.riga_id, prezzo: 1 })) });
      expect(a.statusCode, a.body).toBe(200);
      const [g] = await t().database.sql<{ giorni: number }[]>`SELECT round(extract(epoch FROM scade_at - now()) / 86400)::int AS giorni FROM preventivi WHERE id = ${id}`;
      expect(g!.giorni).toBeGreaterThanOrEqual(10);
      expect(g!.giorni).toBeLessThanOrEqual(11);
      const [m] = await t().database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM modifiche_admin WHERE dettagli ? 'giorni_validita_preventivo'`;
      expect(m!.n).toBe(1);
    } finally {
      await inject('POST', 'preventivi/validita/imposta', staff, { giorni_validita: 30 });
    }
  });
});

describe('preventivi/crea (staff, a phone request)', () => {
  it('opens a quote for a client, in the opener\'s charge and audited; the client sees it; an unknown client is refused', async () => {
    const r = await inject('POST', 'preventivi/crea', staff, { ...A, righe: [{ codice_prodotto: 'PV-3', quantita: 2 }], messaggio: 'Telefonata del titolare' });
    expect(r.statusCode, r.body).toBe(200);
    const { id, numero } = r.json();
    const d = await dettaglio(id);
    expect(d).toMatchObject({ numero, stato_cliente: 'In lavorazione', presa_da: expect.stringMatching(/^Admin/) });
    expect(d.messaggi[0]).toMatchObject({ autore: 'staff', tipo: 'richiesta', testo: 'Telefonata del titolare' });
    const [audit] = await t().database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM modifiche_admin WHERE azione = 'preventivo.crea' AND entita_id = ${String(id)}`;
    expect(audit!.n).toBe(1);
    expect((await risposta2(id)).statusCode).toBe(200);
    const ignoto = await inject('POST', 'preventivi/crea', staff, { azienda_codice: '0001', cliente_codice: '999999', righe: [{ codice_prodotto: 'PV-3', quantita: 1 }] });
    expect(ignoto.statusCode).toBe(400);
    expect((await inject('POST', 'preventivi/crea', p.titolare!.cookie, { ...A, righe: [{ codice_prodotto: 'PV-3', quantita: 1 }] })).statusCode).toBe(403);
    expect((await inject('POST', 'preventivi/crea', null, { x: 1 })).statusCode).toBe(401);
  });
});

/** An answer to a one-line quote. */
async function risposta2(id: number) {
  const d = await dettaglio(id, 'staff');
  return inject('POST', 'preventivi/rispondi', staff, { id, righe: d.righe.map((x: { riga_id: number }) => ({ riga_id: x.riga_id, prezzo: 40 })) });
}

describe('preventivi/crea: one quote per click', () => {
  const conta = async () => (await t().database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM preventivi WHERE cliente_id = ${clienteA}`)[0]!.n;

  it('the same Idempotency-Key twice at once opens one quote, audited once; a new key another', async () => {
    const prima = await conta();
    const corpo = { ...A, righe: [{ codice_prodotto: 'PV-1', quantita: 5 }], righe_libere: [{ descrizione: 'Taglio a misura', quantita: 1 }], messaggio: 'Al telefono' };
    const [x, y] = await Promise.all([
      inject('POST', 'preventivi/crea', staff, corpo, { 'idempotency-key': 'crea-staff-0001' }),
      inject('POST', 'preventivi/crea', staff, corpo, { 'idempotency-key': 'crea-staff-0001' }),
    ]);
    expect([x.statusCode, y.statusCode], x.body).toEqual([200, 200]);
    expect(x.json().id).toBe(y.json().id);
    expect(await conta()).toBe(prima + 1);
    const [audit] = await t().database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM modifiche_admin WHERE azione = 'preventivo.crea' AND entita_id = ${String(x.json().id)}`;
    expect(audit!.n).toBe(1);
    const d = await dettaglio(x.json().id, 'staff');
    expect(d.righe.map((r: { codice_prodotto: string | null; quantita: number }) => [r.codice_prodotto, r.quantita])).toEqual([['PV-1', 5], [null, 1]]);
    const nuova = await inject('POST', 'preventivi/crea', staff, { ...corpo, idempotency_key: 'crea-staff-0002' });
    expect(nuova.json().id).not.toBe(x.json().id);
    expect(await conta()).toBe(prima + 2);
  });

  it('for the user of the client who called: theirs by name, and the offer\'s mail goes to them; another client\'s user is refused', async () => {
    const r = await inject('POST', 'preventivi/crea', staff, { ...A, utente_id: p.acquisti!.id, righe: [{ codice_prodotto: 'PV-2', quantita: 3 }] });
    expect(r.statusCode, r.body).toBe(200);
    const { id, numero } = r.json();
    expect((await dettaglio(id, p.acquisti)).richiedente).toBe('acquisti Prova');
    expect((await risposta2(id)).statusCode).toBe(200);
    const [mail] = await t().database.sql<{ oggetto: string }[]>`SELECT oggetto FROM mail_uscita WHERE destinatario = 'acquisti@test.local' AND oggetto LIKE ${`%${numero}%`}`;
    expect(mail?.oggetto).toMatch(/offerta pronta/);
    const prima = await conta();
    const altro = await inject('POST', 'preventivi/crea', staff, { ...A, utente_id: p.altro!.id, righe: [{ codice_prodotto: 'PV-2', quantita: 3 }] });
    expect(altro.statusCode).toBe(400);
    expect(altro.json().msg).toMatch(/non è un utente di questo cliente/);
    expect(await conta()).toBe(prima);
  });

  it('malformed input: 400 with an Italian message, nothing opened', async () => {
    const prima = await conta();
    const casi: [object, RegExp][] = [
      [{ ...A, righe: [] }, /almeno una riga/],
      [{ ...A, righe: [{ codice_prodotto: 'PV-1', quantita: 0 }] }, /Quantità non valida/],
      [{ ...A, righe: [{ codice_prodotto: 'NON-ESISTE', quantita: 1 }] }, /NON-ESISTE/],
      [{ ...A, righe: [{ codice_prodotto: 'PV-1', quantita: 1 }], idempotency_key: 'x y' }, /Idempotency-Key/],
      [{ ...A, righe: [{ codice_prodotto: 'PV-1', quantita: 1 }], utente_id: 'uno' }, /Utente/],
    ];
    for (const [corpo, msg] of casi) {
      const r = await inject('POST', 'preventivi/crea', staff, corpo);
      expect(r.statusCode, JSON.stringify(corpo)).toBe(400);
      expect(r.json().msg).toMatch(msg);
    }
    expect(await conta()).toBe(prima);
  });
});
