import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portaEmbeddedInUso } from '../../../server/db/embedded.js';
import { createProdotto } from '../../support/factories.js';
import { createTestDatabase } from '../../support/test-db.js';

let url = '';
let drop: () => Promise<void>;
let sql: Awaited<ReturnType<typeof createTestDatabase>>['database']['sql'];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-import-cli-'));

beforeAll(async () => {
  const tdb = await createTestDatabase();
  ({ url, drop } = tdb);
  sql = tdb.database.sql;
  await createProdotto(tdb.database.db, { codiceProdotto: 'BE-1234567', descrizione1: 'Cacciavite', disponibilita: 5 });
});
afterAll(async () => {
  await drop?.();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** `npm run import -- args` as a real process, against the test database. */
function importa(...args: string[]): Promise<{ codice: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'server/import/cli.ts', ...args], {
      env: { ...process.env, DATABASE_URL: url, DATA_DIR: dir, IMPORT_COLONNE: '' },
    }, (error, stdout, stderr) => resolve({ codice: error ? Number(error.code) : 0, out: stdout, err: stderr }));
  });
}

const file = (nome: string, testo: string) => {
  const f = path.join(dir, nome);
  fs.writeFileSync(f, testo);
  return f;
};

describe('npm run import', () => {
  it('imports a file whose kind it tells from the name, prints the summary in Italian and exits 0', async () => {
    const r = await importa(file('giacenze-20251123.csv', 'codice_prodotto;disponibilita;ord_forn\nBE-1234567;12;3\n'));
    expect(r.err).toBe('');
    expect(r.codice).toBe(0);
    expect(r.out).toMatch(/^giacenze-20251123\.csv \(giacenze, CSV, separatore punto e virgola\): importato in \d+,\d s$/m);
    expect(r.out).toContain('righe lette 1 · nuove 0 · modificate 1 · invariate 0 · ritirate 0 · scartate 0');
    expect((await sql`SELECT disponibilita, ord_forn FROM prodotti JOIN giacenze ON prodotto_id = id WHERE codice_prodotto = 'BE-1234567'`)[0]).toEqual({ disponibilita: 12, ord_forn: 3 });
    const [rec] = await sql`SELECT tipo, file, origine, autore, stato FROM importazioni ORDER BY id DESC LIMIT 1`;
    expect(rec).toMatchObject({ tipo: 'giacenze', file: 'giacenze-20251123.csv', origine: 'cli', autore: expect.stringMatching(/^cli \(/), stato: 'applicata' });
  });

  it("takes a supplier's Metel list for one by its first line, whatever its name", async () => {
    const f = path.join(dir, 'BTICINO_2026.TXT');
    fs.copyFileSync(path.resolve('seed/import-samples/metel.txt'), f);
    const r = await importa('--prova', f);
    expect(r.err).toBe('');
    expect(r.codice).toBe(0);
    expect(r.out).toMatch(/^BTICINO_2026\.TXT \(metel, Metel 020, Windows-1252\): verificato \(prova: nulla è stato scritto\) in \d+,\d s$/m);
    expect(r.out).toContain('righe lette 3 · nuove 3');
  });

  it('exits 1 with the reasons when the file is refused, and writes nothing', async () => {
    const r = await importa('--tipo', 'giacenze', file('stock.csv', 'codice_prodotto;disponibilita\nBE-1234567;20\nBE-7654321;tanti\n'));
    expect(r.codice).toBe(1);
    expect(r.out).toContain('stock.csv (giacenze, CSV, separatore punto e virgola): RIFIUTATO');
    expect(r.out).toContain("riga 3, disponibilita: non è un numero ('tanti')");
    // What its good row would have done, said as such.
    expect(r.out).toContain('righe lette 2 · scartate 1\n');
    expect(r.out).toContain('le righe valide, senza le scartate, avrebbero dato: nuove 0 · modificate 1 · invariate 0 · ritirate 0');
    expect((await sql`SELECT disponibilita FROM prodotti JOIN giacenze ON prodotto_id = id WHERE codice_prodotto = 'BE-1234567'`)[0].disponibilita).toBe(12);
  });

  it('has the limits of the screen and the push: a row of 201 columns refuses the file', async () => {
    const extra = Array.from({ length: 199 }, (_, i) => `x${i}`).join(';');
    const r = await importa('--tipo', 'giacenze', file('larghe.csv', `codice_prodotto;disponibilita;${extra}\nBE-1234567;1\n`));
    expect(r.codice).toBe(1);
    expect(r.out).toContain('larghe.csv (giacenze, CSV, separatore punto e virgola): RIFIUTATO');
    expect(r.out).toContain('Riga 1: 201 colonne, oltre il limite di 200');
  });

  it('verifies only with --prova, and takes the column names from --colonne', async () => {
    const colonne = file('colonne.json', JSON.stringify({ giacenze: { codice_prodotto: ['CODART'], disponibilita: ['ESISTENZA'] } }));
    const r = await importa('--prova', '--colonne', colonne, file('giacenze.csv', 'CODART,ESISTENZA\nBE-1234567,20\n'));
    expect(r.codice).toBe(0);
    expect(r.out).toContain('giacenze.csv (giacenze, CSV, separatore virgola): verificato (prova: nulla è stato scritto)');
    expect(r.out).toContain('modificate 1');
    expect((await sql`SELECT disponibilita FROM prodotti JOIN giacenze ON prodotto_id = id WHERE codice_prodotto = 'BE-1234567'`)[0].disponibilita).toBe(12);
  });

  it('exits 2 on a wrong command line', async () => {
    expect(await importa('--tipo', 'ordini', 'x.csv')).toMatchObject({ codice: 2, err: expect.stringContaining('Tipo sconosciuto: ordini') });
    expect(await importa(file('dati.csv', 'a;b\n'))).toMatchObject({ codice: 2, err: expect.stringContaining('indica --tipo') });
    expect(await importa('--tipo', 'giacenze', '--completo', path.join(dir, 'stock.csv'))).toMatchObject({
      codice: 2, err: expect.stringContaining("L'opzione completo non vale per il tipo giacenze"),
    });
  });
});

describe('the embedded Postgres of a running npm start', () => {
  it('is found by its postmaster.pid when its process is alive, and not otherwise', () => {
    const data = fs.mkdtempSync(path.join(dir, 'pg-'));
    expect(portaEmbeddedInUso(data)).toBeUndefined();
    const pid = (p: number) => fs.writeFileSync(path.join(data, 'postmaster.pid'), `${p}\n${data}\n1763900000\n54321\n/tmp\n127.0.0.1\n`);
    pid(process.pid);
    expect(portaEmbeddedInUso(data)).toBe(54321);
    // Pid 2^22+1 is above Linux's largest: a stale file left by a crash.
    pid(4_194_305);
    expect(portaEmbeddedInUso(data)).toBeUndefined();
  });
});
