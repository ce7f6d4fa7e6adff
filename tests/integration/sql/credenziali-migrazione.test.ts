import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/client.js';
import { MIGRATIONS_DIR } from '../../../server/db/migrate.js';
import { createTestDatabase } from '../../support/test-db.js';

// Migration 0029: credentials mailed before it carried their temporary password in clear in
// mail_uscita.testo. Its hand-written statements take it out, and one still waiting is not sent.
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => {
  await drop?.();
});

const statements = fs.readFileSync(path.join(MIGRATIONS_DIR, '0029_credenziali_all_invio.sql'), 'utf8')
  .split('--> statement-breakpoint').filter((s) => s.includes('Password temporanea'));

describe('migration 0029 on credentials mailed before it', () => {
  it('removes their passwords, and a waiting one loses its job and says to send again', async () => {
    const { sql } = database;
    const testo = (pw: string) => `Gentile Mario Rossi,\nUsername: mario@test.local\nPassword temporanea: ${pw}\n\nAl primo accesso…`;
    const accoda = async (pw: string) => (await sql<{ id: number }[]>`
      SELECT accoda_mail(p_destinatario => 'mario@test.local', p_oggetto => 'Credenziali di accesso al portale', p_testo => ${testo(pw)}) AS id`)[0]!.id;
    const inviata = await accoda('k7Hq2-Xm9aP-ts4Wd');
    await sql`UPDATE mail_uscita SET inviata_at = now(), tentativi = 1 WHERE id = ${inviata}`;
    await sql`SELECT graphile_worker.remove_job(${`mail:${inviata}`})`;
    const inAttesa = await accoda('Ab3de-Fg4hj-Km5np');
    const altra = (await sql<{ id: number }[]>`
      SELECT accoda_mail(p_destinatario => 'ufficio@test.local', p_oggetto => 'Contatto', p_testo => 'Una password? No.') AS id`)[0]!.id;

    expect(statements).toHaveLength(2);
    for (const s of statements) await sql.unsafe(s);

    const righe = await sql<{ id: number; testo: string; ultimo_errore: string | null }[]>`
      SELECT id, testo, ultimo_errore FROM mail_uscita WHERE id IN (${inviata}, ${inAttesa}, ${altra}) ORDER BY id`;
    expect(righe).toEqual([
      { id: inviata, testo: testo('[rimossa]'), ultimo_errore: null },
      { id: inAttesa, testo: testo('[rimossa]'), ultimo_errore: 'Credenziali annullate dall\'aggiornamento del portale: inviarle di nuovo.' },
      { id: altra, testo: 'Una password? No.', ultimo_errore: null },
    ]);
    const jobs = await sql<{ key: string }[]>`SELECT key FROM graphile_worker.jobs WHERE key IS NOT NULL`;
    expect(jobs.map((j) => j.key)).toEqual([`mail:${altra}`]);
  });
});
