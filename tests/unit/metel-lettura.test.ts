import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { righeFile } from '../../server/import/lettura/righe.js';
import { METEL_CAMPI } from '../../server/import/lettura/metel.js';
import type { FormatoLetto, RigaGrezza } from '../../server/import/lettura/tipi.js';
import { fileMetel, intestazioneMetel, lineaMetel } from '../support/metel.js';

// A Metel price list is told apart by its first bytes and read field by field at the format's
// positions, in Windows-1252, both layouts alike.
const cartella = fs.mkdtempSync(path.join(os.tmpdir(), 'metel-'));
afterAll(() => fs.rmSync(cartella, { recursive: true, force: true }));

async function leggi(nome: string, bytes: Buffer): Promise<{ formato: FormatoLetto; righe: RigaGrezza[] }> {
  const file = path.join(cartella, nome);
  fs.writeFileSync(file, bytes);
  const formato: FormatoLetto = {};
  const righe: RigaGrezza[] = [];
  for await (const r of righeFile(file, formato)) righe.push(r);
  return { formato, righe };
}

const ARTICOLI = [
  { marchio: 'BTI', codice: 'N4303', ean: '8012199123456', descrizione: 'Presa bipasso 10/16A però grigia', pezzi: 10, multiplo: 5, minimo: 10,
    grossista: 123, pubblico: 250, moltiplicatore: 1, um: 'PZ', famigliaSconto: 'BTI-LL', famigliaStatistica: 'PRESE' },
  { marchio: 'BTI', codice: 'CAVO-100', descrizione: 'Cavo unipolare 1,5 mm² (€/100 m)', grossista: 4550, pubblico: 9900, moltiplicatore: 100, um: 'M', stato: '9' },
];

describe('Metel price lists', () => {
  for (const layout of ['020', '021'] as const) {
    it(`layout ${layout}: the header gives the field names, each line its fields, accents and € read from Windows-1252`, async () => {
      const { formato, righe } = await leggi(`listino-${layout}.txt`, fileMetel('BTI', ARTICOLI, layout));
      expect(formato).toEqual({ formato: 'metel', layout, codifica: 'windows-1252' });
      expect(righe[0]).toEqual({ riga: 1, valori: METEL_CAMPI.map(([n]) => n) });
      const campi = (r: RigaGrezza) => Object.fromEntries(METEL_CAMPI.map(([n], i) => [n, r.valori[i]]));
      expect(campi(righe[1]!)).toEqual({
        marchio: 'BTI', codice_metel: 'N4303', ean: '8012199123456', descrizione: 'Presa bipasso 10/16A però grigia',
        pezzi_confezione: '00010', multiplo: '00005', minimo: '00010', prezzo_grossista: '00000000123', prezzo_pubblico: '00000000250',
        moltiplicatore: '000001', um: 'PZ', stato: '1', famiglia_sconto: 'BTI-LL', famiglia_statistica: 'PRESE',
      });
      expect(campi(righe[2]!)).toMatchObject({ codice_metel: 'CAVO-100', ean: '', descrizione: 'Cavo unipolare 1,5 mm² (€/100 m)', moltiplicatore: '000100', um: 'M', stato: '9' });
      expect(righe.map((r) => r.riga)).toEqual([1, 2, 3]);
    });
  }

  it('refuses a line too short for an article at its number, and is not taken for a CSV', async () => {
    const corta = lineaMetel(ARTICOLI[0]!).slice(0, 100);
    const bytes = Buffer.from([intestazioneMetel('BTI'), lineaMetel(ARTICOLI[0]!), corta].join('\n'), 'latin1');
    await expect(leggi('corta.txt', bytes)).rejects.toThrow('Riga 3: 100 caratteri, un articolo Metel ne ha almeno 133');
  });

  it('a file without line breaks is refused, not read whole', async () => {
    await expect(leggi('senza-a-capo.txt', Buffer.from(`LISTINO METEL${' '.repeat(5000)}`, 'latin1'))).rejects.toThrow(/Riga 1: oltre 2\.?000 caratteri, non è un listino Metel/);
  });
});
