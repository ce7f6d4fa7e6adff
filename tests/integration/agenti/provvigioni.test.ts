import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpzioniImport } from '../../../server/import/esecuzione.js';
import { importa } from '../../../server/import/importa.js';
import { createAzienda, createCliente, createUtente } from '../../support/factories.js';
import { loginCliente, useTestApp } from '../../support/harness.js';

/**
 * The agents' commissions (docs/regole/agenti.md#commissions, import kind `provvigioni`,
 * docs/import.md#provvigioni): imported per agent, client and document, replaced when sent again,
 * --completo per agent; each agent reads only their own, and an agent without any gets no section.
 */
const t = useTestApp();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-provvigioni-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const C1 = { azienda_codice: '0001', cliente_codice: 'PV0001' };
const C2 = { azienda_codice: '0001', cliente_codice: 'PV0002' };
const TESTA = 'agente_codice;azienda_codice;cliente_codice;documento_tipo;documento_numero;documento_data;importo;stato';
let paolo = '';
let luca = '';
let paoloId = 0;

function csv(nome: string, righe: string[]): string {
  const file = path.join(dir, nome);
  fs.writeFileSync(file, `\uFEFF${[TESTA, ...righe].join('\r\n')}\r\n`);
  return file;
}
const importaFile = (file: string, o: Partial<OpzioniImport> = {}) =>
  importa(t().database.db, file, { tipo: 'provvigioni', file: path.basename(file), autore: { origine: 'cli', nome: 'test' }, soglia: 100, ...o });
const get = (url: string, cookie: string | null) => t().app.inject({ method: 'GET', url: `/api/${url}`, headers: cookie ? { cookie } : {} });
const scheda = (c: typeof C1, cookie: string) => get(`agente/cliente?${new URLSearchParams(c)}`, cookie);
const righe = async () => (await t().database.sql<{ r: string }[]>`
  SELECT u.agente_codice || ':' || c.codice || ':' || p.documento_tipo || ':' || p.documento_numero || ':' || p.documento_data || ':' || p.importo || ':' || p.stato AS r
  FROM provvigioni p JOIN utenti u ON u.id = p.agente_id JOIN clienti c ON c.id = p.cliente_id ORDER BY 1`).map((x) => x.r);

beforeAll(async () => {
  const { db, sql } = t().database;
  await createAzienda(db, { codice: '0001' });
  const c1 = await createCliente(db, { aziendaCodice: '0001', codice: C1.cliente_codice, ragioneSociale: 'Ferramenta Uno' });
  const c2 = await createCliente(db, { aziendaCodice: '0001', codice: C2.cliente_codice, ragioneSociale: 'Ferramenta Due' });
  const p = await createUtente(db, { username: 'paolo@provvigioni.local', nome: 'Paolo', tipologiaAccount: 'agente', agenteCodice: 'PV1' });
  const l = await createUtente(db, { username: 'luca@provvigioni.local', nome: 'Luca', tipologiaAccount: 'agente', agenteCodice: 'PV2' });
  paoloId = p.id;
  // Both follow client 1; Paolo also client 2.
  await sql`INSERT INTO agenti_clienti (agente_id, cliente_id) VALUES (${p.id}, ${c1.id}), (${p.id}, ${c2.id}), (${l.id}, ${c1.id})`;
  paolo = await loginCliente(t().app, p, 'paolo');
  luca = await loginCliente(t().app, l, 'luca');
});

describe('commissions', () => {
  it('without any, the portfolio and the client page carry no commissions (no section)', async () => {
    const portafoglio = await get('agente/clienti', paolo);
    expect(portafoglio.statusCode).toBe(200);
    expect(portafoglio.json().provvigioni).toBeNull();
    expect((await scheda(C1, paolo)).json().provvigioni).toBeNull();
  });

  it('the import checks every row, stores the good ones, and a dry run writes nothing', async () => {
    const file = csv('provvigioni.csv', [
      'PV1;0001;PV0001;FATTURA;F-10;15/10/2026;48,60;liquidata',
      'PV1;0001;PV0001;FATTURA;F-11;20/11/2026;35,20;maturata',
      'PV1;0001;PV0001;nota_credito;NC-1;25/11/2026;-4,80;maturata',
      'PV1;0001;PV0002;FATTURA;F-12;01/12/2026;62,75;da_maturare',
      'PV2;0001;PV0001;FATTURA;F-10;15/10/2026;20,00;maturata',
      'PV9;0001;PV0001;FATTURA;F-13;01/12/2026;1,00;maturata',
      'PV1;0001;NESSUNO;FATTURA;F-14;01/12/2026;1,00;maturata',
      'PV1;0001;PV0001;FATTURA;F-15;01/12/2026;1,00;pagata',
      'PV1;0001;PV0001;ORDINE;F-16;01/12/2026;1,00;maturata',
    ]);
    const prova = await importaFile(file, { prova: true });
    expect(prova).toMatchObject({ stato: 'verificata', nuove: 5, scartate: 4 });
    expect(await righe()).toEqual([]);
    const r = await importaFile(file);
    expect(r).toMatchObject({ stato: 'applicata', nuove: 5, scartate: 4 });
    expect(r.errori.map((e) => e.messaggio)).toEqual(expect.arrayContaining([
      'agente sconosciuto: crealo prima in Agenti', 'cliente sconosciuto in questa azienda',
      'stato non valido: da_maturare, maturata, liquidata', 'tipo documento non valido: DDT, FATTURA, NOTA_CREDITO',
    ]));
    expect(await righe()).toEqual([
      'PV1:PV0001:FATTURA:F-10:2026-10-15:48.60:liquidata',
      'PV1:PV0001:FATTURA:F-11:2026-11-20:35.20:maturata',
      'PV1:PV0001:NOTA_CREDITO:NC-1:2026-11-25:-4.80:maturata',
      'PV1:PV0002:FATTURA:F-12:2026-12-01:62.75:da_maturare',
      'PV2:PV0001:FATTURA:F-10:2026-10-15:20.00:maturata',
    ]);
  });

  it("each agent reads only their own: totals on the portfolio, the client's documents on its page", async () => {
    expect((await get('agente/clienti', paolo)).json().provvigioni).toEqual({ da_maturare: 62.75, maturata: 30.4, liquidata: 48.6 });
    expect((await get('agente/clienti', luca)).json().provvigioni).toEqual({ da_maturare: 0, maturata: 20, liquidata: 0 });
    const suo = (await scheda(C1, paolo)).json().provvigioni;
    expect(suo.totali).toEqual({ da_maturare: 0, maturata: 30.4, liquidata: 48.6 });
    expect(suo.righe_n).toBe(3);
    expect(suo.righe).toEqual([
      { documento_tipo: 'NOTA_CREDITO', documento_numero: 'NC-1', documento_data: '2026-11-25', importo: -4.8, stato: 'maturata' },
      { documento_tipo: 'FATTURA', documento_numero: 'F-11', documento_data: '2026-11-20', importo: 35.2, stato: 'maturata' },
      { documento_tipo: 'FATTURA', documento_numero: 'F-10', documento_data: '2026-10-15', importo: 48.6, stato: 'liquidata' },
    ]);
    // The same client through Luca: his one row, never Paolo's.
    expect((await scheda(C1, luca)).json().provvigioni).toEqual({
      totali: { da_maturare: 0, maturata: 20, liquidata: 0 }, righe_n: 1,
      righe: [{ documento_tipo: 'FATTURA', documento_numero: 'F-10', documento_data: '2026-10-15', importo: 20, stato: 'maturata' }],
    });
    // Paolo's other client is not Luca's: 403, nothing of it shown.
    expect((await scheda(C2, luca)).statusCode).toBe(403);
    expect((await get('agente/clienti', null)).statusCode).toBe(401);
  });

  it('sent again a row replaces its state; --completo takes out the other commissions of the agents it names only', async () => {
    const r = await importaFile(csv('provvigioni-2.csv', ['PV1;0001;PV0001;FATTURA;F-11;20/11/2026;35,20;liquidata']));
    expect(r).toMatchObject({ stato: 'applicata', modificate: 1 });
    const completo = await importaFile(csv('provvigioni-3.csv', [
      'PV1;0001;PV0001;FATTURA;F-11;20/11/2026;35,20;liquidata', 'PV1;0001;PV0002;FATTURA;F-12;01/12/2026;62,75;maturata',
    ]), { completo: true });
    expect(completo).toMatchObject({ stato: 'applicata', invariate: 1, modificate: 1, ritirate: 2 });
    expect(await righe()).toEqual([
      'PV1:PV0001:FATTURA:F-11:2026-11-20:35.20:liquidata',
      'PV1:PV0002:FATTURA:F-12:2026-12-01:62.75:maturata',
      'PV2:PV0001:FATTURA:F-10:2026-10-15:20.00:maturata',
    ]);
    expect((await get('agente/clienti', paolo)).json().provvigioni).toEqual({ da_maturare: 0, maturata: 62.75, liquidata: 35.2 });
  });

  it("the agent's commissions go with the agent (deleted: no rows left)", async () => {
    await t().database.sql`DELETE FROM utenti WHERE id = ${paoloId}`;
    expect(await righe()).toEqual(['PV2:PV0001:FATTURA:F-10:2026-10-15:20.00:maturata']);
  });
});
