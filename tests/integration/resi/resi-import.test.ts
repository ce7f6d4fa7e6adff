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
let cookieAltro = '';

beforeAll(async () => {
  const { db } = t().database;
  await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: '0001', codice: 'C100' });
  const c2 = await createCliente(db, { aziendaCodice: '0001', codice: 'C200' });
  cookie = await loginCliente(t().app, await createUtente(db, { clienti: [c.id], username: 'mario@test.local' }));
  cookieAltro = await loginCliente(t().app, await createUtente(db, { clienti: [c2.id] }), 'device-2');
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
const importa = async (righe: string[], colonne = 'righe', campi: Record<string, string> = {}) => {
  const csv = [`tipo;numero;data;azienda_codice;cliente_codice;imponibile;iva;totale;file;${colonne}`, ...righe].join('\r\n');
  const pacco = await zip({ 'documenti.csv': csv, 'd.pdf': pdf('DDT') });
  return finita(t().app, await carica(base, modulo({ tipo: 'documenti', ...campi }, pacco, 'documenti.zip'), { cookie: tecnico }), { cookie: tecnico });
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

describe('import kind documenti: credit notes closing returns (column resi)', () => {
  const idDdt = async (numero: string) =>
    (await t().database.sql<{ id: number }[]>`SELECT id FROM documenti WHERE numero = ${numero}`)[0]!.id;
  /** A return of one piece of the DDT's first line, asked by the client's user and, when said, authorised by the staff. */
  const reso = async (ddt: string, c: string, scope: { azienda_codice: string; cliente_codice: string }, autorizza = true) => {
    const id = await idDdt(ddt);
    const righe = (await t().app.inject({ url: `/api/resi/rendibili?documento_id=${id}`, headers: { cookie: c } })).json().righe;
    const r = await t().app.inject({
      method: 'POST', url: '/api/resi/richiedi', headers: { cookie: c },
      payload: { ...scope, righe: [{ riga_id: righe[0].riga_id, quantita: 1, motivo: 'difettoso' }] },
    });
    expect(r.statusCode).toBe(200);
    const { id: resoId, numero } = r.json() as { id: number; numero: string };
    if (autorizza) expect((await t().app.inject({ method: 'POST', url: '/api/resi/autorizza', headers: { cookie: tecnico }, payload: { id: resoId } })).statusCode).toBe(200);
    return { id: resoId, numero };
  };
  const stato = async (id: number) => (await t().database.sql<{ stato: string; nota: string | null }[]>`
    SELECT s.stato, n.numero AS nota FROM resi s LEFT JOIN documenti n ON n.id = s.nota_credito_id WHERE s.id = ${id}`)[0];

  it('closes the returns a credit note names, linked, once; refuses with the line an unknown RMA, another client\'s, one not closable, resi on a DDT', async () => {
    const riga = (numero: string, cliente = 'C100') =>
      `DDT;${numero};2026-04-01;0001;${cliente};100;22;122;d.pdf;${cella(righe(5))};`;
    expect((await importa([riga('DR-1'), riga('DR-2', 'C200')], 'righe;resi')).importazione).toMatchObject({ stato: 'applicata', nuove: 2 });
    const mio = await reso('DR-1', cookie, { azienda_codice: '0001', cliente_codice: 'C100' });
    const daDecidere = await reso('DR-1', cookie, { azienda_codice: '0001', cliente_codice: 'C100' }, false);
    const altrui = await reso('DR-2', cookieAltro, { azienda_codice: '0001', cliente_codice: 'C200' });
    const nota = (numero: string, resi: string, tipo = 'NOTA_CREDITO') => `${tipo};${numero};2026-05-02;0001;C100;-10;-2.2;-12.2;d.pdf;;${resi}`;
    // Refused rows with soglia 0: the whole file is refused and nothing changes.
    const rifiutata = await importa([
      nota('NR-1', mio.numero), nota('NR-2', 'RMA-1999-00001'), nota('NR-3', `${mio.numero}|${altrui.numero}`),
      nota('NR-4', daDecidere.numero), nota('FR-1', mio.numero, 'FATTURA'),
    ], 'righe;resi', { soglia: '0' });
    expect(rifiutata.importazione.stato).toBe('rifiutata');
    expect(rifiutata.errori).toMatchObject([
      { riga: 3, colonna: 'resi', valore: 'RMA-1999-00001', messaggio: 'Reso RMA-1999-00001 non trovato tra quelli del cliente.' },
      { riga: 4, colonna: 'resi', valore: altrui.numero, messaggio: `Reso ${altrui.numero} non trovato tra quelli del cliente.` },
      { riga: 5, colonna: 'resi', valore: daDecidere.numero, messaggio: `Il reso ${daDecidere.numero} è Richiesto: non si chiude con una nota di credito.` },
      { riga: 6, colonna: 'resi', messaggio: 'I numeri RMA (resi) si indicano solo per le note di credito.' },
    ]);
    expect(await stato(mio.id)).toEqual({ stato: 'autorizzato', nota: null });
    expect(await stato(altrui.id)).toEqual({ stato: 'autorizzato', nota: null });
    expect((await t().database.sql`SELECT 1 FROM documenti WHERE numero LIKE 'NR-%'`).length).toBe(0);

    const buona = await importa([nota('NR-1', mio.numero)], 'righe;resi');
    expect(buona.importazione).toMatchObject({ stato: 'applicata', nuove: 1 });
    expect(await stato(mio.id)).toEqual({ stato: 'chiuso', nota: 'NR-1' });
    const dettaglio = (await t().app.inject({ url: `/api/resi/dettaglio?id=${mio.id}`, headers: { cookie } })).json();
    expect(dettaglio).toMatchObject({ stato: 'chiuso', nota_credito: { numero: 'NR-1' } });
    expect(dettaglio.storico.at(-1)).toMatchObject({ da: 'autorizzato', a: 'chiuso', autore_tipo: 'erp', autore: 'ERP', nota: 'Nota di credito NR-1 del 02/05/2026' });
    const mail = async () => (await t().database.sql`SELECT 1 FROM mail_uscita WHERE destinatario = 'mario@test.local' AND oggetto = ${`Reso ${mio.numero}: Chiuso`}`).length;
    expect(await mail()).toBe(1);
    // The same note again: unchanged, closed once, one mail.
    expect((await importa([nota('NR-1', mio.numero)], 'righe;resi')).importazione).toMatchObject({ stato: 'applicata', invariate: 1, modificate: 0 });
    expect(await mail()).toBe(1);
    // Another note naming a return this one closed: refused with its line.
    const altra = await importa([nota('NR-9', mio.numero)], 'righe;resi');
    expect(altra.errori).toMatchObject([{ riga: 2, colonna: 'resi', messaggio: `Il reso ${mio.numero} è Chiuso: non si chiude con una nota di credito.` }]);
    expect(await stato(mio.id)).toEqual({ stato: 'chiuso', nota: 'NR-1' });
  });
});
