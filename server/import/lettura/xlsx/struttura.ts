/**
 * Where a workbook keeps what the importer reads: the first sheet (in the workbook's order, as
 * Excel shows its tabs), the shared strings and the styles, found through the package's
 * relationships as the format defines them, and whether its dates count from 1904.
 */
import path from 'node:path';
import { FileNonValido } from '../tipi.js';
import { analizzaXml, nomeLocale } from './xml.js';
import type { ParteZip } from './zip.js';

export interface Struttura {
  foglio: ParteZip;
  testi?: ParteZip;
  stili?: ParteZip;
  data1904: boolean;
}

type LeggiParte = (p: ParteZip) => AsyncIterable<Buffer>;
interface Relazione { destinazione: string; tipo: string }

/** Transitional and Strict OOXML name the kinds of relationship under different roots. */
const eDiTipo = (r: Relazione, tipo: string) => r.tipo.endsWith(`/${tipo}`);

/** A relationship's target, relative to the folder of the part that names it (or from the root). */
const risolvi = (da: string, destinazione: string) => (destinazione.startsWith('/')
  ? destinazione.slice(1)
  : path.posix.normalize(path.posix.join(path.posix.dirname(da), destinazione)));

async function relazioni(parti: Map<string, ParteZip>, leggi: LeggiParte, di: string): Promise<Map<string, Relazione>> {
  const nome = path.posix.join(path.posix.dirname(di), '_rels', `${path.posix.basename(di)}.rels`);
  const r = new Map<string, Relazione>();
  const parte = parti.get(nome);
  if (!parte) return r;
  await analizzaXml(nome, leggi(parte), {
    apri(tag, a) {
      if (tag === 'Relationship' && a.Id && a.Target) r.set(a.Id, { destinazione: risolvi(di, a.Target), tipo: a.Type ?? '' });
    },
  });
  return r;
}

export async function leggiStruttura(parti: Map<string, ParteZip>, leggi: LeggiParte): Promise<Struttura> {
  const radice = [...(await relazioni(parti, leggi, '')).values()].find((r) => eDiTipo(r, 'officeDocument'));
  const nomeCartella = radice?.destinazione ?? 'xl/workbook.xml';
  const cartella = parti.get(nomeCartella);
  if (!cartella) throw new FileNonValido('Il file non è una cartella di lavoro Excel (.xlsx): manca xl/workbook.xml');
  let primoFoglio: string | undefined;
  let data1904 = false;
  await analizzaXml(nomeCartella, leggi(cartella), {
    apri(tag, a) {
      if (tag === 'workbookPr') data1904 = a.date1904 === '1' || a.date1904 === 'true';
      // The relationship id is r:id, whatever the prefix.
      else if (tag === 'sheet' && primoFoglio === undefined) primoFoglio = Object.entries(a).find(([k]) => k.includes(':') && nomeLocale(k) === 'id')?.[1];
    },
  });
  const rel = await relazioni(parti, leggi, nomeCartella);
  const destinazione = primoFoglio === undefined ? undefined : rel.get(primoFoglio)?.destinazione;
  const foglio = destinazione === undefined ? undefined : parti.get(destinazione);
  if (!foglio) throw new FileNonValido('Il file XLSX non contiene fogli');
  const parteDi = (tipo: string) => {
    const r = [...rel.values()].find((x) => eDiTipo(x, tipo));
    return r && parti.get(r.destinazione);
  };
  return { foglio, testi: parteDi('sharedStrings'), stili: parteDi('styles'), data1904 };
}
