/**
 * A file of the documenti kind (docs/import.md#documenti): a ZIP holding the CSV (`documenti.csv`,
 * or its only CSV or XLSX) and the files its rows name by their path in the ZIP. The sheet is taken
 * out to a temporary file for the engine's readers; each named file is taken out when asked,
 * counted as it inflates (the sizes a ZIP declares are not believed), and removed when let go.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MAX_IMPORT_BYTES } from '../../../shared/importazioni-costanti.js';
import { MB, nomeFileSicuro } from '../../../shared/upload.js';
import { numero } from './limiti.js';
import { FileNonValido } from './tipi.js';
import { ArchivioZip, type GenereZip, type ParteZip } from './xlsx/zip.js';

export const LIMITI_PACCHETTO = {
  /** Entries: a CSV and, for each of up to 5,000 documents, its PDF and its FatturaPA. */
  parti: 10_001,
  /** The sheet, inflated (5,000 rows are well under 2 MB). */
  foglio: 20 * MB,
  /**
   * The ZIP's entries taken out in one run (the sheet and the documents' files, each counted once),
   * inflated, together: what the same documents may weigh sent as a sheet and `allegati`, the
   * upload's own bound (MAX_IMPORT_BYTES, 200 MB). No ZIP bomb gets further.
   */
  totale: MAX_IMPORT_BYTES,
  /**
   * Every byte inflated in one run, an entry taken out again counted again: each file is read twice
   * (judged, then stored), so twice the above; only a sheet naming the same files many times gets here.
   */
  letture: 2 * MAX_IMPORT_BYTES,
} as const;

const ZIP: GenereZip = { nome: 'File ZIP', maxParti: LIMITI_PACCHETTO.parti };

const eFoglio = (n: string) => /\.(csv|txt|xlsx)$/i.test(n) && !n.endsWith('/');

/** One file of the ZIP over its own limit: its row is refused, not the whole file. */
export class FileTroppoGrande extends FileNonValido {}

export class Pacchetto {
  /** Bytes inflated of each entry (its largest reading): their sum is bounded by LIMITI_PACCHETTO.totale. */
  private readonly perParte = new Map<ParteZip, number>();
  private inflati = 0;
  private letture = 0;
  private readonly estratti = new Set<string>();
  /** The sheet taken out (a local file for the engine's readers). */
  foglio = '';

  private constructor(private readonly zip: ArchivioZip, private readonly tmpDir: string) {}

  /** Opens the ZIP and takes its sheet out; refuses (FileNonValido) a file that is no such ZIP. */
  static async apri(file: string, tmpDir: string): Promise<Pacchetto> {
    const zip = await ArchivioZip.apri(file, ZIP).catch((err: unknown) => {
      if (err instanceof FileNonValido && /indice dell'archivio manca/.test(err.message)) {
        throw new FileNonValido('Il file dei documenti deve essere uno ZIP con il CSV e i file che nomina');
      }
      throw err;
    });
    try {
      await fs.promises.mkdir(tmpDir, { recursive: true });
      const fogli = [...zip.parti.values()].filter((p) => eFoglio(p.nome));
      const parte = fogli.find((p) => /^documenti\.(csv|txt|xlsx)$/i.test(path.posix.basename(p.nome))) ?? (fogli.length === 1 ? fogli[0] : undefined);
      if (!parte) throw new FileNonValido('Nello ZIP manca documenti.csv (il CSV dei documenti)');
      const p = new Pacchetto(zip, tmpDir);
      p.foglio = await p.estraiParte(parte, LIMITI_PACCHETTO.foglio);
      return p;
    } catch (err) {
      await zip.chiudi();
      throw err;
    }
  }

  /**
   * The file by this path; a bare name also by its name as an upload keeps it (nomeFileSicuro):
   * the files sent as allegati are packed under those (impacchetta.ts), while the sheet names them
   * as the ERP had them ('fattura #12.pdf').
   */
  private parte(nome: string): ParteZip | undefined {
    if (nome.endsWith('/')) return undefined;
    return this.zip.parti.get(nome) ?? (nome.includes('/') ? undefined : this.zip.parti.get(nomeFileSicuro(nome)));
  }

  /**
   * The named file taken out to a temporary file; undefined when the ZIP has no such file. Beyond
   * `max` bytes FileTroppoGrande, beyond the run's totals FileNonValido. The caller lets it go.
   */
  async estrai(nome: string, max: number): Promise<string | undefined> {
    const parte = this.parte(nome);
    return parte && this.estraiParte(parte, max);
  }

  async rilascia(file: string): Promise<void> {
    this.estratti.delete(file);
    await fs.promises.rm(file, { force: true });
  }

  /** Closes the ZIP and removes every file still taken out. */
  async chiudi(): Promise<void> {
    await this.zip.chiudi().catch(() => undefined);
    await Promise.all([...this.estratti].map((f) => this.rilascia(f)));
  }

  private async estraiParte(parte: ParteZip, max: number): Promise<string> {
    const dest = path.join(this.tmpDir, crypto.randomUUID());
    this.estratti.add(dest);
    let letti = 0;
    const byte = this.zip.leggi(parte, (n) => {
      letti += n;
      this.letture += n;
      // An entry read again adds only what it has beyond its earlier reading (nothing, as a rule).
      const prima = this.perParte.get(parte) ?? 0;
      if (letti > prima) {
        this.inflati += letti - prima;
        this.perParte.set(parte, letti);
      }
      if (letti > max) throw new FileTroppoGrande(`${parte.nome} supera ${numero(Math.round(max / MB))} MB`);
      if (this.inflati > LIMITI_PACCHETTO.totale) {
        throw new FileNonValido(`I file dello ZIP superano ${numero(LIMITI_PACCHETTO.totale / MB)} MB una volta decompressi, `
          + `quanto al massimo porta un'importazione di documenti`);
      }
      if (this.letture > LIMITI_PACCHETTO.letture) {
        throw new FileNonValido(`Il foglio nomina gli stessi file troppe volte: oltre ${numero(LIMITI_PACCHETTO.letture / MB)} MB da decomprimere`);
      }
    });
    try {
      await pipeline(Readable.from(byte), fs.createWriteStream(dest, { flags: 'wx', mode: 0o640 }));
    } catch (err) {
      await this.rilascia(dest);
      throw err;
    }
    return dest;
  }
}
