import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Prodotto } from '../../shared/catalogo.js';
import { MSG_DISPONIBILITA } from '../../shared/ordini-costanti.js';
import { addToCart } from '../cart/cart';
import { msgQuantitaArrotondata, quantitaConfezione } from '../../shared/confezioni.js';
import { formatPercentuale } from '../lib/formato';
import { Modal } from './Modal';

export const MSG_AGGIUNTO = 'Prodotto aggiunto al carrello!';
export const MSG_QUANTITA_ZERO = 'Seleziona una quantità maggiore di zero.';
/** How long the card's message stays. */
export const MESSAGE_MS = 3000;

export type EsitoAggiunta =
  | { esito: 'quantita-non-valida' }
  | { esito: 'aggiunto' }
  | { esito: 'parziale'; disponibile: number; percentuale: number }
  | { esito: 'non-disponibile' };

/**
 * What can be promised (docs/regole/catalogo.md#promisable-stock): stock plus the quantity on order from the supplier, as the
 * order's confirmation (ordini/check, crea_ordine) counts it. A negative stock eats into it.
 */
export const promettibile = (p: Pick<Prodotto, 'disponibilita' | 'ord_forn'>) => Math.max(0, p.disponibilita + p.ord_forn);

/**
 * The outcome of adding `quantita` pieces (docs/regole/ordini.md#add-to-cart): stock plus on-order
 * covers it → added; some but not enough → added with a warning; none → refused.
 */
export function valutaAggiunta(p: Pick<Prodotto, 'disponibilita' | 'ord_forn'>, quantita: number): EsitoAggiunta {
  if (!Number.isFinite(quantita) || quantita <= 0) return { esito: 'quantita-non-valida' };
  const disponibile = promettibile(p);
  if (disponibile <= 0) return { esito: 'non-disponibile' };
  if (disponibile >= quantita) return { esito: 'aggiunto' };
  return { esito: 'parziale', disponibile, percentuale: Math.round((disponibile / quantita) * 10_000) / 100 };
}

export interface Messaggio {
  text: string;
  tone: 'ok' | 'error';
}

/**
 * Add-to-cart with its feedback: `add(prodotto, quantita)` applies the outcome, `message` is the
 * short green/red line (3 s), `overlay` the dialog to render for partial or no availability.
 */
export function useAddToCart(): {
  add: (p: Prodotto, quantita: number) => EsitoAggiunta;
  message: Messaggio | null;
  overlay: ReactNode;
} {
  const [message, setMessage] = useState<Messaggio | null>(null);
  const [dialog, setDialog] = useState<{ title: string; text: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const flash = useCallback((m: Messaggio) => {
    clearTimeout(timer.current);
    setMessage(m);
    timer.current = setTimeout(() => setMessage(null), MESSAGE_MS);
  }, []);

  const add = useCallback((p: Prodotto, chiesta: number): EsitoAggiunta => {
    // Whole packs (docs/regole/ordini.md#packs): rounded up, and said in the card's message.
    const quantita = chiesta > 0 ? quantitaConfezione(chiesta, p) : chiesta;
    const nota = quantita !== chiesta ? ` ${msgQuantitaArrotondata(p.codice_prodotto, chiesta, quantita, p)}` : '';
    const esito = valutaAggiunta(p, quantita);
    switch (esito.esito) {
      case 'quantita-non-valida':
        flash({ text: MSG_QUANTITA_ZERO, tone: 'error' });
        break;
      case 'non-disponibile':
        setMessage(null);
        setDialog({ title: 'Prodotto non disponibile', text: MSG_DISPONIBILITA.nienteDisponibile });
        break;
      case 'aggiunto':
        addToCart(p, quantita);
        flash({ text: `${MSG_AGGIUNTO}${nota}`, tone: 'ok' });
        break;
      case 'parziale': {
        addToCart(p, quantita);
        setMessage(null);
        // As the order will record it: from stock first, the rest from the supplier's incoming goods;
        // beyond that the confirmation cuts or drops the line, so nothing more is promised.
        const subito = Math.min(Math.max(0, p.disponibilita), esito.disponibile);
        setDialog({
          title: 'Disponibilità parziale',
          text:
            `Il prodotto è stato aggiunto al carrello, ma l'ordine non può essere evaso completamente. ` +
            `È possibile evadere il ${formatPercentuale(esito.percentuale)}% della quantità richiesta ` +
            `(${esito.disponibile} su ${quantita}: ${subito} subito e ${esito.disponibile - subito} all'arrivo della merce dal fornitore); ` +
            `oltre questa quantità l'ordine non potrà essere confermato.${nota}`,
        });
        break;
      }
    }
    return esito;
  }, [flash]);

  const overlay = (
    <Modal
      open={!!dialog}
      onClose={() => setDialog(null)}
      title={dialog?.title ?? ''}
      closeButton={false}
      footer={
        <button type="button" className="btn btn-primary" data-autofocus onClick={() => setDialog(null)}>
          Chiudi
        </button>
      }
    >
      <p className="dialog-message">{dialog?.text}</p>
    </Modal>
  );

  return { add, message, overlay };
}
