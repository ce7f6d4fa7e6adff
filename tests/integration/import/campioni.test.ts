import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/client.js';
import { ArchivioLocale } from '../../../server/lib/archivio/archivio-locale.js';
import { leggiMappa } from '../../../server/import/colonne.js';
import type { TipoImport } from '../../../server/import/definizione.js';
import { importa } from '../../../server/import/importa.js';
import { TIPI_IMPORT } from '../../../shared/importazioni-costanti.js';
import { seedDemo } from '../../../seed/demo.js';
import { createTestDatabase } from '../../support/test-db.js';

const CAMPIONI = path.resolve('seed/import-samples');
let database: Database;
let drop: () => Promise<void>;
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-campioni-media-'));

beforeAll(async () => {
  const tdb = await createTestDatabase();
  ({ database, drop } = tdb);
  await seedDemo(database.db, database.sql, { archivio: new ArchivioLocale(mediaDir), now: new Date('2025-03-14T09:30:00Z') });
});
afterAll(async () => {
  await drop?.();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

const autore = { origine: 'cli' as const, nome: 'test' };
const media = () => ({ archivio: new ArchivioLocale(mediaDir), tmpDir: fs.mkdtempSync(path.join(mediaDir, '.tmp-')), urlPortale: 'http://localhost' });
/** The CSV samples in the order docs/import.md gives (categories before products, products before prices). */
const TIPI_CSV: TipoImport[] = ['categorie', 'articoli', 'listini', 'giacenze', 'clienti', 'prezzi_netti', 'codici_cliente', 'sconti', 'fido', 'scadenze', 'agenti', 'provvigioni'];
const CAMPIONI_FILE: [string, TipoImport][] = [...TIPI_CSV.map((t): [string, TipoImport] => [`${t}.csv`, t]), ['metel.txt', 'metel'], ['documenti.zip', 'documenti']];

describe('the sample import files', () => {
  it('are one per kind, and each alone passes a dry run on the demo data without a refused row', async () => {
    expect(fs.readdirSync(CAMPIONI).filter((f) => !f.endsWith('.json')).sort()).toEqual(CAMPIONI_FILE.map(([f]) => f).sort());
    expect(new Set(CAMPIONI_FILE.map(([, t]) => t))).toEqual(new Set(TIPI_IMPORT));
    // Before any of them is applied: none may name what only another sample creates.
    for (const [file, tipo] of CAMPIONI_FILE) {
      const r = await importa(database.db, path.join(CAMPIONI, file), { tipo, file, autore, prova: true, media: media() });
      expect(r, `${file}: ${r.motivo ?? ''} ${r.errori.map((e) => `riga ${e.riga} ${e.colonna ?? ''}: ${e.messaggio}`).join('; ')}`)
        .toMatchObject({ stato: 'verificata', scartate: 0, colonneIgnorate: [] });
      expect(r.nuove + r.modificate, file).toBeGreaterThan(0);
    }
  });

  it('import into the demo data without a refused row, in the order docs/import.md gives, and a second time change nothing', async () => {
    for (const giro of [1, 2]) {
      for (const tipo of TIPI_CSV) {
        const r = await importa(database.db, path.join(CAMPIONI, `${tipo}.csv`), { tipo, file: `${tipo}.csv`, autore });
        expect(r, `${tipo}: ${r.motivo ?? ''}`).toMatchObject({ stato: 'applicata', scartate: 0, colonneIgnorate: [], formato: { codifica: 'utf-8', separatore: ';' } });
        if (giro === 2) expect(r, tipo).toMatchObject({ nuove: 0, modificate: 0, ritirate: 0 });
        else expect(r.nuove + r.modificate, tipo).toBeGreaterThan(0);
      }
    }
    // The supplier's Metel list (Windows-1252): new BTI products, their list price per unit, then nothing new.
    for (const giro of [1, 2]) {
      const r = await importa(database.db, path.join(CAMPIONI, 'metel.txt'), { tipo: 'metel', file: 'metel.txt', autore });
      expect(r, r.motivo ?? '').toMatchObject({ stato: 'applicata', scartate: 0, formato: { formato: 'metel', layout: '020', codifica: 'windows-1252' } });
      expect(r).toMatchObject(giro === 1 ? { nuove: 3 } : { nuove: 0, modificate: 0, invariate: 3 });
    }
    expect(await database.sql`SELECT p.um, pp.prezzo::text FROM prodotti p JOIN prodotti_prezzi pp ON pp.prodotto_id = p.id AND pp.listino = 1
      WHERE p.codice_prodotto = 'BTIFS15-100'`).toEqual([{ um: 'M', prezzo: '0.430' }]);
    // The documents' ZIP: a DDT and the invoice billing it, with their files in the media store; the same ZIP again changes nothing.
    for (const giro of [1, 2]) {
      const r = await importa(database.db, path.join(CAMPIONI, 'documenti.zip'), { tipo: 'documenti', file: 'documenti.zip', autore, media: media() });
      expect(r, r.motivo ?? '').toMatchObject(giro === 1 ? { stato: 'applicata', scartate: 0, nuove: 2 } : { stato: 'applicata', nuove: 0, modificate: 0, invariate: 2 });
    }
    const documenti = await database.sql<{ numero: string; ddt: string[]; pdf: string; xml: string | null }[]>`
      SELECT d.numero, d.ddt, d.pdf, d.xml FROM documenti d JOIN clienti c ON c.id = d.cliente_id
      WHERE c.codice = '001003' AND d.numero IN ('DDT-2001', 'F-901') ORDER BY d.numero`;
    expect(documenti.map((d) => [d.numero, d.ddt, d.xml !== null])).toEqual([['DDT-2001', [], false], ['F-901', ['DDT-2001'], true]]);
    for (const d of documenti) expect(fs.existsSync(path.join(mediaDir, d.pdf))).toBe(true);
    // The example mapping is a valid one.
    expect(Object.keys(leggiMappa(path.join(CAMPIONI, 'import-colonne.esempio.json')))).toEqual(['articoli', 'giacenze', 'listini']);
  });
});
