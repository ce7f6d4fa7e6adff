import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Prodotto } from '../../shared/catalogo.js';
import type { Ordine } from '../../shared/ordini.js';
import { addToCart, clearCart, useCart } from '../cart/cart';
import { setOrdineDraft } from '../cart/bozzaOrdine';
import { prodottoByCodice } from '../checkout/api';
import { useDialogs } from '../components/Modal';
import { errorMessage } from '../lib/api';
import { paths } from '../paths';
import { useShopSession } from '../session/shopSession';

/** Runs `fn` over `items` with at most `limit` calls at a time, keeping the order of the results. */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * Reorder (docs/regole/ordini.md#reorder): empty the cart, re-fetch every line's product (current prices and stock),
 * add each line with its quantity, keep the order's job-site reference for the new one, go to /checkout. Lines whose product no longer exists are
 * reported; the availability check of the confirmation handles short stock.
 */
export function useRiordina() {
  const { session } = useShopSession();
  const { alert, confirm } = useDialogs();
  const { count } = useCart();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const riordina = useCallback(async (ordine: Ordine) => {
    if (busy) return;
    // The cart is replaced: say so when it holds something.
    if (count > 0 && !(await confirm(
      `Il carrello contiene ${count === 1 ? '1 articolo' : `${count} articoli`}: verrà svuotato e sostituito con i prodotti dell'ordine #${ordine.id}. Continuare?`,
      { title: 'Riordina', confirmLabel: 'Riordina' },
    ))) return;
    setBusy(true);
    try {
      const righe = ordine.prodotti.filter((r) => r.qt > 0);
      let prodotti: (Prodotto | null)[];
      try {
        prodotti = await mapLimit(righe, 6, (r) => prodottoByCodice(r.codice_prodotto, session.azienda_codice, session.cliente_codice));
      } catch (err) {
        await alert(`Impossibile recuperare i prodotti dell'ordine #${ordine.id}.\n${errorMessage(err)}`);
        return;
      }
      clearCart();
      setOrdineDraft({ riferimento_cantiere: ordine.riferimento_cantiere ?? '' });
      const mancanti: string[] = [];
      righe.forEach((r, i) => {
        const p = prodotti[i];
        if (p) addToCart(p, r.qt);
        else mancanti.push(r.codice_prodotto);
      });
      await navigate(paths.checkout.path);
      if (mancanti.length > 0) {
        await alert(`I seguenti prodotti non sono più a catalogo e non sono stati aggiunti al carrello: ${mancanti.join(', ')}`);
      }
    } finally {
      setBusy(false);
    }
  }, [busy, count, session, alert, confirm, navigate]);

  return { riordina, busy };
}
