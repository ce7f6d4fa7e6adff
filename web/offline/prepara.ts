import { schemaOrdine } from '../cart/bozzaOrdine';

/** Heard by web/routes.tsx, which loads the screens' chunks. */
export const PREPARA_OFFLINE = 'portale:prepara-offline';

/**
 * The screens an agent needs in a shop with no signal and the order's form schema, loaded ahead while
 * the connection is there (docs/regole/agenti.md#offline): each is a lazy chunk the service worker
 * keeps once loaded, and one never opened before would not open offline. Once a page.
 */
let fatto = false;
export function preparaOffline(): void {
  if (fatto || !navigator.onLine) return;
  fatto = true;
  window.dispatchEvent(new Event(PREPARA_OFFLINE));
  void schemaOrdine().catch(() => {
    fatto = false;
  });
}
