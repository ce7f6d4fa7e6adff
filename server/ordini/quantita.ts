/** A cart quantity as a positive integer, or undefined when it is not one. */
export function parseQuantita(v: number | string): number | undefined {
  const n = typeof v === 'number' ? v : /^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 && n <= 1_000_000 ? n : undefined;
}
