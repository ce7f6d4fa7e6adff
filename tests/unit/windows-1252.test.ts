import { describe, expect, it } from 'vitest';
import { codificaWindows1252, decodificaWindows1252 } from '../../server/lib/windows-1252.js';

// Node 20's TextDecoder('windows-1252') reads 0x80–0x9F as control characters: the table is ours.
describe('Windows-1252', () => {
  it('reads every byte as the WHATWG index does, and writes back the same bytes', () => {
    const tutti = Buffer.from(Array.from({ length: 256 }, (_, b) => b));
    const testo = decodificaWindows1252(tutti);
    expect(testo.length).toBe(256);
    expect(testo.slice(0x80, 0x8a)).toBe('€\u0081‚ƒ„…†‡ˆ‰');
    expect(testo.slice(0x91, 0x98)).toBe('‘’“”•–—');
    expect(testo[0x9f]).toBe('Ÿ');
    expect(testo.slice(0xe0, 0xe3)).toBe('àáâ');
    const indietro = codificaWindows1252(testo);
    // The five undefined bytes are never written: '?'.
    const indefiniti = [0x81, 0x8d, 0x8f, 0x90, 0x9d];
    expect([...indietro].map((b, i) => (indefiniti.includes(i) ? b === 0x3f : b === i)).every(Boolean)).toBe(true);
  });

  it('writes a character it lacks as ?', () => {
    expect(codificaWindows1252('Ø ok ✓ €').toString('latin1')).toBe('Ø ok ? \x80');
  });
});
