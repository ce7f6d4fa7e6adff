/**
 * Which column of the file holds which field. Columns are named after the fields (docs/regole/import.md#import-kinds:
 * `codice_prodotto`, `pz1`, `disponibilita`…), in any order, case and spacing aside; a wholesaler
 * whose ERP names them otherwise lists its names in a small JSON file (docs/import.md):
 *
 *   { "giacenze": { "disponibilita": ["ESISTENZA", "Giacenza"], "codice_prodotto": "CODART" } }
 *
 * found at `--colonne FILE`, else `IMPORT_COLONNE`, else `DATA_DIR/import-colonne.json`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { FileNonValido } from './lettura/tipi.js';
import { TIPI_IMPORT, type TipoImport } from './definizione.js';

/** Field names by kind: each field, the names the ERP gives it. */
export type MappaColonne = Partial<Record<TipoImport, Record<string, string[]>>>;

const schemaMappa = z.partialRecord(
  z.enum(TIPI_IMPORT),
  z.record(z.string().min(1), z.union([z.string().min(1), z.array(z.string().min(1)).min(1)])
    .transform((v) => (Array.isArray(v) ? v : [v]))),
);

export const FILE_MAPPA = 'import-colonne.json';

/** Where the mapping file is, if any: the given path (which must exist), else DATA_DIR's. */
export function percorsoMappa(esplicito: string | undefined, dataDir: string): string | undefined {
  if (esplicito) return path.resolve(esplicito);
  const predefinito = path.join(dataDir, FILE_MAPPA);
  return fs.existsSync(predefinito) ? predefinito : undefined;
}

export class MappaNonValida extends Error {}

/** Reads and checks the mapping file; a wrong file stops the run before anything is read. */
export function leggiMappa(file: string): MappaColonne {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new MappaNonValida(`File delle colonne ${file} non leggibile: ${(err as Error).message}`);
  }
  const r = schemaMappa.safeParse(json);
  if (!r.success) {
    const dove = r.error.issues.map((i) => `${i.path.join('.') || '(radice)'}: ${i.message}`).join('; ');
    throw new MappaNonValida(`File delle colonne ${file} non valido (${dove}). Atteso: { "giacenze": { "disponibilita": ["ESISTENZA"] } }`);
  }
  return r.data;
}

/**
 * Header names compared without case, accents, spacing and punctuation: 'Ord. Forn' = 'ord_forn',
 * 'Q.tà ordinata' = 'qta_ordinata' (dots and apostrophes go, other gaps become one '_').
 */
export const normalizzaNome = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '')
  .toLowerCase().trim().replace(/[.'’]/g, '').replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');

export interface Intestazione {
  /** Field -> index of its column in the row. */
  indici: Map<string, number>;
  /** Field -> the column's name as the file writes it (for error messages). */
  nomi: Map<string, string>;
  ignorate: string[];
}

/**
 * Resolves a header row: each column to a field (by its own name, or a name the mapping gives
 * it; `modello` accepts more fields, like listini's pz1…pz99). A missing required field, or two
 * columns for one field, refuse the file.
 */
export function leggiIntestazione(
  celle: string[],
  campi: { nome: string; obbligatorio?: boolean }[],
  modello: RegExp | undefined,
  alias: Record<string, string[]> = {},
): Intestazione {
  const perNome = new Map<string, string>();
  for (const c of campi) perNome.set(normalizzaNome(c.nome), c.nome);
  for (const [campo, nomi] of Object.entries(alias)) {
    if (!campi.some((c) => c.nome === campo) && !modello?.test(campo)) {
      throw new FileNonValido(`Il file delle colonne nomina il campo '${campo}', che questo tipo di file non ha`);
    }
    for (const n of nomi) perNome.set(normalizzaNome(n), campo);
  }
  const indici = new Map<string, number>();
  const nomi = new Map<string, string>();
  const ignorate: string[] = [];
  celle.forEach((cella, i) => {
    const nome = cella.trim();
    if (nome === '') return;
    const norm = normalizzaNome(nome);
    const campo = perNome.get(norm) ?? (modello?.test(norm) ? norm : undefined);
    if (campo === undefined) {
      ignorate.push(nome);
      return;
    }
    if (indici.has(campo)) {
      throw new FileNonValido(`Le colonne '${nomi.get(campo)}' e '${nome}' indicano entrambe il campo ${campo}`);
    }
    indici.set(campo, i);
    nomi.set(campo, nome);
  });
  const mancanti = campi.filter((c) => c.obbligatorio && !indici.has(c.nome)).map((c) => c.nome);
  if (mancanti.length) {
    throw new FileNonValido(`Manca${mancanti.length > 1 ? 'no le colonne obbligatorie' : ' la colonna obbligatoria'}: ${mancanti.join(', ')}`);
  }
  return { indici, nomi, ignorate };
}
