import { describe, expect, it } from 'vitest';
import { parseSconti, scontiInPercentuale } from '../../shared/sconti.js';

describe('a discount chain as customers read it', () => {
  it('puts % on every step and spaces around the +', () => {
    expect(scontiInPercentuale('40+10+5')).toBe('40% + 10% + 5%');
    expect(scontiInPercentuale('10')).toBe('10%');
    expect(scontiInPercentuale('12,5+3')).toBe('12,5% + 3%');
  });

  it('reads the chains the parser stores', () => {
    const c = parseSconti(' 40 + 10.50 + 0 ');
    expect(c.ok && scontiInPercentuale(c.sconti)).toBe('40% + 10,5% + 0%');
  });

  it('leaves no chain empty', () => {
    expect(scontiInPercentuale('')).toBe('');
  });
});
