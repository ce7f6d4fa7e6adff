/**
 * Returns from a delivery note (issue 39, docs/regole/resi.md): the states, the reasons and the
 * wholesaler's policy, zod-free so that the SPA imports them without the contracts.
 */

/** A return's states, in the order they follow each other (rifiutato and annullato end it early). */
export const STATI_RESO = [
  'richiesto', 'autorizzato', 'parzialmente_autorizzato', 'rifiutato', 'spedito', 'ricevuto', 'verificato', 'chiuso', 'annullato',
] as const;
export type StatoReso = (typeof STATI_RESO)[number];

/** The words the customer and the staff read for each state (the texts). */
export const ETICHETTE_STATO_RESO: Record<StatoReso, string> = {
  richiesto: 'Richiesto',
  autorizzato: 'Autorizzato',
  parzialmente_autorizzato: 'Parzialmente autorizzato',
  rifiutato: 'Rifiutato',
  spedito: 'Spedito / In consegna al banco',
  ricevuto: 'Ricevuto',
  verificato: 'Verificato',
  chiuso: 'Chiuso',
  annullato: 'Annullato',
};

/** States whose pieces no longer count as asked: a refused or cancelled return frees its quantities. */
export const STATI_RESO_LIBERI: readonly StatoReso[] = ['rifiutato', 'annullato'];

export const MOTIVI_RESO = ['difettoso', 'errato', 'danneggiato', 'non_conforme', 'eccedenza'] as const;
export type MotivoReso = (typeof MOTIVI_RESO)[number];

export const ETICHETTE_MOTIVO_RESO: Record<MotivoReso, string> = {
  difettoso: 'Difettoso',
  errato: 'Articolo errato',
  danneggiato: 'Danneggiato nel trasporto',
  non_conforme: "Non conforme all'ordine",
  eccedenza: 'Eccedenza / non più necessario',
};

/**
 * The wholesaler's policy (admin Impostazioni): the credit by age of the DDT for surplus returns
 * (the last step's days end such returns), the credit of the other reasons, which are always
 * accepted for inspection, and whether the customer must send back a DDT of their own.
 */
export interface PoliticaResi {
  /** Steps by days since the DDT, ascending: up to `giorni` days, `percentuale` % of credit. */
  scaglioni: { giorni: number; percentuale: number }[];
  /** Credit % for the reasons that are the wholesaler's fault (defect, wrong article, transport, not as ordered). */
  percentuale_difetti: number;
  ddt_reso_richiesto: boolean;
}

export const POLITICA_RESI_PREDEFINITA: PoliticaResi = {
  scaglioni: [{ giorni: 30, percentuale: 100 }, { giorni: 60, percentuale: 90 }, { giorni: 90, percentuale: 80 }],
  percentuale_difetti: 100,
  ddt_reso_richiesto: true,
};

/** What the policy foresees for one line: the credit %, or null when such a return is not accepted. */
export function percentualePrevista(p: PoliticaResi, motivo: MotivoReso, giorni: number): number | null {
  if (motivo !== 'eccedenza') return p.percentuale_difetti;
  const s = p.scaglioni.find((x) => giorni <= x.giorni);
  return s ? s.percentuale : null;
}

export const MAX_FOTO_RESO = 5;
export const MAX_RIGHE_RESO = 200;
export const MAX_NOTA_RESO = 1000;
export const MAX_LOTTO = 60;
export const MAX_MOTIVO_RIFIUTO_RESO = 500;
export const MAX_RESI_PAGINA = 100;

export const MSG_RESI = {
  sconosciuto: 'Reso non trovato.',
  ddtSconosciuto: 'DDT non trovato.',
  rigaAltroDdt: (codice: string, ddt: string) => `La riga ${codice} non è del DDT ${ddt}.`,
  quantitaOltre: (codice: string, rendibile: number) =>
    `Riga ${codice}: la quantità supera quella rendibile (${rendibile}).`,
  motivoNonValido: `Motivo non valido: usare ${MOTIVI_RESO.join(', ')}`,
  eccedenzaScaduta: (codice: string, giorni: number) =>
    `Riga ${codice}: il DDT è di ${giorni} giorni fa, oltre il termine per rendere merce in eccedenza.`,
  rigaRipetuta: 'Ogni riga del DDT una volta sola.',
  troppeFoto: `Al massimo ${MAX_FOTO_RESO} foto per richiesta.`,
  nonAnnullabile: 'Il reso si può annullare solo finché è Richiesto.',
  statoNonValido: (stato: string) => `Operazione non possibile: il reso è ${stato}.`,
  senzaPdf: "Il documento RMA c'è solo per un reso autorizzato.",
  motivoRifiuto: 'Indica il motivo del rifiuto.',
  rmaSconosciuto: (numero: string) => `Reso ${numero} non trovato tra quelli del cliente.`,
  rmaNonChiudibile: (numero: string, stato: string) => `Il reso ${numero} è ${stato}: non si chiude con una nota di credito.`,
} as const;
