import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createProdotto } from '../../support/factories.js';
import { loginAdmin, useTestApp } from '../../support/harness.js';
import { carica, finita, modulo } from '../../support/importazioni.js';
import { dichiara, testo, xlsx } from '../../support/xlsx-a-mano.js';

// Files built to take a server down (issue 17): each is refused with an Italian reason, from
// what is actually inflated and parsed, while the server keeps answering; the next good file
// is imported. The bombs are a few kilobytes to a few hundred: the limits stop them early.
const t = useTestApp();
let base = '';
let tecnico = '';

beforeAll(async () => {
  const { db } = t().database;
  await createProdotto(db, { codiceProdotto: 'LIM1', descrizione1: 'Tassello', disponibilita: 10, giacAttuale: 10 });
  tecnico = await loginAdmin(t().app, await createAdmin(db, { tipologia: 'tecnico' }));
  base = await t().app.listen({ port: 0, host: '127.0.0.1' });
});

const MiB = 1024 * 1024;
const INTESTAZIONE = `<row r="1">${testo('A1', 'codice_prodotto')}${testo('B1', 'disponibilita')}</row>`;

async function rifiutato(contenuto: string | Buffer, nome: string, motivo: string) {
  const r = await finita(t().app, await carica(base, modulo({ tipo: 'giacenze', prova: '1' }, contenuto, nome), { cookie: tecnico }), { cookie: tecnico });
  expect({ status: r.status, stato: r.importazione.stato, msg: r.msg }).toEqual({ status: 1, stato: 'rifiutata', msg: motivo });
}

let disponibilita = 10;
/** A good file after the bombs: imported. */
async function buono() {
  disponibilita++;
  const r = await finita(t().app, await carica(base, modulo({ tipo: 'giacenze' }, `codice_prodotto;disponibilita\nLIM1;${disponibilita}\n`), { cookie: tecnico }), { cookie: tecnico });
  expect(r.importazione).toMatchObject({ stato: 'applicata', modificate: 1 });
  const [g] = await t().database.sql`SELECT disponibilita FROM giacenze JOIN prodotti ON id = prodotto_id WHERE codice_prodotto = 'LIM1'`;
  expect(g!.disponibilita).toBe(disponibilita);
}

// Each file runs in a process of its own (a second to start on two busy cores): more time than
// the suite's 30 s for tests of four files.
describe('import file limits', { timeout: 90_000 }, () => {
  it('refuses an XLSX of five million and one shared strings (85 MB unpacked, some 200 kB packed)', async () => {
    const file = xlsx({ righe: INTESTAZIONE, testi: '<si><t>a</t></si>'.repeat(5_000_001) });
    expect(file.length).toBeLessThan(300_000);
    await rifiutato(file, 'giacenze.xlsx', 'Il file XLSX contiene più di 5.000.000 testi distinti (sharedStrings.xml), oltre il limite');
    await buono();
  });

  it('refuses cells of tens of MiB, shared or inline, and a shared text longer than a cell may be, with its row', async () => {
    const enorme = 'x'.repeat(20 * MiB);
    await rifiutato(xlsx({ righe: INTESTAZIONE, testi: `<si><t>${enorme}</t></si>`.repeat(3) }), 'giacenze.xlsx',
      'Il file XLSX contiene un testo di oltre 1.048.576 caratteri (xl/sharedStrings.xml): una cella può averne al massimo 10.000');
    await rifiutato(xlsx({ righe: `${INTESTAZIONE}<row r="2">${testo('A2', 'LIM1')}${testo('B2', enorme)}</row>` }), 'giacenze.xlsx',
      'Riga 2, colonna B: una cella supera il limite di 10.000 caratteri');
    const lunga = `<row r="3"><c r="A3" t="s"><v>0</v></c><c r="B3" t="s"><v>1</v></c></row>`;
    await rifiutato(xlsx({ righe: `${INTESTAZIONE}${lunga}`, testi: `<si><t>LIM1</t></si><si><t>${'7'.repeat(50_000)}</t></si>` }), 'giacenze.xlsx',
      'Riga 3, colonna B: una cella di 50.000 caratteri supera il limite di 10.000');
    await buono();
  });

  it('counts what a part inflates to, not what the zip declares', async () => {
    // 151 MiB of comments (cheap to parse) after the header row, in some 150 kB.
    const riempitivo = Buffer.from(`<!--${' '.repeat(64 * 1024 - 7)}-->`.repeat(151 * 16));
    const onesto = xlsx({ righe: Buffer.concat([Buffer.from(INTESTAZIONE), riempitivo]) });
    expect(onesto.length).toBeLessThan(1 * MiB);
    await rifiutato(dichiara(onesto, 'xl/worksheets/sheet1.xml', 1000), 'giacenze.xlsx',
      'Il file XLSX è troppo grande una volta decompresso: xl/worksheets/sheet1.xml supera 150 MB (il limite per parte)');
    // Declared honestly, it is refused before anything is inflated.
    await rifiutato(onesto, 'giacenze.xlsx',
      'Il file XLSX è troppo grande una volta decompresso: xl/worksheets/sheet1.xml dichiara 151 MB (al massimo 150 MB per parte)');
    await buono();
  });

  it('refuses an XLSX of too many rows, or with a value beyond the last column allowed', async () => {
    await rifiutato(xlsx({ righe: `${INTESTAZIONE}${'<row/>'.repeat(1_000_000)}` }), 'giacenze.xlsx',
      'Il file supera il limite di 1.000.000 righe (riga 1000001)');
    await rifiutato(xlsx({ righe: `${INTESTAZIONE}<row r="2">${testo('A2', 'LIM1')}<c r="B2"><v>4</v></c><c r="GS2"><v>1</v></c></row>` }), 'giacenze.xlsx',
      'Riga 2: un valore nella colonna GS (la 201ª), oltre il limite di 200 colonne');
    await buono();
  });

  it('gives a CSV the same bounds: cell length, row length, columns', async () => {
    await rifiutato(`codice_prodotto;disponibilita\r\nLIM1;${'9'.repeat(20_000)}\r\n`, 'giacenze.csv',
      'Riga 2, colonna 2: una cella di 20.000 caratteri supera il limite di 10.000');
    await rifiutato(`codice_prodotto;disponibilita\r\nLIM1;${'9'.repeat(3 * MiB)}\r\n`, 'giacenze.csv',
      'CSV non leggibile (riga 2): riga di oltre 2.000.000 caratteri (una cella può averne al massimo 10.000)');
    const colonne = Array.from({ length: 199 }, (_, i) => `extra${i}`).join(';');
    await rifiutato(`codice_prodotto;disponibilita;${colonne}\r\nLIM1;1\r\n`, 'giacenze.csv', 'Riga 1: 201 colonne, oltre il limite di 200');
    await buono();
  });
});
