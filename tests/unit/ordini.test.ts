import { describe, expect, it } from 'vitest';
import { promettibile } from '../../web/components/useAddToCart.js';
import { disponibilitaTesto } from '../../web/checkout/disponibilitaTesto.js';
import { statoOrdine } from '../../web/ordini/stato.js';

describe('order status', () => {
  it('says Confermato for response_code 201', () => {
    expect(statoOrdine({ response_code: '201', response_status: 'Confermato' })).toBe('Confermato');
  });
  it('says Errore once, with the reason', () => {
    expect(statoOrdine({ response_code: '500', response_status: 'Fido del cliente superato' })).toBe('Errore (Fido del cliente superato)');
  });
  it('reads Non Presente for a missing reason or one that only repeats the status', () => {
    expect(statoOrdine({ response_code: '500', response_status: ' ' })).toBe('Errore (Non Presente)');
    expect(statoOrdine({ response_code: '500', response_status: 'Errore' })).toBe('Errore (Non Presente)');
    expect(statoOrdine({ response_code: '500', response_status: 'ERRORE ' })).toBe('Errore (Non Presente)');
  });
});

describe('what can be promised, as the checkout counts it', () => {
  it('is stock plus on order, a negative stock eating into it, never below 0', () => {
    expect(promettibile({ disponibilita: 3, ord_forn: 17 })).toBe(20);
    expect(promettibile({ disponibilita: 0, ord_forn: 17 })).toBe(17);
    expect(promettibile({ disponibilita: -4, ord_forn: 10 })).toBe(6);
    expect(promettibile({ disponibilita: -4, ord_forn: 1 })).toBe(0);
  });
  it('shows the quantity on order beside the stock when there is some', () => {
    expect(disponibilitaTesto({ disponibilita: 3, ord_forn: 17 })).toBe('Disp. 3 · Ord. 17');
    expect(disponibilitaTesto({ disponibilita: -2, ord_forn: 0 })).toBe('Disp. 0');
  });
});
