import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { BUDGET_MAX, type BudgetRiga, type BudgetUpsertRequest, MSG_BUDGET } from '../../../shared/budget.js';
import { InputField } from '../../components/form/InputField';
import { QueryView } from '../../components/QueryView';
import { useToast } from '../../components/Toast';
import { errorMessage } from '../../lib/api';
import { budgetQuery, useSalvaBudget } from './api';
import { formatEuro2, MESI } from '../../lib/formato';
import './budget.css';

/** The form's three years: previous, current, next; the current one is shown first. */
function anniDelModulo(oggi = new Date()): [number, number, number] {
  const y = oggi.getFullYear();
  return [y - 1, y, y + 1];
}

const chiave = (anno: number, mese: number) => `${anno}-${mese}`;
const MSG_NON_VALIDO = 'Budget non valido';

/** A figure as typed: digits with an optional decimal point or comma (as the contract accepts). */
function leggiImporto(testo: string): number | null {
  const t = testo.trim();
  // An empty value becomes 0.
  if (t === '') return 0;
  if (!/^\d+([.,]\d+)?$/.test(t)) return null;
  const n = Number(t.replace(',', '.'));
  return n <= BUDGET_MAX ? Math.round(n * 1000) / 1000 : null;
}

/** A stored figure in the box: Italian decimal comma, no grouping (what the box accepts back). */
const inCasella = (n: number) => String(n).replace('.', ',');

/**
 * The client's monthly budgets (docs/regole/admin.md#budgets): 12 months for the previous, current
 * and next year, one year at a time (the current one first). Saving sends the months that changed,
 * an emptied month as 0, in one call; the outcome is a toast. The form only: the client's page and
 * the user screens put it in their own card or dialog.
 */
export function BudgetForm({ clienteId }: { clienteId: number }) {
  const query = useQuery(budgetQuery(clienteId));
  const anni = anniDelModulo();
  return (
    <QueryView query={query} loadingLabel="Caricamento budget…">
      {(d) => {
        const righe = d.data.filter((r) => anni.includes(r.anno));
        // A new answer (after a save) starts the form again from what is stored.
        const firma = righe.map((r) => `${r.id}:${r.anno}:${r.mese}:${r.budget}`).join('|');
        return <BudgetEditor key={firma} clienteId={clienteId} anni={anni} righe={righe} />;
      }}
    </QueryView>
  );
}

function BudgetEditor({ clienteId, anni, righe }: { clienteId: number; anni: [number, number, number]; righe: BudgetRiga[] }) {
  const toast = useToast();
  const id = useId();
  const salva = useSalvaBudget(clienteId);
  const salvati = new Map(righe.map((r) => [chiave(r.anno, r.mese), r]));
  const iniziali = () => {
    const v: Record<string, string> = {};
    for (const anno of anni) {
      for (let mese = 1; mese <= 12; mese++) {
        const r = salvati.get(chiave(anno, mese));
        v[chiave(anno, mese)] = r ? inCasella(r.budget) : '';
      }
    }
    return v;
  };
  const [valori, setValori] = useState(iniziali);
  const [annoAttivo, setAnnoAttivo] = useState(anni[1]);

  const mesi = anni.flatMap((anno) => MESI.map((nome, i) => {
    const mese = i + 1;
    const k = chiave(anno, mese);
    const salvato = salvati.get(k);
    const testo = valori[k] ?? '';
    const importo = leggiImporto(testo);
    const cambiato = importo !== null && (salvato ? importo !== salvato.budget : testo.trim() !== '');
    return { anno, mese, nome, k, salvato, testo, importo, cambiato };
  }));
  const cambiati = mesi.filter((m) => m.cambiato);
  const nonValidi = mesi.filter((m) => m.importo === null);
  const delAnno = mesi.filter((m) => m.anno === annoAttivo);
  const totale = delAnno.reduce((s, m) => s + (m.importo ?? 0), 0);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (nonValidi.length || cambiati.length === 0 || salva.isPending) return;
    const budgets: BudgetUpsertRequest['budgets'] = cambiati.map((m) => ({
      ...(m.salvato ? { id: m.salvato.id } : {}), anno: m.anno, mese: m.mese, budget: m.importo ?? 0,
    }));
    try {
      const r = await salva.mutateAsync(budgets);
      if (r.status === 0) toast.success(MSG_BUDGET.inseriti);
      else toast.error(r.msg && r.msg !== MSG_BUDGET.errore ? `${MSG_BUDGET.errore}\n${r.msg}` : MSG_BUDGET.errore);
    } catch (err) {
      toast.error(`${MSG_BUDGET.errore}\n${errorMessage(err)}`);
    }
  };

  return (
    <form className="budget" onSubmit={(e) => void onSubmit(e)} aria-label="Budget mensili" noValidate>
      <div className="budget-anni" role="tablist" aria-label="Anno">
        {anni.map((anno) => {
          const modificato = mesi.some((m) => m.anno === anno && (m.cambiato || m.importo === null));
          return (
            <button
              key={anno}
              type="button"
              role="tab"
              id={`${id}-tab-${anno}`}
              aria-selected={anno === annoAttivo}
              aria-controls={`${id}-mesi`}
              className={`btn btn-sm budget-anno${anno === annoAttivo ? ' is-current' : ''}`}
              onClick={() => setAnnoAttivo(anno)}
            >
              {anno}
              {modificato && (
                <span className="budget-modificato" title="Modifiche non salvate">
                  <span aria-hidden="true">•</span>
                  <span className="visually-hidden"> (modifiche non salvate)</span>
                </span>
              )}
            </button>
          );
        })}
      </div>
      <div id={`${id}-mesi`} role="tabpanel" aria-labelledby={`${id}-tab-${annoAttivo}`} className="budget-mesi">
        {delAnno.map((m) => (
          <InputField
            key={m.k}
            className="budget-mese"
            label={m.nome}
            aria-label={`${m.nome} ${m.anno}`}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={m.testo}
            error={m.importo === null ? MSG_NON_VALIDO : undefined}
            onChange={(e) => {
              const v = e.target.value;
              setValori((prev) => ({ ...prev, [m.k]: v }));
            }}
          />
        ))}
      </div>
      {nonValidi.length > 0 && (
        <p className="field-error budget-errore" role="alert">
          Correggi i valori non validi: {nonValidi.map((m) => `${m.nome} ${m.anno}`).join(', ')}.
        </p>
      )}
      <div className="budget-piede">
        <span className="budget-totale">
          Totale {annoAttivo}: <strong className="num">{formatEuro2(totale)}</strong>
        </span>
        <div className="budget-azioni">
          <button type="button" className="btn" disabled={cambiati.length === 0 && nonValidi.length === 0} onClick={() => setValori(iniziali())}>
            Annulla modifiche
          </button>
          <button type="submit" className="btn btn-primary" disabled={cambiati.length === 0 || nonValidi.length > 0 || salva.isPending}>
            {salva.isPending ? 'Salvataggio…' : 'Salva budget'}
          </button>
        </div>
      </div>
    </form>
  );
}
