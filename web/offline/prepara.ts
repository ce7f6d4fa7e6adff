import { schemaOrdine } from '../cart/bozzaOrdine';

/**
 * The screens an agent needs in a shop with no signal, loaded ahead while the connection is there
 * (docs/regole/agenti.md#offline): each is a lazy chunk the service worker keeps once loaded, and one
 * never opened before would not open offline. Once a page.
 */
let fatto = false;
export function preparaOffline(): void {
  if (fatto || !navigator.onLine) return;
  fatto = true;
  void Promise.all([
    import('../shop/HomePage'),
    import('../shop/prodotti/ListePagine'),
    import('../shop/prodotto/ProdottoPage'),
    import('../checkout/CheckoutPage'),
    import('../agente/AgentePage'),
    import('../agente/AgenteClientePage'),
    import('./accoda'),
    schemaOrdine(),
  ]).catch(() => {
    fatto = false;
  });
}
