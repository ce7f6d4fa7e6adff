import type { Modifica } from '../../../shared/audit.js';
import { formatImporto, nomeMese } from '../../lib/formato';

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
      .map((b) => `${nomeMese(b.mese)} ${b.anno}: ${formatImporto(b.budget)}`);
  }
  return Object.entries(m.dettagli).map(([k, v]) => `${CAMPI[k] ?? k.replace(/_/g, ' ')}: ${valore(k, v)}`);
}
