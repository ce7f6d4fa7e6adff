import { describe, expect, it } from 'vitest';
import type { NuovaModifica } from '../../server/audit/audit.service.js';
import { ETICHETTE_AZIONI, etichettaAzione } from '../../shared/audit.js';

describe("the admin's change history (Storico modifiche)", () => {
  it('names every action in its own words', () => {
    const etichette = Object.values(ETICHETTE_AZIONI);
    expect(etichette.filter((e) => e.trim() === '')).toEqual([]);
    expect(new Set(etichette).size).toBe(etichette.length);
    expect(etichettaAzione('prodotto.foto.principale')).toBe('Foto principale scelta');
  });

  it('shows an action of an older version as it was recorded', () => {
    expect(etichettaAzione('azione.di_una_volta')).toBe('azione.di_una_volta');
    expect(etichettaAzione('toString')).toBe('toString');
  });

  it('records only the actions it has words for (checked by the type checker)', () => {
    // @ts-expect-error an action without its words in ETICHETTE_AZIONI is not an AzioneAudit
    const inventata: NuovaModifica = { azione: 'utente.inventata', entita: 'utente' };
    expect(inventata.azione in ETICHETTE_AZIONI).toBe(false);
  });
});
