import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/client.js';
import { ArchivioLocale } from '../../../server/lib/archivio/archivio-locale.js';
import { leggiMappa } from '../../../server/import/colonne.js';
import type { TipoImport } from '../../../server/import/definizione.js';
import { importa } from '../../../server/import/importa.js';
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

describe('the sample import files', () => {
  it('import into the demo data without a refused row, in the order docs/import.md gives, and a second time change nothing', async () => {
    const tipi: TipoImport[] = ['categorie', 'articoli', 'listini', 'giacenze', 'clienti', 'prezzi_netti', 'codici_cliente', 'fido', 'scadenze'];
    expect(fs.readdirSync(CAMPIONI).filter((f) => f.endsWith('.csv')).sort()).toEqual(tipi.map((t) => `${t}.csv`).sort());
    for (const giro of [1, 2]) {
      for (const tipo of tipi) {
        const r = await importa(database.db, path.join(CAMPIONI, `${tipo}.csv`), {
          tipo, file: `${tipo}.csv`, autore: { origine: 'cli', nome: 'test' },
        });
        expect(r, `${tipo}: ${r.motivo ?? ''}`).toMatchObject({ stato: 'applicata', scartate: 0, colonneIgnorate: [], formato: { codifica: 'utf-8', separatore: ';' } });
        if (giro === 2) expect(r, tipo).toMatchObject({ nuove: 0, modificate: 0, ritirate: 0 });
        else expect(r.nuove + r.modificate, tipo).toBeGreaterThan(0);
      }
    }
    // The supplier's Metel list (Windows-1252): new BTI products, their list price per unit, then nothing new.
    for (const giro of [1, 2]) {
      const r = await importa(database.db, path.join(CAMPIONI, 'metel.txt'), { tipo: 'metel', file: 'metel.txt', autore: { origine: 'cli', nome: 'test' } });
      expect(r, r.motivo ?? '').toMatchObject({ stato: 'applicata', scartate: 0, formato: { formato: 'metel', layout: '020', codifica: 'windows-1252' } });
      expect(r).toMatchObject(giro === 1 ? { nuove: 3 } : { nuove: 0, modificate: 0, invariate: 3 });
    }
    expect(await database.sql`SELECT p.um, pp.prezzo::text FROM prodotti p JOIN prodotti_prezzi pp ON pp.prodotto_id = p.id AND pp.listino = 1
      WHERE p.codice_prodotto = 'BTIFS15-100'`).toEqual([{ um: 'M', prezzo: '0.430' }]);
    // The example mapping is a valid one.
    expect(Object.keys(leggiMappa(path.join(CAMPIONI, 'import-colonne.esempio.json')))).toEqual(['articoli', 'giacenze', 'listini']);
  });
});
