import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { DisponibilitaRiga } from '../../shared/ordini.js';
import { MSG_DISPONIBILITA } from '../../shared/ordini-costanti.js';
import { nomeUtente } from '../session/sessione';
import { clearCart, removeFromCart, setCartQuantita, type CartItem } from '../cart/cart';
import type { EsitoModulo } from '../components/form/useModulo';
import { useDialogs } from '../components/Modal';
import { errorMessage, MSG_NETWORK } from '../lib/api';
import { queryClient } from '../lib/queryClient';
import { ordiniKeys, type Inviato } from '../ordini/api';
import { paths } from '../paths';
import { useShopSession } from '../session/shopSession';
import { checkDisponibilita, creaOrdine, newIdempotencyKey, richiediApprovazione } from './api';
import { usePermessi } from '../session/permessi';
import { resetOrdineDraft, type OrdineDraft } from '../cart/bozzaOrdine';
import { avvisoFidoOra, contabilitaKeys } from '../contabilita/api';
import { totaleNetto } from '../cart/priceMode';
import { MSG_CONTABILITA } from '../../shared/contabilita-costanti.js';
import { CASELLE } from '../lib/azienda';

/** Texts of the order confirmation (docs/regole/ordini.md#order-confirmation). */
export const MSG_ORDINE = {
  conferma: "Sei sicuro di voler confermare l'ordine?",
  richiesta: "Il tuo ruolo non conferma ordini: il carrello viene inviato agli approvatori della tua azienda, che lo confermano o lo rifiutano. Vuoi inviarlo?",
  erroreVerifica: 'Errore durante la verifica della disponibilità dei prodotti.',
  tuttiDisponibili: 'Tutti i prodotti sono disponibili nella quantità richiesta.',
  nonTuttiDisponibili:
    'Attenzione: Non tutti i prodotti sono disponibili nella quantità richiesta. Si prega di rivedere il carrello per le quantità aggiornate.',
  rimozione: (codici: string[]) =>
    `I seguenti prodotti non sono disponibili e verranno rimossi dal carrello: ${codici.join(', ')} Vuoi procedere con l'ordine?`,
  annullato: 'Ordine annullato. Rivedi il tuo carrello.',
  offline: "Sei offline: l'ordine non può essere inviato ora. Il carrello resta su questo dispositivo: conferma l'ordine quando torna la connessione.",
} as const;

/** The administration's phone and mailbox (web/lib/azienda.ts), for a customer whose order the credit block stops. */
const amministrazione = (() => {
  const c = CASELLE.find((x) => x.reparto === 'Amministrazione');
  return c ? [c.telefono && `tel. ${c.telefono}`, c.email].filter(Boolean).join(', ') : '';
})();

/**
 * 'pannello': the Speed Checkout panel: confirm, check,
 * and on a shortfall set each line to what is available and stay in the cart.
 * 'checkout': the /checkout variant: check first, offer to drop the unavailable lines, then confirm.
 */
export type VarianteConferma = 'pannello' | 'checkout';

/** The check of the order's texts by the form that holds them (useModulo on ordini/create's schema, the page's or the panel's). */
export interface ControlloOrdine {
  valida: (input: unknown) => Promise<EsitoModulo<unknown>>;
  /** Shows a 400's fields under the form's boxes; falsy when none is one of them. */
  mostraDalServer: (err: unknown) => unknown;
}

/**
 * Confirms the cart as an order. One Idempotency-Key per confirmation attempt: while the same cart,
 * name, job-site reference and note are being sent (a double click, a retry after a network error) the key is reused,
 * so the server makes one order; a definitive answer (status 0 or 1) ends the attempt.
 */
export function useConfermaOrdine(variante: VarianteConferma) {
  const { session, utente } = useShopSession();
  const { alert, confirm } = useDialogs();
  const navigate = useNavigate();
  // A Consultazione sends the cart to the approvers instead (approvazioni/richiedi).
  const richiesta = !usePermessi().puo('ordinare');
  const [busy, setBusy] = useState(false);
  // Only while ordini/create is on its way: a question open over the button is no sending.
  const [inInvio, setInInvio] = useState(false);
  const running = useRef(false);
  const attempt = useRef<{ key: string; payload: string } | null>(null);

  /** ordini/create's body for these lines and the draft's texts. */
  const corpo = useCallback((righe: CartItem[], draft: OrdineDraft) => ({
    azienda_codice: session.azienda_codice,
    cliente_codice: session.cliente_codice,
    utente_codice: session.utente_codice,
    cliente_nome: session.cliente_ragionesociale,
    azienda_nome: session.azienda_ragionesociale,
    utente_nome: nomeUtente(utente),
    nome: draft.nome.trim(),
    note: draft.note.trim(),
    riferimento_cantiere: draft.riferimento_cantiere.trim(),
    carrelloItems: righe,
  }), [session, utente]);

  /**
   * An agent offline (docs/regole/agenti.md#offline): the order is queued on the device with its
   * Idempotency-Key made now, for the client it was made in, and the cart empties; web/offline sends
   * it when the connection is back, after checking prices and availability again.
   */
  const accoda = useCallback(async (righe: CartItem[], draft: OrdineDraft): Promise<boolean> => {
    // Loaded ahead in an agent's session (web/offline/prepara.ts); if it never was, the order cannot be queued.
    const modulo = await import('../offline/modulo').catch(() => null);
    if (modulo) return modulo.accodaOffline({ alert, confirm }, corpo(righe, draft), righe);
    await alert(MSG_ORDINE.offline);
    return false;
  }, [alert, confirm, corpo]);

  const invia = useCallback(async (righe: CartItem[], draft: OrdineDraft, controllo?: ControlloOrdine): Promise<boolean> => {
    const body = corpo(righe, draft);
    const payload = JSON.stringify([body.nome, body.note, body.riferimento_cantiere, righe.map((r) => [r.codice_prodotto, r.quantita])]);
    if (attempt.current?.payload !== payload) attempt.current = { key: newIdempotencyKey(), payload };
    let esito;
    setInInvio(true);
    try {
      esito = await (richiesta ? richiediApprovazione : creaOrdine)(body, attempt.current.key);
    } catch (err) {
      setInInvio(false);
      // A refusal of the order's name, job-site reference or note shows under its box.
      if (controllo?.mostraDalServer(err)) return false;
      // No definitive answer: the same attempt (and key) is kept, so a retry cannot double the order.
      await alert(`Errore durante l'invio dell'ordine: ${errorMessage(err)}\nPuoi riprovare: l'ordine non verrà duplicato.`);
      return false;
    }
    setInInvio(false);
    attempt.current = null;
    if (esito.status !== 0) {
      await alert(esito.msg);
      return false;
    }
    clearCart();
    resetOrdineDraft();
    await queryClient.invalidateQueries({ queryKey: ordiniKeys.all });
    await queryClient.invalidateQueries({ queryKey: contabilitaKeys.all });
    // /ordini says which order was made and where its confirmation mail goes (ordini/OrdineInviato.tsx).
    const inviato: Inviato = {
      id: esito.ordine_id ?? 0, msg: esito.msg, ...(esito.conferma_a ? { conferma_a: esito.conferma_a } : {}), ...(esito.stato ? { stato: esito.stato } : {}),
    };
    await navigate(paths.ordini.path, { state: { inviato } });
    return true;
  }, [corpo, alert, navigate, richiesta]);

  const verifica = useCallback(async (righe: CartItem[]): Promise<DisponibilitaRiga[] | null> => {
    try {
      return await checkDisponibilita(righe);
    } catch {
      await alert(MSG_ORDINE.erroreVerifica);
      return null;
    }
  }, [alert]);

  /**
   * The confirmation question, after the credit warning when the order goes past the line
   * (docs/regole/contabilita.md#checkout-warning). Past a block (docs/regole/contabilita.md#block)
   * there is nothing to confirm: the dialog says so and offers what can be done instead, back to
   * the cart or to the contacts, never a 'Conferma' that only brings a refusal.
   */
  const confermaConFido = useCallback(async (righe: CartItem[]) => {
    // A request confirms nothing: the credit line is the approver's check.
    if (richiesta) return confirm(MSG_ORDINE.richiesta, { title: 'Invia in approvazione', confirmLabel: 'Invia' });
    const avviso = await avvisoFidoOra(session, totaleNetto(righe));
    if (avviso?.blocco) {
      const contatti = await confirm(`${avviso.testo}\n\n${MSG_CONTABILITA.bloccoCosaFare(amministrazione)}`, {
        title: 'Ordine oltre il fido', confirmLabel: "Contatta l'amministrazione", cancelLabel: 'Torna al carrello',
      });
      if (contatti) await navigate(paths.contatti.path);
      return false;
    }
    return confirm(avviso ? `${avviso.testo}\n\n${MSG_ORDINE.conferma}` : MSG_ORDINE.conferma, avviso ? { title: 'Fido superato' } : undefined);
  }, [confirm, navigate, session, richiesta]);

  const flussoPannello = useCallback(async (righe: CartItem[], draft: OrdineDraft, controllo?: ControlloOrdine) => {
    if (!(await confermaConFido(righe))) return false;
    const esiti = await verifica(righe);
    if (!esiti) return false;
    const mancanti = esiti.filter((e) => !e.disponibile);
    if (mancanti.length > 0) {
      for (const e of mancanti) {
        // A line with nothing left cannot keep a quantity of 0: it leaves the cart.
        if (e.disponibilita >= 1) setCartQuantita(e.codice_prodotto, e.disponibilita);
        else removeFromCart(e.codice_prodotto);
      }
      for (const e of mancanti) await alert(MSG_DISPONIBILITA.oltre(e.codice_prodotto, Math.max(0, e.disponibilita)));
      await alert(MSG_ORDINE.nonTuttiDisponibili);
      return false;
    }
    return invia(righe, draft, controllo);
  }, [alert, confermaConFido, invia, verifica]);

  const flussoCheckout = useCallback(async (righe: CartItem[], draft: OrdineDraft, controllo?: ControlloOrdine) => {
    const esiti = await verifica(righe);
    if (!esiti) return false;
    const mancanti = [...new Set(esiti.filter((e) => !e.disponibile).map((e) => e.codice_prodotto))];
    if (mancanti.length > 0) {
      if (!(await confirm(MSG_ORDINE.rimozione(mancanti), { title: 'Prodotti non disponibili', confirmLabel: 'Procedi' }))) {
        await alert(MSG_ORDINE.annullato);
        return false;
      }
      mancanti.forEach(removeFromCart);
      const restanti = righe.filter((r) => !mancanti.includes(r.codice_prodotto));
      if (restanti.length === 0) return false;
      return invia(restanti, draft, controllo);
    }
    if (!(await confermaConFido(righe))) return false;
    return invia(righe, draft, controllo);
  }, [confermaConFido, alert, confirm, invia, verifica]);

  /**
   * Runs the confirmation; a second call while one is running is ignored. Resolves true on success.
   * `controllo`: the form's check of the order's texts, first (its boxes show what is wrong).
   */
  const conferma = useCallback(async (righe: CartItem[], draft: OrdineDraft, controllo?: ControlloOrdine): Promise<boolean> => {
    if (running.current || righe.length === 0) return false;
    // Offline nothing can be checked or sent: say so before any question; the cart stays as it is
    // (an agent may queue the order instead).
    const agenteOffline = !navigator.onLine && !!utente?.agente;
    if (!navigator.onLine && !agenteOffline) {
      await alert(MSG_ORDINE.offline);
      return false;
    }
    running.current = true;
    setBusy(true);
    try {
      const esito = await controllo?.valida(corpo(righe, draft));
      // Offline the form's schema may never have been loaded: the server checks the texts when the queued order goes.
      const senzaSchema = agenteOffline && esito && !esito.ok && esito.messaggio === MSG_NETWORK && Object.keys(esito.errori).length === 0;
      if (esito && !esito.ok && !senzaSchema) {
        // A box of the form shows its own message; anything else (a line of the cart) is said here.
        if (Object.keys(esito.errori).length === 0) await alert(esito.messaggio);
        return false;
      }
      if (agenteOffline) return await accoda(righe, draft);
      return await (variante === 'pannello' ? flussoPannello : flussoCheckout)(righe, draft, controllo);
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, [variante, flussoPannello, flussoCheckout, alert, corpo, utente, accoda]);

  return { conferma, busy, inInvio };
}

/** 'Verifica disponibilità': the availability report (docs/regole/ordini.md#availability-report) for the cart, without ordering. */
export function useVerificaDisponibilita() {
  const { alert } = useDialogs();
  return useCallback(async (righe: CartItem[]) => {
    let esito: DisponibilitaRiga[];
    try {
      esito = await checkDisponibilita(righe);
    } catch {
      await alert(MSG_ORDINE.erroreVerifica);
      return;
    }
    const corte = esito.filter((r) => !r.disponibile);
    await alert(corte.length === 0
      ? MSG_ORDINE.tuttiDisponibili
      : corte.map((r) => MSG_DISPONIBILITA.oltre(r.codice_prodotto, r.disponibilita)).join(' '));
  }, [alert]);
}
