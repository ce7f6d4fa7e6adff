import type { OrdiniCreateResponse } from '../../shared/ordini.js';
import type { CartItem } from '../cart/cart';
import { checkDisponibilita, creaOrdine, prodottiOrdineRapido } from '../checkout/api';
import type { OrdineInCoda } from './coda';
import { MSG_CODA } from './testi';

/**
 * Sending a queued order when the connection is back (docs/regole/agenti.md#offline): its lines
 * are checked again with the checkout's own calls (ordini/check for availability,
 * ordine-rapido/prodotti for the client's prices now), what changed is said to the agent before
 * it goes, then ordini/create with the key made at queue time: a send that timed out and is sent
 * again answers the order already made.
 */
export interface Verifica {
  /** The lines as they can go now: quantities cut to what is available, products gone taken out, prices now. */
  righe: CartItem[];
  /** What changed since the order was queued, one text a change. */
  cambi: string[];
}

export async function verificaOrdine(o: OrdineInCoda): Promise<Verifica> {
  const scope = { azienda_codice: o.azienda_codice, cliente_codice: o.cliente_codice };
  const [disponibilita, prodotti] = await Promise.all([
    checkDisponibilita(o.righe),
    prodottiOrdineRapido(scope, o.righe.map((r) => r.codice_prodotto)),
  ]);
  const ora = new Map(prodotti.map((p) => [p.codice_prodotto, p]));
  const quanti = new Map(disponibilita.map((d) => [d.codice_prodotto, d]));
  const righe: CartItem[] = [];
  const cambi: string[] = [];
  for (const r of o.righe) {
    const p = ora.get(r.codice_prodotto);
    const d = quanti.get(r.codice_prodotto);
    const massimo = d && !d.disponibile ? Math.max(0, d.disponibilita) : r.quantita;
    if (!p || massimo < 1) {
      cambi.push(MSG_CODA.tolto(r.codice_prodotto));
      continue;
    }
    if (p.prezzo_reale !== r.prezzo_reale) cambi.push(MSG_CODA.prezzo(r.codice_prodotto, r.prezzo_reale, p.prezzo_reale));
    if (massimo < r.quantita) cambi.push(MSG_CODA.ridotto(r.codice_prodotto, r.quantita, massimo));
    righe.push({ ...p, quantita: Math.min(r.quantita, massimo) });
  }
  return { righe, cambi };
}

/** ordini/create with the queued key: the same key sent again makes no second order. */
export const inviaOrdine = (o: OrdineInCoda, righe: CartItem[]): Promise<OrdiniCreateResponse> =>
  creaOrdine({ ...o.corpo, carrelloItems: righe.map((r) => ({ codice_prodotto: r.codice_prodotto, quantita: r.quantita })) }, o.chiave);
