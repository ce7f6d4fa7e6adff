/**
 * Discount chains ("sconti a cascata", docs/regole/catalogo.md#net-price): `40+10+5` means list
 * price × 0.60 × 0.90 × 0.95. The one parser of the portal: the `sconti` import and any form.
 */
import { senzaFinali } from './stringhe.js';

export const MAX_PASSI_SCONTO = 6;
export const MAX_DECIMALI_SCONTO = 2;

export type CatenaSconti =
  | { ok: true; /** As stored and shown: steps joined by '+', decimal comma, no trailing zeros. */ sconti: string; /** Exact product of the steps' factors, as decimal text. */ fattore: string }
  | { ok: false; messaggio: string };

const PASSO = /^(\d{1,3})(?:[.,](\d{1,2}))?$/;
const ESEMPIO = 'scrivi gli sconti separati da +, per esempio 40+10+5';

/** Parses a chain; each step 0–100 with up to 2 decimals (comma or point), at most 6 steps. */
export function parseSconti(testo: string): CatenaSconti {
  const t = testo.replace(/\s+/g, '');
  if (t === '') return { ok: false, messaggio: `Sconti mancanti: ${ESEMPIO}.` };
  const passi = t.split('+');
  if (passi.length > MAX_PASSI_SCONTO) {
    return { ok: false, messaggio: `Troppi sconti: al massimo ${MAX_PASSI_SCONTO} in cascata (ce ne sono ${passi.length}).` };
  }
  // Each step in hundredths of a percent, so that the factor is computed exactly.
  const centesimi: number[] = [];
  for (const p of passi) {
    const m = PASSO.exec(p);
    if (!m) {
      return { ok: false, messaggio: p === '' ? `Sconto vuoto tra due +: ${ESEMPIO}.` : `"${p}" non è uno sconto: ${ESEMPIO} (da 0 a 100, al massimo ${MAX_DECIMALI_SCONTO} decimali).` };
    }
    const c = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
    if (c > 10_000) return { ok: false, messaggio: `Lo sconto ${p} supera 100.` };
    centesimi.push(c);
  }
  return { ok: true, sconti: centesimi.map(testoPasso).join('+'), fattore: fattore(centesimi) };
}

/** A step in hundredths as shown: 1250 → '12,5'. */
function testoPasso(c: number): string {
  const intero = Math.floor(c / 100);
  const dec = senzaFinali(String(c % 100).padStart(2, '0'), '0');
  return dec === '' ? String(intero) : `${intero},${dec}`;
}

/** ∏ (10000 − c) / 10000, exact (BigInt), as decimal text without trailing zeros. */
function fattore(centesimi: number[]): string {
  const num = centesimi.reduce((a, c) => a * BigInt(10_000 - c), 1n);
  const cifre = 4 * centesimi.length;
  const s = num.toString().padStart(cifre + 1, '0');
  const dec = senzaFinali(s.slice(s.length - cifre), '0');
  const intero = s.slice(0, s.length - cifre);
  return dec === '' ? intero : `${intero}.${dec}`;
}

/** A chain as customers read it: '40+10+5' → '40% + 10% + 5%' ('' stays ''). */
export const scontiInPercentuale = (sconti: string) => (sconti === '' ? '' : sconti.split('+').map((p) => `${p}%`).join(' + '));
