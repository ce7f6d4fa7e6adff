import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpzioniImport } from '../../../server/import/esecuzione.js';
import { importa } from '../../../server/import/importa.js';
import { LISTINO_PUBBLICO, prezzoUnitario } from '../../../server/import/tipi/metel.js';
import { prodottiCodici } from '../../../server/db/schema/index.js';
import { createAzienda, createBrand, createCliente, createProdotto, createUtente } from '../../support/factories.js';
import { loginCliente, useTestApp } from '../../support/harness.js';
import { fileMetel, type ArticoloMetel } from '../../support/metel.js';

// The import kind metel: a supplier's Metel price list (020 and 021 layouts, built here) makes or
// updates the brand's products with packs, discount family, list price and cost per unit (the
// price multiplier), withdraws status-9 lines, and maps a Metel code through the product's
// supplier codes.
const t = useTestApp();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-import-metel-'));

beforeAll(async () => {
  const { db } = t().database;
  await createBrand(db, { brandCodice: 'BTI', nome: 'Bticino' });
  // The ERP's own code for a Metel article: its supplier code says which Metel code it is.
  const mappato = await createProdotto(db, { codiceProdotto: 'ERP-00042', descrizione1: 'Placca Axolute', brandCodice: 'BTI', prezzi: { 1: '5.000' } });
  await db.insert(prodottiCodici).values({ prodottoId: mappato.id, tipo: 'fornitore', codice: 'HA4802' });
  await createProdotto(db, { codiceProdotto: 'BTIOLD1', descrizione1: 'Articolo fuori produzione', brandCodice: 'BTI' });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function file(nome: string, articoli: ArticoloMetel[], layout: '020' | '021' = '020'): string {
  const f = path.join(dir, nome);
  fs.writeFileSync(f, fileMetel('BTI', articoli, layout));
  return f;
}
const importaFile = (f: string, o: Partial<OpzioniImport> = {}) =>
  importa(t().database.db, f, { tipo: 'metel', file: path.basename(f), autore: { origine: 'cli', nome: 'test' }, ...o });

const prodotto = async (codice: string) => (await t().database.sql<Record<string, unknown>[]>`
  SELECT p.codice_prodotto, p.descrizione1, p.brand_codice, p.um, p.pz_conf, p.multiplo, p.minimo, p.famiglia_sconto, p.famiglia_statistica,
    p.prezzo_acquisto::text, p.deleted_at IS NOT NULL AS ritirato, pp.prezzo::text AS listino,
    ARRAY(SELECT pc.tipo || ':' || pc.codice FROM prodotti_codici pc WHERE pc.prodotto_id = p.id AND pc.tipo IN ('ean', 'fornitore') ORDER BY pc.id) AS codici
  FROM prodotti p LEFT JOIN prodotti_prezzi pp ON pp.prodotto_id = p.id AND pp.listino = ${LISTINO_PUBBLICO}
  WHERE p.codice_prodotto = ${codice}`)[0];

const PRESA: ArticoloMetel = {
  marchio: 'BTI', codice: 'N4303', ean: '8012199000015', descrizione: 'Presa bipasso 10/16A però grigia', pezzi: 10, multiplo: 5, minimo: 10,
  grossista: 123, pubblico: 250, um: 'PZ', famigliaSconto: 'BTI-LL', famigliaStatistica: 'PRESE',
};
const CAVO: ArticoloMetel = {
  marchio: 'BTI', codice: 'CAVO-100', descrizione: 'Cavo unipolare 1,5 mm² H07V-K', grossista: 4550, pubblico: 9900, moltiplicatore: 100, um: 'M',
};

describe('metel', () => {
  it('unit prices: cents ÷ 100 ÷ multiplier, 3 decimals, half up', () => {
    expect(prezzoUnitario(250, 1)).toBe('2.500');
    expect(prezzoUnitario(9900, 100)).toBe('0.990');
    expect(prezzoUnitario(1234, 1000)).toBe('0.012');
    expect(prezzoUnitario(1235, 1000)).toBe('0.012');
    expect(prezzoUnitario(1250, 1000)).toBe('0.013');
    expect(prezzoUnitario(99_999_999_999, 1)).toBe('999999999.990');
  });

  it('020: creates the products with packs, family, list price and cost per unit, the EAN and Metel code among their codes; a mapped code updates the ERP product', async () => {
    const r = await importaFile(file('bti-020.txt', [PRESA, CAVO, { marchio: 'BTI', codice: 'HA4802', descrizione: 'Placca Axolute 2 moduli', grossista: 410, pubblico: 820 }]));
    expect(r).toMatchObject({ stato: "applicata", righeLette: 3, nuove: 2, modificate: 1, scartate: 0, formato: { formato: 'metel', layout: '020', codifica: 'windows-1252' } });
    expect(await prodotto('BTIN4303')).toEqual({
      codice_prodotto: 'BTIN4303', descrizione1: 'Presa bipasso 10/16A però grigia', brand_codice: 'BTI', um: 'PZ', pz_conf: 10, multiplo: 5, minimo: 10,
      famiglia_sconto: 'BTI-LL', famiglia_statistica: 'PRESE', prezzo_acquisto: '1.230', ritirato: false, listino: '2.500',
      codici: ['ean:8012199000015', 'fornitore:N4303'],
    });
    expect(await prodotto('BTICAVO-100')).toMatchObject({ um: 'M', prezzo_acquisto: '0.455', listino: '0.990', codici: ['fornitore:CAVO-100'] });
    // Mapped: the ERP's product, not a new BTIHA4802.
    expect(await prodotto('BTIHA4802')).toBeUndefined();
    expect(await prodotto('ERP-00042')).toMatchObject({ descrizione1: 'Placca Axolute 2 moduli', listino: '8.200', prezzo_acquisto: '4.100', codici: ['fornitore:HA4802'] });
  });

  it('021, the same list again: nothing changes; a new price and a status-9 line: changed and withdrawn, and back when listed again', async () => {
    const again = await importaFile(file('bti-021.txt', [PRESA, CAVO, { marchio: 'BTI', codice: 'HA4802', descrizione: 'Placca Axolute 2 moduli', grossista: 410, pubblico: 820 }], '021'));
    expect(again).toMatchObject({ stato: 'applicata', nuove: 0, modificate: 0, invariate: 3, formato: { layout: '021' } });

    const r = await importaFile(file('bti-variato.txt', [
      { ...PRESA, pubblico: 265 }, { ...CAVO, stato: '9' }, { marchio: 'BTI', codice: 'OLD1', descrizione: 'Articolo fuori produzione', grossista: 1, pubblico: 2, stato: '9' },
      { marchio: 'BTI', codice: 'MAI', descrizione: 'Mai esistito, ritirato', grossista: 1, pubblico: 2, stato: '9' },
    ]));
    expect(r).toMatchObject({ stato: 'applicata', nuove: 0, modificate: 1, ritirate: 2, invariate: 1 });
    expect(await prodotto('BTIN4303')).toMatchObject({ listino: '2.650', ritirato: false });
    expect(await prodotto('BTICAVO-100')).toMatchObject({ ritirato: true });
    expect(await prodotto('BTIOLD1')).toMatchObject({ ritirato: true });
    expect(await prodotto('BTIMAI')).toBeUndefined();

    const ritorno = await importaFile(file('bti-ritorno.txt', [CAVO]));
    expect(ritorno).toMatchObject({ stato: 'applicata', modificate: 1 });
    expect(await prodotto('BTICAVO-100')).toMatchObject({ ritirato: false });
  });

  it('refuses bad lines with their line number and reason, and the whole file past the threshold', async () => {
    const r = await importaFile(file('bti-errori.txt', [
      PRESA,
      { ...CAVO, ean: '8012199000013' },
      { ...CAVO, codice: 'ZERO', moltiplicatore: 0 },
      { ...PRESA },
    ]), { soglia: 100, prova: true });
    expect(r).toMatchObject({ stato: 'verificata', righeLette: 4, scartate: 3 });
    expect(r.errori).toEqual([
      { riga: 3, colonna: 'ean', valore: '8012199000013', messaggio: "EAN '8012199000013' non valido (8, 12, 13 o 14 cifre con la cifra di controllo giusta)" },
      { riga: 4, colonna: 'moltiplicatore', valore: '000000', messaggio: 'deve essere tra 1 e 999.999' },
      { riga: 5, colonna: 'marchio / codice_metel', valore: 'BTI / N4303', messaggio: 'ripetuto: già alla riga 2' },
    ]);
    const rifiutato = await importaFile(file('bti-soglia.txt', [PRESA, { ...CAVO, ean: '123' }]));
    expect(rifiutato).toMatchObject({ stato: 'rifiutata' });
  });

  it("the purchase cost never reaches a customer: the product's page and search answers lack it", async () => {
    const { db } = t().database;
    const az = await createAzienda(db, { codice: '0009' });
    const cl = await createCliente(db, { aziendaCodice: az.codice, codice: '000900', lisMaga: LISTINO_PUBBLICO });
    const u = await createUtente(db, { clienti: [cl.id] });
    const cookie = await loginCliente(t().app, u);
    const q = 'cod_azienda=0009&cod_cliente=000900';
    for (const url of [`prodotti/details?${q}&codice_prodotto=BTIN4303`, `search/prodotti?${q}&stringa=BTIN4303&start=0&limit=10`]) {
      const r = await t().app.inject({ url: `/api/${url}`, headers: { cookie } });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.body).toContain('BTIN4303');
      expect(r.body).toContain('2.65');
      expect(r.body).not.toMatch(/prezzo_acquisto|1\.23\b/);
    }
  });
});
