import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { BudgetRiga } from '../../../shared/budget.js';
import { MSG_BUDGET } from '../../../shared/budget-costanti.js';
import { InputField } from '../../components/form/InputField';
import { useModulo } from '../../components/form/useModulo';
import { QueryView } from '../../components/QueryView';
import { useToast } from '../../components/Toast';
import { errorMessage } from '../../lib/api';
import { budgetQuery, useSalvaBudget } from './api';
import { formatImporto, MESI } from '../../lib/formato';
import './budget.css';

/** The form's three years: previous, current, next; the current one is shown first. */
function anniDelModulo(oggi = new Date()): [number, number, number] {
  const y = oggi.getFullYear();
  return [y - 1, y, y + 1];
}

const chiave = (anno: number, mese: number) => `${anno}-${mese}`;

/** A stored figure in the box: Italian decimal comma, no grouping (what the box accepts back). */
const inCasella = (n: number) => String(n).replace('.', ',');

/** A box's figure for the year's total on screen (what is not a figure counts 0; budget/upsert's schema judges it). */
const perIlTotale = (testo: string) => {
  const n = Number(testo.trim().replace(',', '.'));
  return Number.isFinite(n) ? n : 0;
};

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
  const [annoAttivo, setAnnoAttivo] = useState(anni[1]);

  // A month changed when its box no longer reads as stored; those are sent, an emptied one as 0.
  const mesiDi = (valori: Record<string, string>) => anni.flatMap((anno) => MESI.map((nome, i) => {
    const mese = i + 1;
    const k = chiave(anno, mese);
    const salvato = salvati.get(k);
    const testo = valori[k] ?? '';
    const cambiato = testo.trim() !== (salvato ? inCasella(salvato.budget) : '');
    return { anno, mese, nome, k, salvato, testo, cambiato };
  }));
  // The boxes of the months last sent, in their order: budget/upsert's refusal of `budgets.3.budget`
  // is the box of the fourth (the schema's own check, and the server's).
  const inviati = useRef<string[]>([]);
  const modulo = useModulo(() => import('../../../shared/budget.js').then((m) => m.budgetUpsertRequest), iniziali(), {
    campoDi: (percorso) => (percorso[0] === 'budgets' && typeof percorso[1] === 'number' ? inviati.current[percorso[1]] : undefined),
  });
  const mesi = mesiDi(modulo.valori);
  const cambiati = mesi.filter((m) => m.cambiato);
  const nonValidi = mesi.filter((m) => modulo.errori[m.k] !== undefined);
  const delAnno = mesi.filter((m) => m.anno === annoAttivo);
  const totale = delAnno.reduce((s, m) => s + perIlTotale(m.testo), 0);

  /** The first month in error, if another year's, comes into view (its box then takes the focus). */
  const mostraAnno = (errori: Partial<Record<string, string>> | undefined) => {
    const primo = mesi.find((m) => errori?.[m.k] !== undefined);
    if (primo) setAnnoAttivo(primo.anno);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (cambiati.length === 0 || salva.isPending) return;
    inviati.current = cambiati.map((m) => m.k);
    const esito = await modulo.valida({
      cliente_id: clienteId,
      budgets: cambiati.map((m) => ({
        ...(m.salvato ? { id: m.salvato.id } : {}), anno: m.anno, mese: m.mese, budget: m.testo.trim() === '' ? 0 : m.testo,
      })),
    });
    if (!esito.ok) {
      mostraAnno(esito.errori);
      // An issue on no month (the whole list) has no box to show it.
      if (Object.keys(esito.errori).length === 0) toast.error(`${MSG_BUDGET.errore}\n${esito.messaggio}`);
      return;
    }
    try {
      const r = await salva.mutateAsync(esito.dati.budgets);
      if (r.status === 0) toast.success(MSG_BUDGET.inseriti);
      else toast.error(r.msg && r.msg !== MSG_BUDGET.errore ? `${MSG_BUDGET.errore}\n${r.msg}` : MSG_BUDGET.errore);
    } catch (err) {
      const campi = modulo.mostraDalServer(err);
      if (campi) mostraAnno(campi);
      else toast.error(`${MSG_BUDGET.errore}\n${errorMessage(err)}`);
    }
  };

  return (
    <form className="budget" onSubmit={(e) => void onSubmit(e)} aria-label="Budget mensili" noValidate>
      <div className="budget-anni" role="tablist" aria-label="Anno">
        {anni.map((anno) => {
          const modificato = mesi.some((m) => m.anno === anno && (m.cambiato || modulo.errori[m.k] !== undefined));
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
            {...modulo.campo(m.k)}
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
          Totale {annoAttivo}: <strong className="num">{formatImporto(totale)}</strong>
        </span>
        <div className="budget-azioni">
          <button
            type="button"
            className="btn"
            disabled={cambiati.length === 0 && nonValidi.length === 0}
            onClick={() => {
              modulo.setValori(iniziali());
              modulo.mostra({});
            }}
          >
            Annulla modifiche
          </button>
          <button type="submit" className="btn btn-primary" disabled={cambiati.length === 0 || salva.isPending}>
            {salva.isPending ? 'Salvataggio…' : 'Salva budget'}
          </button>
        </div>
      </div>
    </form>
  );
}
