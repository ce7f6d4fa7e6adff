import { describe, expect, it } from 'vitest';
import { estraiEmail, precompila } from '../../web/admin/utenti/precompila.js';

describe('new-user pre-fill', () => {
  it("takes the client's e-mail, the company name lowercased without spaces plus 2024, and the name twice", () => {
    expect(precompila({ email: 'info@termoidraulicabruno.it', ragione_sociale: 'Termoidraulica Bruno S.n.c.' })).toEqual({
      username: 'info@termoidraulicabruno.it',
      password: 'termoidraulicabrunos.n.c.2024',
      nome: 'Termoidraulica Bruno S.n.c.',
      cognome: 'Termoidraulica Bruno S.n.c.',
    });
  });
  it('extracts the first address from a field holding more than one, or a name with it', () => {
    expect(estraiEmail('Ufficio Ordini <ordini@ferramentarossi.it>; amministrazione@ferramentarossi.it')).toBe('ordini@ferramentarossi.it');
    expect(estraiEmail('  acquisti@bianchi-costruzioni.co.uk ')).toBe('acquisti@bianchi-costruzioni.co.uk');
  });
  it('leaves the username empty without an address (the form then warns)', () => {
    expect(precompila({ email: '', ragione_sociale: 'Casa & Ferro Gallo S.r.l.' }).username).toBe('');
    expect(estraiEmail('telefonare in sede')).toBe('');
  });
});
