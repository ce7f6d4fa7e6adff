/**
 * One XML part of an XLSX through saxes (the parser exceljs used), as a stream of events. Tags come
 * by their local name (`x:row` is `row`: some writers prefix every tag). The parser holds a text
 * whole before handing it on, so a run of text longer than any cell (MAX_TESTO_XML) is refused
 * before it is given to it.
 */
import { SaxesParser } from 'saxes';
import { MAX_TESTO_XML, numero } from '../limiti.js';
import { FileNonValido, OltreLimite } from '../tipi.js';

export interface GestoreXml {
  apri(nome: string, attributi: Record<string, string>): void;
  testo?(t: string): void;
  chiudi?(nome: string): void;
  /** The reason a text run too long to parse is refused with (the sheet names its row, the shared strings the cell's limit). */
  troppoLungo?(caratteri: number): string;
}

export const nomeLocale = (nome: string) => {
  const i = nome.indexOf(':');
  return i < 0 ? nome : nome.slice(i + 1);
};

/**
 * Parses `bytes` (UTF-8) with `g`. After each piece of the part `dopo` is called, so that what the
 * handlers gathered can be handed on (the sheet's rows) before the next piece is parsed.
 */
export async function* leggiXml(nomeParte: string, bytes: AsyncIterable<Buffer>, g: GestoreXml): AsyncGenerator<void> {
  const p = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  p.on('opentag', (t) => g.apri(nomeLocale(t.name), t.attributes));
  if (g.testo) {
    const testo = g.testo.bind(g);
    p.on('text', testo);
    p.on('cdata', testo);
  }
  if (g.chiudi) {
    const chiudi = g.chiudi.bind(g);
    p.on('closetag', (t) => chiudi(nomeLocale(t.name)));
  }
  const decoder = new TextDecoder('utf-8');
  // Characters since the last '<'. A run inside one piece is shorter than the piece, far below the limit.
  let corsa = 0;
  const controlla = (s: string) => {
    const primo = s.indexOf('<');
    if (primo < 0) corsa += s.length;
    else if (corsa + primo <= MAX_TESTO_XML) corsa = s.length - 1 - s.lastIndexOf('<');
    else corsa += primo;
    if (corsa > MAX_TESTO_XML) {
      throw new OltreLimite(g.troppoLungo?.(corsa) ?? `Il file XLSX contiene un testo di oltre ${numero(MAX_TESTO_XML)} caratteri (${nomeParte})`);
    }
  };
  try {
    for await (const b of bytes) {
      const s = decoder.decode(b, { stream: true });
      controlla(s);
      p.write(s);
      yield;
    }
    p.write(decoder.decode());
    p.close();
    yield;
  } catch (err) {
    if (err instanceof FileNonValido) throw err;
    throw new FileNonValido(`File XLSX non leggibile (${nomeParte}): ${(err as Error).message}`);
  }
}

/** A small part read whole for what its handlers gather. */
export async function analizzaXml(nomeParte: string, bytes: AsyncIterable<Buffer>, g: GestoreXml): Promise<void> {
  const passi = leggiXml(nomeParte, bytes, g);
  while (!(await passi.next()).done);
}
