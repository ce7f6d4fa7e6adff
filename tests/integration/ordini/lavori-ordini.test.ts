import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/client.js';
import { createAzienda, createCliente, createProdotto, createUtente } from '../../support/factories.js';
import { createTestDatabase } from '../../support/test-db.js';

// The jobs of a confirmed order (its confirmation mail, its hand-over to the ERP) are queued after
// the order's transaction, not in it (server/ordini/sql/accoda_lavori_ordini.sql says why: the
// queue's pg_notify made every order wait for the previous one's disk flush), and queued again by
// the workers when that call never ran.
let tdb: Awaited<ReturnType<typeof createTestDatabase>>;
let database: Database;
let ascolto: postgres.Sql;
const notifiche: string[] = [];
let utenteId = 0;
let clienteId = 0;
let n = 0;

beforeAll(async () => {
  tdb = await createTestDatabase();
  database = tdb.database;
  const { db } = database;
  const az = await createAzienda(db);
  const c = await createCliente(db, { aziendaCodice: az.codice });
  clienteId = c.id;
  utenteId = (await createUtente(db, { clienti: [c.id] })).id;
  await createProdotto(db, { codiceProdotto: 'LAV-1', descrizione1: 'Vite', prezzi: { 1: '1.000' }, disponibilita: 1000 });
  ascolto = postgres(tdb.url, { max: 1, onnotice: () => {} });
  await ascolto.listen('jobs:insert', (p) => notifiche.push(p));
});
afterAll(async () => {
  await ascolto?.end();
  await tdb?.drop();
});

/** An order as ordini/create makes it, without the call that queues its jobs (as if its process stopped there). */
async function ordineSenzaLavori(): Promise<number> {
  const [r] = await database.sql<{ esito: string; ordine_id: number }[]>`
    SELECT * FROM crea_ordine(${JSON.stringify({
      utente_id: utenteId, cliente_id: clienteId, listino: 1, sconto: '0', righe: [{ codice_prodotto: 'LAV-1', qt: 1 }],
      idempotency_key: `lavori-${++n}`, azienda_codice: 'AZ', cliente_codice: 'CL', utente_codice: 'UT', cliente_nome: 'Cliente',
      azienda_nome: 'Azienda', utente_nome: 'Utente', nome: '', note: '', riferimento_cantiere: null, esporta: true,
    })}::jsonb)`;
  expect(r!.esito).toBe('ok');
  return r!.ordine_id;
}

const lavoriDi = async (ordineId: number) => {
  const [m] = await database.sql<{ id: number }[]>`SELECT id FROM mail_uscita WHERE ordine_id = ${ordineId}`;
  const righe = await database.sql<{ key: string; task_identifier: string }[]>`
    SELECT key, task_identifier FROM graphile_worker.jobs WHERE key = ANY(${[`mail:${m!.id}`, `erp:${ordineId}`]}::text[]) ORDER BY key`;
  return righe.map((r) => `${r.task_identifier} ${r.key.replace(/\d+$/, '')}`);
};

/** Lets a notification sent now reach the listener. */
const unAttimo = () => database.sql`SELECT pg_sleep(0.3)`;

describe("an order's jobs", () => {
  it("are not queued in the order's transaction, which notifies nobody; accoda_lavori_ordini queues each once", async () => {
    const prima = notifiche.length;
    const id = await ordineSenzaLavori();
    await unAttimo();
    expect(notifiche.length).toBe(prima);
    expect(await lavoriDi(id)).toEqual([]);
    // The order's mail row and its wait for the ERP were written with it.
    expect(await database.sql`SELECT erp_stato FROM ordini WHERE id = ${id}`).toEqual([{ erp_stato: 'in_attesa' }]);

    await database.sql`SELECT accoda_lavori_ordini(${[id]}::int[])`;
    await unAttimo();
    expect(notifiche.length).toBeGreaterThan(prima);
    expect(await lavoriDi(id)).toEqual(['esporta_ordine erp:', 'invia_mail mail:']);
    // Again: the jobs waiting are left as they are, none added.
    await database.sql`SELECT accoda_lavori_ordini(${[id]}::int[])`;
    const [{ quanti }] = await database.sql<{ quanti: number }[]>`
      SELECT count(*)::int AS quanti FROM graphile_worker.jobs j JOIN mail_uscita m ON j.key = 'mail:' || m.id WHERE m.ordine_id = ${id}`;
    expect(quanti).toBe(1);
  });

  it("not queued by their call are queued by the workers' sweep once the order is 30 s old, once", async () => {
    const id = await ordineSenzaLavori();
    // Too recent: its own call may still be on its way.
    expect(await database.sql`SELECT riaccoda_lavori_ordini() AS n`).toEqual([{ n: 0 }]);
    expect(await lavoriDi(id)).toEqual([]);

    await database.sql`UPDATE ordini SET created_at = created_at - interval '1 minute' WHERE id = ${id}`;
    await database.sql`UPDATE mail_uscita SET created_at = created_at - interval '1 minute' WHERE ordine_id = ${id}`;
    expect(await database.sql`SELECT riaccoda_lavori_ordini() AS n`).toEqual([{ n: 1 }]);
    expect(await lavoriDi(id)).toEqual(['esporta_ordine erp:', 'invia_mail mail:']);
    expect(await database.sql`SELECT riaccoda_lavori_ordini() AS n`).toEqual([{ n: 0 }]);
  });

  it("a mail written about an order in its transaction (a held order's approvers) waits for the order's jobs, and for the sweep", async () => {
    const prima = notifiche.length;
    const id = await ordineSenzaLavori();
    const [m] = await database.sql<{ id: number }[]>`
      SELECT accoda_mail(p_destinatario => 'titolare@example.com', p_oggetto => 'Da approvare', p_testo => 'Ordine', p_dopo_ordine_id => ${id}) AS id`;
    await unAttimo();
    expect(notifiche.length).toBe(prima);
    const jobDi = async () => database.sql`SELECT task_identifier FROM graphile_worker.jobs WHERE key = ${`mail:${m!.id}`}`;
    expect(await jobDi()).toEqual([]);
    await database.sql`UPDATE ordini SET created_at = created_at - interval '1 minute' WHERE id = ${id}`;
    await database.sql`UPDATE mail_uscita SET created_at = created_at - interval '1 minute' WHERE ordine_id = ${id} OR dopo_ordine_id = ${id}`;
    expect(await database.sql`SELECT riaccoda_lavori_ordini() AS n`).toEqual([{ n: 1 }]);
    expect(await jobDi()).toEqual([{ task_identifier: 'invia_mail' }]);
    // Only a composed mail follows an order.
    await expect(database.sql`SELECT accoda_mail(p_ordine_id => ${id}, p_dopo_ordine_id => ${id})`).rejects.toThrow(/mail composta segue un ordine|uno solo|senza destinatario/);
  });

  it('a mail already tried, or an order handed over, is not queued again by the sweep', async () => {
    const id = await ordineSenzaLavori();
    await database.sql`UPDATE ordini SET created_at = created_at - interval '1 minute', erp_stato = 'inviato' WHERE id = ${id}`;
    await database.sql`UPDATE mail_uscita SET created_at = created_at - interval '1 minute', tentativi = 10, ultimo_errore = 'rifiutata' WHERE ordine_id = ${id}`;
    expect(await database.sql`SELECT riaccoda_lavori_ordini() AS n`).toEqual([{ n: 0 }]);
    expect(await lavoriDi(id)).toEqual([]);
  });
});
