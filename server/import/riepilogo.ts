/** A run's report in Italian words, as the CLI prints it. */
import { conteggiIpotetici } from '../../shared/importazioni-costanti.js';
import type { ErroreRiga } from './definizione.js';
import type { RapportoImport } from './esecuzione.js';

const n = (x: number) => x.toLocaleString('it-IT');
const secondi = (ms: number) => `${(ms / 1000).toLocaleString('it-IT', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} s`;

const STATI: Record<RapportoImport['stato'], string> = {
  applicata: 'importato',
  verificata: 'verificato (prova: nulla è stato scritto)',
  rifiutata: 'RIFIUTATO',
};

const SEPARATORI: Record<string, string> = { ';': 'punto e virgola', ',': 'virgola', '\t': 'tabulazione' };

function formato(r: RapportoImport): string {
  const f = r.formato;
  if (f.formato === 'xlsx') return 'XLSX';
  if (f.formato === 'metel') return [`Metel${f.layout ? ` ${f.layout}` : ''}`, ...(f.codifica ? [f.codifica === 'utf-8' ? 'UTF-8' : 'Windows-1252'] : [])].join(', ');
  if (f.formato !== 'csv') return '';
  const parti = ['CSV'];
  if (f.separatore) parti.push(`separatore ${SEPARATORI[f.separatore] ?? f.separatore}`);
  if (f.codifica) parti.push(f.codifica === 'utf-8' ? 'UTF-8' : 'Windows-1252');
  return parti.join(', ');
}

export const descriviErrore = (e: ErroreRiga): string =>
  `riga ${e.riga}${e.colonna ? `, ${e.colonna}` : ''}: ${e.messaggio}${e.valore !== undefined ? ` ('${e.valore}')` : ''}`;

/** The summary lines of a run; at most `maxErrori` refused rows listed. */
export function riepilogo(r: RapportoImport, maxErrori = 20): string[] {
  const righe = [`${r.file} (${[r.tipo, formato(r)].filter(Boolean).join(', ')}): ${STATI[r.stato]} in ${secondi(r.durataMs)}`];
  if (r.motivo) righe.push(`  ${r.motivo}`);
  const esiti = `nuove ${n(r.nuove)} · modificate ${n(r.modificate)} · invariate ${n(r.invariate)} · ritirate ${n(r.ritirate)}`;
  if (conteggiIpotetici(r)) {
    righe.push(`  righe lette ${n(r.righeLette)} · scartate ${n(r.scartate)}`);
    righe.push(`  le righe valide, senza le scartate, avrebbero dato: ${esiti}`);
  } else {
    righe.push(`  righe lette ${n(r.righeLette)} · ${esiti} · scartate ${n(r.scartate)}`);
  }
  if (r.colonneIgnorate.length) righe.push(`  colonne ignorate: ${r.colonneIgnorate.join(', ')}`);
  if (r.errori.length) {
    righe.push('  righe scartate:');
    for (const e of r.errori.slice(0, maxErrori)) righe.push(`    ${descriviErrore(e)}`);
    if (r.errori.length > maxErrori) righe.push(`    … e altri ${n(r.errori.length - maxErrori)} errori (importazione n. ${r.id})`);
  }
  return righe;
}
