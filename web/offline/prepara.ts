import { catalogoRotte } from '../../shared/rotte/catalogo.js';
import { schemaOrdine } from '../cart/bozzaOrdine';
import { callApi } from '../lib/api';
import { PREPARA_OFFLINE } from '../lib/datiSalvati';


/**
 * The screens an agent needs in a shop with no signal, the order's form schema and the category tree, loaded ahead while
 * the connection is there (docs/regole/agenti.md#offline): each is a lazy chunk the service worker
 * keeps once loaded, and one never opened before would not open offline. Once a page.
 */
let fatto = false;
export function preparaOffline(): void {
  if (fatto || !navigator.onLine) return;
  fatto = true;
  window.dispatchEvent(new Event(PREPARA_OFFLINE));
  // The category tree of a page opened as a page comes from the HTML's preload, which carries no
  // agent's mark (server/catalogo/precarica-negozio.ts): asked once more, so that the worker keeps it.
  void Promise.all([schemaOrdine(), callApi(catalogoRotte.categorie, {})]).catch(() => {
    fatto = false;
  });
}
