import { formatImporto } from './formato.js';
import type { Superamento } from './ordini.js';

/**
 * The approvals' words and bounds (docs/regole/organizzazione.md#limits-and-approvals), without
 * zod: the screens import them (docs/decisions/zod-nel-browser.md); the contracts are in approvazioni.ts.
 */

/** Which limit an order passed and by how much, as the requester and the approvers read it. */
export function testoSuperamento(s: Superamento): string {
  // Without net prices the amount passed is not said (docs/regole/organizzazione.md#roles).
  const di = s.superato_di === null || s.superato_di === undefined ? '' : ` di ${formatImporto(s.superato_di)}`;
  switch (s.limite) {
    case 'ordine':
      return `supera${di} il limite per ordine di ${formatImporto(s.valore ?? 0)}`;
    case 'budget':
      return `supera${di} il budget mensile di ${formatImporto(s.valore ?? 0)}`;
    case 'ruolo':
      return 'inviato agli approvatori (il ruolo Consultazione non conferma ordini)';
  }
}

export const MAX_MOTIVO_RIFIUTO = 500;
/** The most lines the approvers' page lists at once. */
export const MAX_APPROVAZIONI_PAGINA = 50;

export const MSG_APPROVAZIONI = {
  giaDeciso: (stato: string) => `L'ordine è già stato ${stato === 'rifiutato' ? 'rifiutato' : stato === 'scaduto' ? 'scaduto' : 'approvato'}: non si può più decidere.`,
  proprio: 'Non puoi approvare o rifiutare un ordine che hai fatto tu.',
  sconosciuto: 'Ordine in attesa di approvazione non trovato per questo cliente.',
  motivo: 'Scrivi il motivo del rifiuto.',
  motivoLungo: `Motivo troppo lungo (massimo ${MAX_MOTIVO_RIFIUTO} caratteri).`,
  nuovi: (codici: string[]) => codici.length > 0
    ? `Non si possono aggiungere prodotti in approvazione: ${codici.join(', ')} non è nell'ordine.`
    : "Lascia almeno una riga: per non confermare nulla, rifiuta l'ordine.",
  aumentate: (righe: { codice_prodotto: string; qt: number }[]) =>
    `In approvazione le quantità si possono solo ridurre: ${righe.map((r) => `${r.codice_prodotto} al massimo ${r.qt}`).join(', ')}.`,
  ritirati: (codici: string[]) => `Prodotti non più in vendita: ${codici.join(', ')}. Togli queste righe per approvare.`,
  confezioni: (righe: { codice_prodotto: string; multiplo: number; minimo: number }[]) =>
    `Quantità non in confezioni intere: ${righe.map((r) => `${r.codice_prodotto} (multipli di ${r.multiplo}, minimo ${r.minimo})`).join(', ')}.`,
  richiestaInutile: 'Il tuo ruolo può confermare gli ordini: usa «Conferma ordine».',
} as const;

