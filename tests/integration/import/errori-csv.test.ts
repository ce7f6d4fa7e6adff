import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erroriCsv } from '../../../web/admin/importazioni/errori-csv.js';
import { troncato } from '../../../server/import/registro.js';
import { createAdmin } from '../../support/factories.js';
import { loginAdmin, useTestApp } from '../../support/harness.js';

// The refused rows of an import as the 'Importazioni' screen downloads them: values from the ERP's
// file (a description, a code) reach the admin's spreadsheet, so text that would run as a formula
// is neutralised and numbers stay numbers.
const t = useTestApp();
let base = '';
let tecnico = '';

beforeAll(async () => {
  tecnico = await loginAdmin(t().app, await createAdmin(t().database.db, { username: 'tec.formule', tipologia: 'tecnico' }));
  base = await t().app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => { await t().app.close(); });

/** Queues a dry run of an articoli file and reads its report until the run has ended. */
async function verifica(csv: string): Promise<number> {
  const form = new FormData();
  form.append('tipo', 'articoli');
  form.append('prova', '1');
  form.append('file', new Blob([csv]), 'articoli.csv');
  const r = await fetch(`${base}/api/importazioni/carica`, { method: 'POST', body: form, headers: { cookie: tecnico } });
  expect(r.status).toBe(200);
  const { importazione } = (await r.json()) as { importazione: { id: number } };
  await expect.poll(async () => (await t().app.inject({ url: `/api/importazioni/rapporto?id=${importazione.id}`, headers: { cookie: tecnico } }))
    .json().importazione.stato, { timeout: 20_000, interval: 50 }).toMatch(/^(verificata|rifiutata|fallita)$/);
  return importazione.id;
}

describe("the refused rows' CSV (importazioni/errori, the screen's download)", () => {
  it('a refused description like =1+1 is neutralised; a refused negative number stays a number', async () => {
    // Over descrizione1's 500 characters: refused, and stored cut to 200 (registro.ts).
    const descrizione = `=1+1${' lungo'.repeat(100)}`;
    const id = await verifica([
      'codice_prodotto;descrizione1;pz_conf',
      `F1;${descrizione};1`,
      'F2;Vite;-3',
      'F3;Dado;@SUM(1+1)',
      'F4;Rondella;2',
    ].join('\r\n'));
    const res = await t().app.inject({ url: `/api/importazioni/errori?id=${id}`, headers: { cookie: tecnico } });
    expect(res.statusCode).toBe(200);
    const righe = parse(erroriCsv(res.json().errori), { delimiter: ';', bom: true }) as string[][];
    expect(righe[0]).toEqual(['riga', 'colonna', 'valore', 'motivo']);
    expect(righe.slice(1).map(([riga, colonna, valore]) => [riga, colonna, valore])).toEqual([
      ['2', 'descrizione1', `'${troncato(descrizione)}`],
      ['3', 'pz_conf', '-3'],
      ['4', 'pz_conf', "'@SUM(1+1)"],
    ]);
  });
});
