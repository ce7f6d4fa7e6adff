import { describe, expect, it } from 'vitest';
import { portaQui } from '../../web/components/Collegamento';

describe('portaQui (the menus\' current page, as react-router\'s NavLink)', () => {
  it('is the page itself and the pages below it', () => {
    expect(portaQui('/ordini', '/ordini')).toBe(true);
    expect(portaQui('/ordini/dettaglio', '/ordini')).toBe(true);
    expect(portaQui('/Ordini', '/ordini')).toBe(true);
  });

  it('is not a page that only starts with the same letters, nor another page', () => {
    expect(portaQui('/ordine-rapido', '/ordini')).toBe(false);
    expect(portaQui('/ordinix', '/ordini')).toBe(false);
    expect(portaQui('/home2', '/home')).toBe(false);
    expect(portaQui('/', '/ordini')).toBe(false);
  });

  it('takes a link that ends with a slash', () => {
    expect(portaQui('/admin/cliente/5', '/admin/cliente/')).toBe(true);
  });
});
