import type { Modifica } from '../../../shared/audit.js';
import { formatEuro2, nomeMese } from '../../lib/formato';

/** The actions the server records (server/**: registraModifica), in words (tests/unit/storico.test.ts checks every one has its words). */
export const AZIONI: Record<string, string> = {
  'budget.salva': 'Budget salvati',
  'utente.crea': 'Utente creato',
  'utente.modifica': 'Utente modificato',
  'utente.cancella': 'Utente cancellato',
  'utente.abilita': 'Login abilitato',
  'utente.disabilita': 'Login disabilitato',
  'utente.credenziali': 'Credenziali inviate',
  'utente.fatturato_metrica': 'Fatturato Metrica modificato',
  'prodotto.modifica': 'Prodotto modificato',
  'categoria.attiva': 'Categoria attivata',
  'categoria.disattiva': 'Categoria disattivata',
  'prodotto.foto.principale': 'Foto principale scelta',
  'prodotto.foto.nessuna_principale': 'Foto principale tolta',
  'prodotto.media.carica': 'Foto o allegato caricato',
  'prodotto.media.cancella': 'Foto o allegato cancellato',
  'dispositivo.autorizza': 'Dispositivo abilitato',
  'dispositivo.disabilita': 'Dispositivo disabilitato',
  'multimedia.crea': 'Contenuto multimediale creato',
  'multimedia.modifica': 'Contenuto multimediale modificato',
  'multimedia.file': 'File multimediale sostituito',
  'multimedia.ordina': 'Ordine dei contenuti multimediali cambiato',
  'multimedia.cancella': 'Contenuto multimediale cancellato',
  'impostazioni.aggiorna': 'Impostazioni aggiornate',
  'manutenzione.cambia': 'Modalità manutenzione cambiata',
  'lista_attesa.cancella': 'Dispositivi in attesa e tentativi di accesso cancellati',
  'ordine.reinvia_erp': 'Ordine reinviato al gestionale',
  'token.crea': 'Token API creato',
  'token.revoca': 'Token API revocato',
};

export function azioneTesto(azione: string): string {
  return AZIONI[azione] ?? azione;
}

/** Names of the recorded fields, where the key alone would not read well. */
const CAMPI: Record<string, string> = {
  tipologia_account: 'tipologia account',
  password_impostata: 'password impostata',
  status_login: 'login',
  fatturato_metrica: 'Fatturato Metrica',
  titolo_portale: 'titolo portale',
  descrizione_aggiuntiva: 'descrizione aggiuntiva',
  pz_conf: 'pezzi per confezione',
  status: 'stato',
};

/** A field recorded with its value before and after the change (product texts, a category's status). */
const ePrimaDopo = (v: unknown): v is { prima: unknown; dopo: unknown } =>
  typeof v === 'object' && v !== null && 'prima' in v && 'dopo' in v;

function valore(chiave: string, v: unknown): string {
  if (ePrimaDopo(v)) return `${valore(chiave, v.prima)} → ${valore(chiave, v.dopo)}`;
  if (chiave === 'status_login' && typeof v === 'number') return v === 0 ? 'abilitato' : 'disabilitato';
  if (chiave === 'status' && typeof v === 'number') return v === 0 ? 'attiva' : 'disattivata';
  if (typeof v === 'boolean') return v ? 'sì' : 'no';
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return v.every((x) => typeof x !== 'object' || x === null) ? v.join(', ') : `${v.length} voci`;
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v as string | number);
}

interface BudgetMese { anno: number; mese: number; budget: number }
const eBudgetMese = (x: unknown): x is BudgetMese =>
  typeof x === 'object' && x !== null && typeof (x as BudgetMese).anno === 'number' &&
  typeof (x as BudgetMese).mese === 'number' && typeof (x as BudgetMese).budget === 'number';

/**
 * The details of a change as lines of text: for budgets one line per month ('Marzo 2026: 3.750,00 €'),
 * otherwise one 'campo: valore' per recorded field.
 */
export function dettagliTesto(m: Modifica): string[] {
  const budgets = m.dettagli.budgets;
  if (m.azione === 'budget.salva' && Array.isArray(budgets) && budgets.every(eBudgetMese)) {
    return [...budgets]
      .sort((a, b) => a.anno - b.anno || a.mese - b.mese)
      .map((b) => `${nomeMese(b.mese)} ${b.anno}: ${formatEuro2(b.budget)}`);
  }
  return Object.entries(m.dettagli).map(([k, v]) => `${CAMPI[k] ?? k.replace(/_/g, ' ')}: ${valore(k, v)}`);
}
