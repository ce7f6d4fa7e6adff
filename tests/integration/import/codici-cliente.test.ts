import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpzioniImport } from '../../../server/import/esecuzione.js';
import { importa } from '../../../server/import/importa.js';
import { createAzienda, createCliente, createProdotto } from '../../support/factories.js';
import { useTestApp } from '../../support/harness.js';

// The import kind codici_cliente: the clients' own product codes from the ERP, with refused rows
// and their reasons like the other kinds, codes moved between products, an empty code removing one.
const t = useTestApp();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-import-codici-'));

beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  await createCliente(db, { aziendaCodice: az.codice, codice: '000100' });
  await createCliente(db, { aziendaCodice: az.codice, codice: '000200' });
  for (const c of ['IM-A', 'IM-B', 'IM-C']) await createProdotto(db, { codiceProdotto: c, descrizione1: c });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const INTESTAZIONE = 'azienda_codice;cliente_codice;codice_prodotto;codice_cliente';
function csv(nome: string, righe: string[]): string {
  const file = path.join(dir, nome);
  fs.writeFileSync(file, `${righe.join('\r\n')}\r\n`);
  return file;
}
async function xlsx(nome: string, righe: unknown[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Foglio1');
  for (const r of righe) ws.addRow(r);
  const file = path.join(dir, nome);
  await wb.xlsx.writeFile(file);
  return file;
}
const importaFile = (file: string, o: Partial<OpzioniImport> = {}) =>
  importa(t().database.db, file, { tipo: 'codici_cliente', file: path.basename(file), autore: { origine: 'cli', nome: 'test' }, ...o });

const codici = async () => (await t().database.sql<{ c: string; p: string; codice: string }[]>`
  SELECT c.codice AS c, p.codice_prodotto AS p, cc.codice FROM codici_cliente cc JOIN clienti c ON c.id = cc.cliente_id
  JOIN prodotti p ON p.id = cc.prodotto_id ORDER BY 1, 2`).map((r) => `${r.c} ${r.p} ${r.codice}`);

describe('codici_cliente', () => {
  it('imports own codes and lists each refused row with its line and an Italian reason', async () => {
    const r = await importaFile(csv('codici_cliente.csv', [
      INTESTAZIONE,
      '0001;000100;IM-A;mio-a',
      '0001;000100;IM-B;MIOB',
      '0001;000200;IM-A;mio-a',
      '0001;000900;IM-A;X1',
      '0001;000100;XX-9999;X2',
      '0001;000100;IM-C;---',
      '0001;000100;IM-C;MIO A',
      '0001;000100;IM-A;altro',
    ]), { soglia: 100 });
    expect(r).toMatchObject({ stato: 'applicata', righeLette: 8, nuove: 3, scartate: 5 });
    expect(r.errori).toEqual([
      { riga: 5, colonna: 'cliente_codice', valore: '000900', messaggio: 'cliente sconosciuto in questa azienda' },
      { riga: 6, colonna: 'codice_prodotto', valore: 'XX-9999', messaggio: 'prodotto sconosciuto' },
      { riga: 7, colonna: 'codice_cliente', valore: '---', messaggio: 'deve contenere almeno una lettera o una cifra' },
      { riga: 8, colonna: 'codice_cliente', valore: 'MIO A', messaggio: 'codice già dato a un altro prodotto dello stesso cliente in una riga precedente' },
      { riga: 9, colonna: 'azienda_codice / cliente_codice / codice_prodotto', valore: '0001 / 000100 / IM-A', messaggio: 'ripetuto: già alla riga 2' },
    ].map((e) => expect.objectContaining(e)));
    expect(await codici()).toEqual(['000100 IM-A mio-a', '000100 IM-B MIOB', '000200 IM-A mio-a']);

    // The same file again changes nothing.
    expect(await importaFile(path.join(dir, 'codici_cliente.csv'), { soglia: 100 })).toMatchObject({ stato: 'applicata', nuove: 0, modificate: 0, invariate: 3 });
  });

  it('swaps two products\' codes, removes one with an empty cell (XLSX) and refuses a code another product keeps', async () => {
    const r = await importaFile(await xlsx('codici_cliente.xlsx', [
      ['azienda_codice', 'cliente_codice', 'codice_prodotto', 'codice_cliente'],
      ['0001', '000100', 'IM-A', 'MIOB'],
      ['0001', '000100', 'IM-B', 'mio-a'],
      ['0001', '000200', 'IM-A', ''],
      ['0001', '000100', 'IM-C', 'mio.b'],
    ]), { soglia: 100 });
    expect(r).toMatchObject({ stato: 'applicata', modificate: 2, ritirate: 1, scartate: 1 });
    expect(r.errori).toEqual([expect.objectContaining({
      riga: 5, colonna: 'codice_cliente', valore: 'mio.b', messaggio: 'codice già dato a un altro prodotto dello stesso cliente in una riga precedente',
    })]);
    expect(await codici()).toEqual(['000100 IM-A MIOB', '000100 IM-B mio-a']);

    // A code the client keeps on a product the file leaves alone.
    const x = await importaFile(csv('codici_cliente_2.csv', [INTESTAZIONE, '0001;000100;IM-C;mio_b']), { soglia: 100 });
    expect(x).toMatchObject({ stato: 'applicata', nuove: 0, scartate: 1 });
    expect(x.errori).toEqual([expect.objectContaining({ riga: 2, valore: 'mio_b', messaggio: 'codice già dato dal cliente a un altro prodotto' })]);
    expect(await codici()).toEqual(['000100 IM-A MIOB', '000100 IM-B mio-a']);
  });

  it('refuses the whole file above the threshold: nothing written', async () => {
    const r = await importaFile(csv('codici_cliente_3.csv', [INTESTAZIONE, '0001;000100;IM-C;NUOVO', '0001;000100;XX-1;Y']));
    expect(r).toMatchObject({ stato: 'rifiutata', scartate: 1 });
    expect(await codici()).toEqual(['000100 IM-A MIOB', '000100 IM-B mio-a']);
  });
});
