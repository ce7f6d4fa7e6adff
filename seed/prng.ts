/**
 * Seeded pseudo-random numbers. Every generated value comes from here, never from Math.random,
 * so that the demo data and the large catalogues are identical on every run.
 */
export type Rng = () => number;

/** mulberry32: tiny, fast and good enough for test data; returns floats in [0, 1). */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A generator for one item (product n, client c...). Seeding per item rather than sharing one
 * stream keeps item n the same whatever was generated before it (demo vs large catalogue).
 */
export function rngFor(...parts: number[]): Rng {
  let h = 0x811c9dc5;
  for (const p of parts) {
    h = Math.imul(h ^ (p & 0xffff), 0x01000193);
    h = Math.imul(h ^ (p >>> 16), 0x01000193);
  }
  const r = mulberry32(h);
  r(); // the first output of mulberry32 correlates with close seeds; drop it
  return r;
}

export function int(r: Rng, min: number, max: number): number {
  return min + Math.floor(r() * (max - min + 1));
}

export function pick<T>(r: Rng, items: readonly T[]): T {
  return items[Math.floor(r() * items.length)];
}

export function chance(r: Rng, p: number): boolean {
  return r() < p;
}

/** k distinct items, in a stable pseudo-random order. */
export function sample<T>(r: Rng, items: readonly T[], k: number): T[] {
  const copy = items.slice();
  const n = Math.min(k, copy.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(r() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, n);
}
