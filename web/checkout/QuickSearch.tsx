import type { Prodotto } from '../../shared/catalogo.js';
import { msgQuantitaArrotondata, quantitaConfezione } from '../../shared/confezioni.js';
import { addToCart } from '../cart/cart';
import { displayPrice, usePriceMode } from '../cart/priceMode';
import { useDialogs } from '../components/Modal';
import { promettibile } from '../components/useAddToCart';
import { useShopSession } from '../session/shopSession';
import { RicercaProdotti } from './components/RicercaProdotti';

export const MSG_GIACENZA = 'Giacenza non disponibile';

/**
 * The quick product search of the Speed Checkout panel and of /checkout (docs/regole/ordini.md#quick-search):
 * the shop's search for the session's client, prices as the price mode shows them; adding puts
 * quantity 1 in the cart, or alerts 'Giacenza non disponibile' when nothing can be promised (stock
 * plus on order below 1, the rule of the card and of the order's confirmation), then clears the
 * box and the results.
 */
export function QuickSearch({ label = 'Ricerca rapida prodotti', fuocoIniziale = false, className }: {
  label?: string;
  /** The box takes the focus as it mounts (the panel it opens with), not the page's autofocus. */
  fuocoIniziale?: boolean;
  className?: string;
}) {
  const { session } = useShopSession();
  const mode = usePriceMode();
  const { alert } = useDialogs();

  const aggiungi = async (p: Prodotto): Promise<string | null> => {
    if (promettibile(p) < 1) {
      await alert(MSG_GIACENZA);
      return null;
    }
    // One pack's worth at least (docs/regole/ordini.md#packs), said when it is more than one piece.
    const q = quantitaConfezione(1, p);
    addToCart(p, q);
    if (q !== 1) await alert(msgQuantitaArrotondata(p.codice_prodotto, 1, q, p));
    return `${p.codice_prodotto} aggiunto al carrello.`;
  };

  return (
    <RicercaProdotti
      azienda={session.azienda_codice}
      cliente={session.cliente_codice}
      label={label}
      fuocoIniziale={fuocoIniziale}
      className={className}
      onScegli={aggiungi}
      prezzo={(p) => displayPrice(p.prezzo_reale, mode)}
      azione={(p) => ({ label: `Aggiungi ${p.codice_prodotto} al carrello`, title: 'Aggiungi al carrello (quantità 1)' })}
    />
  );
}
