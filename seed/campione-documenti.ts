/**
 * Writes the import sample `seed/import-samples/documenti.zip` (docs/import.md#samples): the sheet
 * documenti.csv and the files it names, a DDT and the invoice billing it with its FatturaPA, for a
 * demo client (0001/001003) and demo products at its net prices, drawn as the demo's documents are.
 * Run again after changing the demo's documents: `npx tsx seed/campione-documenti.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { ZipFile } from 'yazl';
import { generateProduct } from './catalog-generator.js';
import { listPriceFor } from './catalog-loader.js';
import { CLIENTI } from './demo-anagrafica.js';
import { clienteDi, emittenteDi, rigaDocumento, totaliDi, trasportoDi } from './demo-documenti.js';
import { documentoPdf } from './documento-pdf.js';
import { euroDaCentesimi, fatturaPa } from './fatturapa-demo.js';

const DEST = fileURLToPath(new URL('./import-samples/documenti.zip', import.meta.url));
const CLIENTE = CLIENTI.find((c) => c.azienda === '0001' && c.codice === '001003')!;
/** Demo products (generator indexes) and quantities: the articoli sample's four. */
const RIGHE: [number, number][] = [[0, 2], [1, 1], [13, 6], [21, 10]];
const DATA_DDT = new Date('2026-11-20T00:00:00Z');
const DATA_FATTURA = new Date('2026-11-30T00:00:00Z');
const ALIQUOTA = 22;

const righe = RIGHE.map(([i, qt]) => {
  const p = generateProduct(i, DATA_DDT);
  const listino = listPriceFor(p, CLIENTE.lisMaga) ?? p.prezzo1;
  return rigaDocumento({ codice: p.codice, nome: p.titoloPortale ?? p.descrizione1, um: p.um, qt, nettoMill: Math.round(listino * (1 - CLIENTE.sconto / 100)) });
});
const emittente = emittenteDi(CLIENTE.azienda);
const cliente = clienteDi(CLIENTE);
const { imponibileCent, ivaCent } = totaliDi(righe);
const ddt = { numero: 'DDT-2001', data: DATA_DDT };
const fattura = { numero: 'F-901', data: DATA_FATTURA };
const scadenza = new Date(DATA_FATTURA.getTime() + 60 * 86_400_000);
const sede = CLIENTE.sedi[0]!;
const euro = (c: number) => euroDaCentesimi(c).replace('.', ',');
const dataCsv = (d: Date) => d.toISOString().slice(0, 10).split('-').reverse().join('/');

const file: [string, Buffer][] = [
  ['DDT-2001.pdf', await documentoPdf({
    tipo: 'DDT', ...ddt, emittente, cliente, righe, riferimenti: ['Ordine telefonico del 19/11/2026'],
    destinazione: [CLIENTE.ragioneSociale, sede.descrizione, sede.indirizzo, `${sede.cap} ${sede.citta} (${sede.provincia})`],
    trasporto: trasportoDi(righe, DATA_DDT),
  })],
  ['F-901.pdf', await documentoPdf({
    tipo: 'FATTURA', ...fattura, emittente, cliente, righe, riferimenti: ['DDT n. DDT-2001 del 20/11/2026'],
    totali: { imponibileCent, ivaCent, aliquota: ALIQUOTA }, pagamento: `Ri.Ba. a 60 giorni data fattura, scadenza ${dataCsv(scadenza)}`,
  })],
  ['F-901.xml', Buffer.from(fatturaPa({
    tipo: 'TD01', ...fattura, emittente, cliente, righe, ddt: [ddt], aliquota: ALIQUOTA, imponibileCent, ivaCent, scadenza,
  }))],
];
const csv = [
  'tipo;numero;data;azienda_codice;cliente_codice;imponibile;iva;totale;ordini;ddt;file;xml',
  `DDT;${ddt.numero};${dataCsv(DATA_DDT)};${CLIENTE.azienda};${CLIENTE.codice};${euro(imponibileCent)};${euro(ivaCent)};${euro(imponibileCent + ivaCent)};;;DDT-2001.pdf;`,
  `FATTURA;${fattura.numero};${dataCsv(DATA_FATTURA)};${CLIENTE.azienda};${CLIENTE.codice};${euro(imponibileCent)};${euro(ivaCent)};${euro(imponibileCent + ivaCent)};;${ddt.numero};F-901.pdf;F-901.xml`,
];

const zip = new ZipFile();
// The same bytes at every run: a fixed time on each entry.
const mtime = DATA_FATTURA;
zip.addBuffer(Buffer.from(`\ufeff${csv.join('\r\n')}\r\n`), 'documenti.csv', { mtime });
for (const [nome, dati] of file) zip.addBuffer(dati, nome, { mtime, compress: false });
zip.end();
await pipeline(zip.outputStream, fs.createWriteStream(DEST));
console.log(`${path.relative(process.cwd(), DEST)}: ${file.length + 1} file`);
