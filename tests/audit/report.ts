import fs from 'node:fs';
import type { MisuraLighthouse, Preset, Violazione } from './misure.js';

export interface Esito { pagina: string; preset: Preset; lighthouse: MisuraLighthouse; axe: Violazione[] }

/** The goals (docs/regole/generale.md#performance-budgets). */
export const OBIETTIVI = {
  accessibilita: 100, bestPractices: 100, prestazioniMobile: 95, cls: 0.05, tbtMobileMs: 150, jsHome2Kb: 150,
  impattiVietati: ['serious', 'critical'],
};
/** Whatever follows this line in the report is kept across runs (the before/after notes, written by hand). */
const STORICO = '<!-- storico: il testo qui sotto è scritto a mano e resta tra un audit e l\'altro -->';

const kb = (n: number) => n / 1024;

/** The goals each result misses, as sentences. */
export function mancatiDi(esiti: Esito[]): string[] {
  const m: string[] = [];
  for (const { pagina, preset, lighthouse: l, axe } of esiti) {
    const chi = `${pagina} (${preset})`;
    if (l.punteggi.accessibility < OBIETTIVI.accessibilita) m.push(`${chi}: accessibilità ${l.punteggi.accessibility}`);
    if (l.punteggi['best-practices'] < OBIETTIVI.bestPractices) m.push(`${chi}: best practices ${l.punteggi['best-practices']}`);
    if (l.cls > OBIETTIVI.cls) m.push(`${chi}: CLS ${l.cls.toFixed(3)}`);
    if (preset === 'mobile' && l.punteggi.performance < OBIETTIVI.prestazioniMobile) m.push(`${chi}: prestazioni ${l.punteggi.performance}`);
    if (preset === 'mobile' && l.tbtMs > OBIETTIVI.tbtMobileMs) m.push(`${chi}: TBT ${Math.round(l.tbtMs)} ms`);
    if (pagina === 'home2' && kb(l.jsByte) > OBIETTIVI.jsHome2Kb) m.push(`${chi}: JavaScript ${kb(l.jsByte).toFixed(1)} kB`);
    const gravi = axe.filter((v) => OBIETTIVI.impattiVietati.includes(v.impatto));
    if (gravi.length) m.push(`${chi}: axe ${gravi.map((v) => `${v.id} (${v.impatto})`).join(', ')}`);
  }
  return m;
}

function tabella(esiti: Esito[]): string[] {
  const righe = [
    '| pagina | preset | prestazioni | accessibilità | best practices | SEO | CLS | TBT ms | LCP ms | JS kB | axe (gravi) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const { pagina, preset, lighthouse: l, axe } of esiti) {
    const perf = l.prestazioni.length > 1 ? `${l.punteggi.performance} (${l.prestazioni.join(', ')})` : String(l.punteggi.performance);
    const gravi = axe.filter((v) => OBIETTIVI.impattiVietati.includes(v.impatto)).length;
    righe.push(`| ${pagina} | ${preset} | ${perf} | ${l.punteggi.accessibility} | ${l.punteggi['best-practices']} | ${l.punteggi.seo} `
      + `| ${l.cls.toFixed(3)} | ${Math.round(l.tbtMs)} | ${Math.round(l.lcpMs)} | ${kb(l.jsByte).toFixed(1)} | ${axe.length} (${gravi}) |`);
  }
  return righe;
}

const cella = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function dettagli(esiti: Esito[]): string[] {
  const righe: string[] = [];
  for (const { pagina, preset, lighthouse: l, axe } of esiti) {
    if (!l.falliti.length && !axe.length) continue;
    righe.push(`### ${pagina} (${preset})`, '');
    for (const a of l.falliti) {
      righe.push(`- Lighthouse \`${a.id}\`: ${cella(a.titolo)}${a.valore ? ` — ${cella(a.valore)}` : ''}`
        + `${a.dove.length ? ` (${a.dove.map((d) => `\`${cella(d)}\``).join(', ')})` : ''}`);
    }
    for (const v of axe) {
      righe.push(`- axe \`${v.id}\` (${v.impatto}): ${cella(v.descrizione)} (${v.nodi.slice(0, 4).map((n) => `\`${cella(n)}\``).join(', ')}`
        + `${v.nodi.length > 4 ? `, … ${v.nodi.length} in tutto` : ''})`);
    }
    righe.push('');
  }
  return righe;
}

/** Writes the report (keeping its hand-written history) and returns the goals missed. */
export function scriviReport(file: string, esiti: Esito[], info: { volte: number; categoria: string }): string[] {
  const mancati = mancatiDi(esiti);
  const precedente = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const storico = precedente.includes(STORICO) ? precedente.slice(precedente.indexOf(STORICO)) : `${STORICO}\n`;
  const testo = [
    '# Audit del portale (Lighthouse e axe-core)',
    '',
    `Generato da \`npm run audit:web\` il ${new Date().toISOString()} (tests/audit/run.ts): Lighthouse ${info.volte > 1 ? `(mediana di ${info.volte} esecuzioni per le prestazioni) ` : ''}`
      + 'con throttling simulato, preset mobile e desktop; axe-core a 390 e 1366 px. Cliente demo mario.rossi, una riga nel carrello, '
      + `categoria ${info.categoria}, ricerca "trapano". JS kB = script trasferiti compressi (cache fredda).`,
    '',
    `Obiettivi: accessibilità e best practices ${OBIETTIVI.accessibilita}, prestazioni mobile ≥ ${OBIETTIVI.prestazioniMobile}, `
      + `CLS ≤ ${OBIETTIVI.cls}, TBT mobile ≤ ${OBIETTIVI.tbtMobileMs} ms, nessuna violazione axe serious/critical, `
      + `JavaScript di /home2 a freddo ≤ ${OBIETTIVI.jsHome2Kb} kB.`,
    '',
    ...tabella(esiti),
    '',
    mancati.length ? `**Obiettivi mancati (${mancati.length}):**` : '**Tutti gli obiettivi raggiunti.**',
    '',
    ...mancati.map((m) => `- ${m}`),
    ...(mancati.length ? [''] : []),
    '## Audit falliti e violazioni',
    '',
    ...dettagli(esiti),
    storico,
  ].join('\n');
  fs.mkdirSync(new URL('.', `file://${file}`).pathname, { recursive: true });
  fs.writeFileSync(file, testo.endsWith('\n') ? testo : `${testo}\n`);
  return mancati;
}
