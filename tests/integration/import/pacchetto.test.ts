import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { FileTroppoGrande, LIMITI_PACCHETTO, Pacchetto } from '../../../server/import/lettura/pacchetto.js';
import { FileNonValido } from '../../../server/import/lettura/tipi.js';
import { MAX_IMPORT_BYTES } from '../../../shared/importazioni-costanti.js';
import { MB } from '../../../shared/upload.js';

// The documenti kind's ZIP (server/import/lettura/pacchetto.ts): its entries inflated together are
// bounded by what the same documents could weigh in one upload, counted on the bytes inflated.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-pacchetto-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A ZIP of the sheet and `n` files of `mb` MB of zeros each: a few hundred KB deflated. */
async function zipDiZeri(nome: string, n: number, mb: number): Promise<string> {
  const z = new ZipFile();
  z.addBuffer(Buffer.from('tipo;numero\n'), 'documenti.csv');
  const zeri = Buffer.alloc(mb * MB);
  for (let i = 0; i < n; i++) z.addBuffer(zeri, `f${i}.pdf`);
  z.end();
  const file = path.join(dir, nome);
  await new Promise<void>((resolve, reject) => z.outputStream.pipe(fs.createWriteStream(file)).on('finish', resolve).on('error', reject));
  return file;
}

describe('Pacchetto: what a documents ZIP may inflate to', () => {
  it('the bound is the upload\'s 200 MB (each entry once) and twice that for entries read again', () => {
    expect(LIMITI_PACCHETTO.totale).toBe(MAX_IMPORT_BYTES);
    expect(LIMITI_PACCHETTO.letture).toBe(2 * MAX_IMPORT_BYTES);
  });

  it('refuses a ZIP whose entries, each under 50 MB, inflate beyond 200 MB together; no file left taken out', async () => {
    const file = await zipDiZeri('cinque.zip', 5, 45);
    expect(fs.statSync(file).size).toBeLessThan(2 * MB);
    const tmp = path.join(dir, 'tmp-5');
    const p = await Pacchetto.apri(file, tmp);
    try {
      const presi: string[] = [];
      // Taken out and let go one at a time, as the import does: the total still counts them all.
      for (let i = 0; i < 4; i++) {
        const f = (await p.estrai(`f${i}.pdf`, 50 * MB))!;
        expect(fs.statSync(f).size).toBe(45 * MB);
        presi.push(f);
        await p.rilascia(f);
      }
      const err = await p.estrai('f4.pdf', 50 * MB).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(FileNonValido);
      expect(err).not.toBeInstanceOf(FileTroppoGrande);
      expect((err as Error).message).toBe("I file dello ZIP superano 200 MB una volta decompressi, quanto al massimo porta un'importazione di documenti");
    } finally {
      await p.chiudi();
    }
    expect(fs.readdirSync(tmp)).toEqual([]);
  });

  it('an entry read again counts once toward 200 MB, and every reading toward 400 MB', async () => {
    const file = await zipDiZeri('uno.zip', 1, 45);
    const tmp = path.join(dir, 'tmp-1');
    const p = await Pacchetto.apri(file, tmp);
    try {
      // 8 readings of one 45 MB entry: 360 MB read, 45 MB of distinct entries.
      for (let i = 0; i < 8; i++) await p.rilascia((await p.estrai('f0.pdf', 50 * MB))!);
      const err = await p.estrai('f0.pdf', 50 * MB).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(FileNonValido);
      expect((err as Error).message).toBe('Il foglio nomina gli stessi file troppe volte: oltre 400 MB da decomprimere');
    } finally {
      await p.chiudi();
    }
    expect(fs.readdirSync(tmp)).toEqual([]);
  });
});
