/**
 * Documents in bulk (docs/regole/documenti.md#import): a ZIP holding `documenti.csv` (or its only
 * CSV) whose rows are the push's fields plus `file` (the PDF's name in the ZIP) and optionally
 * `xml`. All rows or none: every row is checked first (its fields, its files present in the ZIP
 * and judged by their bytes), and a single refusal refuses the file with the lines at fault. The
 * ZIP is read with the import's own reader, which trusts no declared size.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  documentoPushRequest, type DocumentoPush, MAX_RIGHE_IMPORT_DOCUMENTI, MAX_XML_BYTES,
} from '../../shared/documenti.js';
import { MAX_DOCUMENTO_BYTES, MB } from '../../shared/upload.js';
import type { Db } from '../db/client.js';
import { righeCsv } from '../import/lettura/csv.js';
import { FileNonValido } from '../import/lettura/tipi.js';
import { ArchivioZip, type ParteZip } from '../import/lettura/xlsx/zip.js';
import type { ArchivioMedia } from '../lib/archivio/archivio.js';
import { badRequest, HttpError } from '../lib/errors.js';
import { riconosciTipo } from '../lib/upload/tipo-file.js';
import type { FileRicevuto } from '../lib/upload/ricevi-file.js';
import { controllaXml } from './file-documento.js';
import { controllaRiferimenti, salvaDocumento } from './push.service.js';

const MAX_CSV_BYTES = 20 * MB;
/** Refused lines named in the answer; the rest are counted. */
const ERRORI_MOSTRATI = 20;

const rifiuto = (errori: string[]) => badRequest(`File rifiutato, nulla è stato importato: ${errori.slice(0, ERRORI_MOSTRATI).join('; ')}`
  + `${errori.length > ERRORI_MOSTRATI ? `; e altri ${errori.length - ERRORI_MOSTRATI} errori` : ''}.`);

/** A part's bytes as they inflate, stopped at `max` (the declared size is not believed). */
function limitata(zip: ArchivioZip, p: ParteZip, max: number, cosa: string): AsyncIterable<Buffer> {
  let letti = 0;
  return zip.leggi(p, (n) => {
    letti += n;
    if (letti > max) throw new FileNonValido(`${cosa} supera ${Math.round(max / MB)} MB`);
  });
}

const numeroRiga = (e: string) => Number(/^riga (\d+)/.exec(e)?.[1] ?? 0);

interface Riga { riga: number; doc: DocumentoPush; file: string; xml?: string }

async function leggiCsv(zip: ArchivioZip, csv: ParteZip): Promise<{ righe: Riga[]; errori: string[] }> {
  const righe: Riga[] = [];
  const errori: string[] = [];
  let colonne: string[] | undefined;
  for await (const r of righeCsv(limitata(zip, csv, MAX_CSV_BYTES, csv.nome), {})) {
    const valori = r.valori.map((v) => String(v).trim());
    if (!colonne) {
      colonne = valori.map((v) => v.toLowerCase());
      const mancanti = ['tipo', 'numero', 'data', 'azienda_codice', 'cliente_codice', 'imponibile', 'iva', 'totale', 'file']
        .filter((c) => !colonne!.includes(c));
      if (mancanti.length > 0) throw badRequest(`${csv.nome}: mancano le colonne ${mancanti.join(', ')}.`);
      continue;
    }
    if (valori.every((v) => v === '')) continue;
    if (righe.length + errori.length >= MAX_RIGHE_IMPORT_DOCUMENTI) throw badRequest(`Al massimo ${MAX_RIGHE_IMPORT_DOCUMENTI} documenti per file.`);
    const campi = Object.fromEntries(colonne.map((c, i) => [c, valori[i] ?? '']).filter(([, v]) => v !== ''));
    const letto = documentoPushRequest.safeParse(campi);
    if (!letto.success) {
      const e = letto.error.issues[0]!;
      errori.push(`riga ${r.riga}: ${e.path.length ? `${e.path.join('.')}: ` : ''}${e.message}`);
      continue;
    }
    righe.push({ riga: r.riga, doc: letto.data, file: campi.file!, xml: campi.xml });
  }
  return { righe, errori };
}

export async function importaZipDocumenti(
  db: Db, archivio: ArchivioMedia, files: readonly FileRicevuto[], tmpDir: string, tokenId: number,
): Promise<{ status: number; msg: string; nuovi: number; sostituiti: number }> {
  const zipFile = files.find((f) => f.campo === 'file');
  if (!zipFile || zipFile.tipo?.ext !== 'zip') throw badRequest('Il file deve essere uno ZIP con documenti.csv e i PDF che nomina.');
  const estratti: string[] = [];
  let zip: ArchivioZip | undefined;
  try {
    zip = await ArchivioZip.apri(zipFile.percorso);
    const csvs = [...zip.parti.values()].filter((p) => p.nome.toLowerCase().endsWith('.csv'));
    const csv = csvs.find((p) => p.nome.toLowerCase() === 'documenti.csv') ?? (csvs.length === 1 ? csvs[0] : undefined);
    if (!csv) throw badRequest('Nello ZIP manca documenti.csv.');
    const { righe, errori } = await leggiCsv(zip, csv);
    // Each file of each row: present, extracted within its limit, judged by its bytes.
    const pronti: { r: Riga; pdf: string; xml?: string }[] = [];
    for (const r of righe) {
      const estrai = async (nome: string, max: number) => {
        const parte = zip!.parti.get(nome);
        if (!parte) return undefined;
        const dest = path.join(tmpDir, crypto.randomUUID());
        estratti.push(dest);
        await pipeline(Readable.from(limitata(zip!, parte, max, nome)), fs.createWriteStream(dest, { flags: 'wx', mode: 0o640 }));
        return dest;
      };
      const pdf = await estrai(r.file, MAX_DOCUMENTO_BYTES);
      if (!pdf) { errori.push(`riga ${r.riga}: il file ${r.file} non è nello ZIP`); continue; }
      if ((await riconosciTipo(pdf, r.file))?.ext !== 'pdf') { errori.push(`riga ${r.riga}: ${r.file} non è un PDF`); continue; }
      let xml: string | undefined;
      if (r.xml) {
        xml = await estrai(r.xml, MAX_XML_BYTES);
        if (!xml) { errori.push(`riga ${r.riga}: il file ${r.xml} non è nello ZIP`); continue; }
        try {
          await controllaXml({ campo: 'xml', nome: r.xml, tipo: null, bytes: 0, percorso: xml });
        } catch {
          errori.push(`riga ${r.riga}: ${r.xml} non è una fattura elettronica FatturaPA`);
          continue;
        }
      }
      pronti.push({ r, pdf, xml });
    }
    // What only the database can judge (the client, its orders), before anything is written.
    for (const p of pronti) {
      try {
        await controllaRiferimenti(db, p.r.doc);
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        errori.push(`riga ${p.r.riga}: ${err.message}`);
      }
    }
    if (errori.length > 0) throw rifiuto(errori.sort((a, b) => numeroRiga(a) - numeroRiga(b)));
    if (pronti.length === 0) throw badRequest(`${csv.nome} non contiene documenti.`);
    const salvati: boolean[] = [];
    for (const p of pronti) salvati.push((await salvaDocumento(db, archivio, p.r.doc, p.pdf, p.xml, { tokenId })).sostituito);
    const sostituiti = salvati.filter(Boolean).length;
    return {
      status: 0,
      msg: `${salvati.length === 1 ? 'Importato 1 documento' : `Importati ${salvati.length} documenti`}`
        + `${sostituiti ? ` (${sostituiti === 1 ? '1 sostituisce quello' : `${sostituiti} sostituiscono quelli`} con lo stesso numero)` : ''}.`,
      nuovi: salvati.length - sostituiti, sostituiti,
    };
  } catch (err) {
    if (err instanceof FileNonValido) throw badRequest(err.message);
    throw err;
  } finally {
    await zip?.chiudi();
    await Promise.all(estratti.map((f) => fs.promises.rm(f, { force: true })));
  }
}
