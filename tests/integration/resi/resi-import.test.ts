import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { createAdmin, createAzienda, createCliente, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';
import { carica, finita, modulo } from '../../support/importazioni.js';
import { pdf } from '../documenti/campioni.js';

// The import kind documenti takes a DDT's lines (column `righe`, the push's JSON array), written by
// the same SQL function as the push's; a sheet sent again with the same lines is unchanged.
const t = useTestApp();
let base = '';
let tecnico = '';
let cookie = '';

beforeAll(async () => {
  const { db } = t().database;
  await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: '0001', codice: 'C100' });
  cookie = await loginCliente(t().app, await createUtente(db, { clienti: [c.id] }));
  tecnico = await loginAdmin(t().app, await createAdmin(db, { username: 'tec.imp', tipologia: 'tecnico' }));
  base = await t().app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => { await t().app.close(); });

async function zip(voci: Record<string, string | Uint8Array>): Promise<Uint8Array> {
  const z = new ZipFile();
  for (const [nome, dati] of Object.entries(voci)) z.addBuffer(Buffer.from(dati), nome);
  z.end();
  const parti: Buffer[] = [];
  for await (const b of z.outputStream) parti.push(b as Buffer);
  return new Uint8Array(Buffer.concat(parti));
}
const importa = async (righe: string[]) => {
  const csv = ['tipo;numero;data;azienda_codice;cliente_codice;imponibile;iva;totale;file;righe', ...righe].join('\r\n');
  const pacco = await zip({ 'documenti.csv': csv, 'd.pdf': pdf('DDT') });
  return finita(t().app, await carica(base, modulo({ tipo: 'documenti' }, pacco, 'documenti.zip'), { cookie: tecnico }), { cookie: tecnico });
};
/** A CSV cell holding JSON: quoted, its quotes doubled. */
const cella = (v: unknown) => `"${JSON.stringify(v).replace(/"/g, '""')}"`;
const righe = (q: number) => [
  { codice_prodotto: 'TR-1', descrizione: 'Trapano', quantita: q, unita: 'PZ', lotto: 'S-99' },
  { codice_prodotto: 'VT-2', descrizione: 'Viti', quantita: 100 },
];
const rendibili = async () => {
  const [d] = await t().database.sql<{ id: number }[]>`SELECT id FROM documenti WHERE numero = 'DI-1'`;
  return (await t().app.inject({ url: `/api/resi/rendibili?documento_id=${d!.id}`, headers: { cookie } })).json().righe;
};

describe('import kind documenti: DDT lines', () => {
  it('writes the lines; the same again is unchanged; other lines change the DDT; lines on an invoice or malformed are refused', async () => {
    const prima = await importa([`DDT;DI-1;2026-04-01;0001;C100;100;22;122;d.pdf;${cella(righe(2))}`]);
    expect(prima).toMatchObject({ status: 0, importazione: { stato: 'applicata', nuove: 1 } });
    expect(await rendibili()).toMatchObject([
      { riga: 1, codice_prodotto: 'TR-1', descrizione: 'Trapano', quantita_consegnata: 2, unita: 'PZ', lotto: 'S-99', da_ordine: false },
      { riga: 2, codice_prodotto: 'VT-2', quantita_consegnata: 100, unita: null },
    ]);
    const ancora = await importa([`DDT;DI-1;2026-04-01;0001;C100;100;22;122;d.pdf;${cella(righe(2))}`]);
    expect(ancora.importazione).toMatchObject({ nuove: 0, modificate: 0, invariate: 1 });
    const altre = await importa([`DDT;DI-1;2026-04-01;0001;C100;100;22;122;d.pdf;${cella(righe(3).slice(0, 1))}`]);
    expect(altre.importazione).toMatchObject({ modificate: 1 });
    expect((await rendibili()).map((r: { codice_prodotto: string; quantita_consegnata: number }) => [r.codice_prodotto, r.quantita_consegnata])).toEqual([['TR-1', 3]]);
    const errate = await importa([
      `FATTURA;FI-1;2026-04-01;0001;C100;100;22;122;d.pdf;${cella(righe(1))}`,
      `DDT;DI-2;2026-04-01;0001;C100;100;22;122;d.pdf;${cella([{ codice_prodotto: 'X', descrizione: 'x', quantita: 1.5 }])}`,
    ]);
    expect(errate.errori).toMatchObject([
      { riga: 2, colonna: 'righe', messaggio: 'Le righe si indicano solo per i DDT.' },
      { riga: 3, colonna: 'righe', messaggio: 'righe.0.quantita: quantita deve essere un numero intero' },
    ]);
  });
});
