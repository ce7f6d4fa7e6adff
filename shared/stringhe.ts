/**
 * Text helpers in linear time, for what a regular expression would scan more than once: `/0+$/`
 * retries the run from each of its characters, quadratic on a long run not at the end
 * (docs/decisions/linear-time-patterns.md).
 */

/** `testo` without the repeats of `carattere` (one character) at its end: '1.500' → '1.5' for '0'. */
export function senzaFinali(testo: string, carattere: string): string {
  let fine = testo.length;
  while (fine > 0 && testo[fine - 1] === carattere) fine--;
  return testo.slice(0, fine);
}
