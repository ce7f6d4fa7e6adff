import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createAzienda, createCliente, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';

// utenti/collegamento (docs/regole/organizzazione.md#the-wholesalers-staff): the staff change a
// user's role, limits, switches and suspension on one client; audited in the admin trail and in
// the client's own history; the client keeps an active Titolare.
const t = useTestApp();
let admin = '';
let cookieCliente = '';
const c: Record<string, number> = {};
const u: Record<string, { id: number; codice: string; username: string; password: string }> = {};

beforeAll(async () => {
  const { db } = t().database;
  await createAzienda(db, { codice: '0001' });
  c.rossi = (await createCliente(db, { aziendaCodice: '0001', codice: '000100' })).id;
  c.bianchi = (await createCliente(db, { aziendaCodice: '0001', codice: '000200' })).id;
  c.solo = (await createCliente(db, { aziendaCodice: '0001', codice: '000300' })).id;
  c.coppia = (await createCliente(db, { aziendaCodice: '0001', codice: '000400' })).id;
  admin = await loginAdmin(t().app, await createAdmin(db, { username: 'admin.ruoli' }));
  u.mario = await createUtente(db, { clienti: [c.rossi], nome: 'Mario', cognome: 'Rossi' });
  u.luca = await createUtente(db, { clienti: [c.rossi], nome: 'Luca', cognome: 'Verdi', collegamento: { ruolo: 'operatore' } });
  u.solo = await createUtente(db, { clienti: [c.solo], nome: 'Solo', cognome: 'Titolare' });
  u.primo = await createUtente(db, { clienti: [c.coppia], nome: 'Primo', cognome: 'Titolare' });
  u.secondo = await createUtente(db, { clienti: [c.coppia], nome: 'Secondo', cognome: 'Titolare' });
  cookieCliente = await loginCliente(t().app, u.mario);
});

const post = (payload: Record<string, unknown>, cookie: string | null = admin) =>
  t().app.inject({ method: 'POST', url: '/api/utenti/collegamento', payload, headers: cookie ? { cookie } : {} });
const link = async (utenteId: number, clienteId: number) => (await t().database.sql<{ ruolo: string; stato: string; limite_ordine: string | null;
  budget_mensile: string | null; vede_prezzi: boolean; vede_documenti: boolean }[]>`
  SELECT ruolo, stato, limite_ordine::text, budget_mensile::text, vede_prezzi, vede_documenti FROM utenti_clienti
  WHERE utente_id = ${utenteId} AND cliente_id = ${clienteId}`)[0];
const audit = async (utenteId: number) => t().database.sql<{ azione: string; cliente_id: number; dettagli: Record<string, unknown> }[]>`
  SELECT azione, cliente_id, dettagli FROM modifiche_admin WHERE azione = 'utente.collegamento' AND utente_id = ${utenteId} ORDER BY id`;
const eventi = async (clienteId: number) => t().database.sql<{ azione: string; autore_nome: string; autore_admin_id: number | null; soggetto_nome: string }[]>`
  SELECT azione, autore_nome, autore_admin_id, soggetto_nome FROM eventi_organizzazione WHERE cliente_id = ${clienteId} ORDER BY id`;

describe('utenti/collegamento', () => {
  it('401 without a session before the input is read, 403 for a customer, nothing changed', async () => {
    expect((await post({ utente_id: 'x' }, null)).statusCode).toBe(401);
    const res = await post({ utente_id: u.luca!.id, cliente_id: c.rossi, ruolo: 'titolare' }, cookieCliente);
    expect(res.statusCode).toBe(403);
    expect(await link(u.luca!.id, c.rossi!)).toMatchObject({ ruolo: 'operatore' });
  });

  it.each([
    [{ ruolo: 'capo' }, 'ruolo deve essere uno tra: titolare, acquisti, operatore, consultazione'],
    [{ limite_ordine: -1 }, 'Limite per ordine: non può essere negativo'],
    [{ budget_mensile: 'mille' }, 'Budget mensile: un importo in euro o null per nessun limite'],
    [{ limite_ordine: 10.123 }, 'Limite per ordine: al massimo 2 decimali'],
    [{ vede_prezzi: 'no' }, 'vede_prezzi deve essere true o false'],
    [{ utente_id: 0 }, 'utente_id non valido'],
  ])('400 for %j with a clear message, nothing changed', async (cattivo, msg) => {
    const res = await post({ utente_id: u.luca!.id, cliente_id: c.rossi, ...cattivo });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toContain(msg);
    expect(await link(u.luca!.id, c.rossi!)).toMatchObject({ ruolo: 'operatore', limite_ordine: null, vede_prezzi: true });
  });

  it('404 for a user not linked to the client', async () => {
    const res = await post({ utente_id: u.luca!.id, cliente_id: c.bianchi, ruolo: 'acquisti' });
    expect([res.statusCode, res.json().msg]).toEqual([404, "L'utente non è collegato a questo cliente."]);
  });

  it('changes role, limits and switches, answers the link, audits it once and records it in the client\'s history', async () => {
    const input = { utente_id: u.luca!.id, cliente_id: c.rossi, ruolo: 'acquisti', limite_ordine: 500, budget_mensile: 2000.5, vede_prezzi: false };
    // The same change twice at once (a double click): one change, one record.
    const [a, b] = await Promise.all([post(input), post(input)]);
    for (const r of [a, b]) expect(r.json(), r.body).toMatchObject({ status: 0, msg: 'Ruolo, limiti e visibilità aggiornati.' });
    expect(a.json().collegamento).toMatchObject({ id: c.rossi, ruolo: 'acquisti', stato: 'attivo', limite_ordine: '500.00', budget_mensile: '2000.50', vede_prezzi: false, vede_documenti: true });
    expect(await link(u.luca!.id, c.rossi!)).toEqual({ ruolo: 'acquisti', stato: 'attivo', limite_ordine: '500.00', budget_mensile: '2000.50', vede_prezzi: false, vede_documenti: true });
    const righe = await audit(u.luca!.id);
    expect(righe).toHaveLength(1);
    expect(righe[0]).toMatchObject({ cliente_id: c.rossi, dettagli: { prima: { ruolo: 'operatore', limite_ordine: null }, dopo: { ruolo: 'acquisti', limite_ordine: '500.00' } } });
    expect((await eventi(c.rossi!)).map((e) => [e.azione, e.autore_nome, e.soggetto_nome])).toEqual(['ruolo', 'limiti', 'permessi']
      .map((azione) => [azione, expect.stringMatching(/^Admin N\d+$/), 'Luca Verdi']));
    // The staff's history shows it in words; utenti/read shows the link as it is now.
    const letto = await t().app.inject({ url: `/api/utenti/read?utente_id=${u.luca!.id}`, headers: { cookie: admin } });
    expect(letto.json().utenti[0].clienti[0]).toMatchObject({ ruolo: 'acquisti', vede_prezzi: false });
  });

  it('the user\'s session follows at once: suspended on the client, it is no longer theirs', async () => {
    const cookieLuca = await loginCliente(t().app, u.luca!, 'device-7');
    const scope = `azienda_codice=0001&cliente_codice=000100&utente_codice=${u.luca!.codice}`;
    expect((await t().app.inject({ url: `/api/ordini/elenco?${scope}`, headers: { cookie: cookieLuca } })).statusCode).toBe(200);
    expect((await post({ utente_id: u.luca!.id, cliente_id: c.rossi, sospeso: true })).json()).toMatchObject({ status: 0, collegamento: { stato: 'sospeso' } });
    await expect.poll(async () => (await t().app.inject({ url: `/api/ordini/elenco?${scope}`, headers: { cookie: cookieLuca } })).statusCode).toBe(403);
    expect((await post({ utente_id: u.luca!.id, cliente_id: c.rossi, sospeso: false })).json()).toMatchObject({ collegamento: { stato: 'attivo' } });
    expect((await eventi(c.rossi!)).slice(-2).map((e) => e.azione)).toEqual(['sospensione', 'riattivazione']);
  });

  it('keeps the last active Titolare: demoting or suspending them is refused, nothing changed; with another it is allowed', async () => {
    for (const cambio of [{ ruolo: 'operatore' }, { sospeso: true }]) {
      const res = await post({ utente_id: u.solo!.id, cliente_id: c.solo, ...cambio });
      expect([res.statusCode, res.json().code, res.json().msg])
        .toEqual([409, 'ultimo_titolare', 'Il cliente deve avere almeno un titolare attivo: nomina prima un altro titolare.']);
      expect(await link(u.solo!.id, c.solo!)).toMatchObject({ ruolo: 'titolare', stato: 'attivo' });
    }
    expect(await audit(u.solo!.id)).toHaveLength(0);
    // Two Titolari demoted at once: one goes, the other stays the last.
    const [a, b] = await Promise.all([
      post({ utente_id: u.primo!.id, cliente_id: c.coppia, ruolo: 'acquisti' }),
      post({ utente_id: u.secondo!.id, cliente_id: c.coppia, ruolo: 'acquisti' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const ruoli = await t().database.sql<{ ruolo: string }[]>`SELECT ruolo FROM utenti_clienti WHERE cliente_id = ${c.coppia!} ORDER BY ruolo`;
    expect(ruoli.map((r) => r.ruolo)).toEqual(['acquisti', 'titolare']);
  });

  it('names a linked user Titolare (the client\'s page)', async () => {
    const res = await post({ utente_id: u.luca!.id, cliente_id: c.rossi, ruolo: 'titolare' });
    expect(res.json()).toMatchObject({ status: 0, collegamento: { ruolo: 'titolare' } });
    const dettaglio = await t().app.inject({ url: `/api/clienti/details?cliente_id=${c.rossi}`, headers: { cookie: admin } });
    expect(dettaglio.statusCode, dettaglio.body).toBe(200);
    expect(dettaglio.json().cliente.utenti.map((x: { id: number; ruolo: string }) => [x.id, x.ruolo]).sort())
      .toEqual([[u.mario!.id, 'titolare'], [u.luca!.id, 'titolare']].sort());
  });
});
