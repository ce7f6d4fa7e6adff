import { useState, type FormEvent } from 'react';
import { ETICHETTE_RUOLO, ETICHETTE_STATO_PERSONA, RUOLI } from '../../../shared/organizzazione-costanti.js';
import type { UtenteAdmin } from '../../../shared/utenti.js';
import { Collegamento } from '../../components/Collegamento';
import { CheckboxField } from '../../components/form/CheckboxField';
import { InputField } from '../../components/form/InputField';
import { SelectField } from '../../components/form/SelectField';
import { useModulo } from '../../components/form/useModulo';
import { useToast } from '../../components/Toast';
import { errorMessage } from '../../lib/api';
import { paths } from '../../paths';
import { useCambiaCollegamento } from './api';

type Link = UtenteAdmin['clienti'][number];

/** A stored limit in the box: Italian decimal comma, no grouping; '' for none. */
const inCasella = (v: string | null) => (v === null ? '' : String(Number(v)).replace('.', ','));
/** A box's limit for the call: '' is none (null), a figure with comma or point a number; the rest for the schema to refuse. */
const perLaChiamata = (testo: string): number | null | string => {
  const t = testo.trim();
  if (t === '') return null;
  const n = Number(t.replace(',', '.'));
  return Number.isFinite(n) ? n : t;
};

/**
 * The user's role, state, limits and switches on each linked client (docs/regole/organizzazione.md),
 * changed by the staff one client at a time (utenti/collegamento): the server keeps each client's
 * last active Titolare and says so.
 */
export function CollegamentiUtente({ utente }: { utente: UtenteAdmin }) {
  if (utente.clienti.length === 0) return <p className="muted">Nessun cliente assegnato.</p>;
  return (
    <div className="collegamenti">
      {utente.clienti.map((c) => (
        <CollegamentoForm
          key={`${c.id}:${c.ruolo}:${c.stato}:${c.limite_ordine}:${c.budget_mensile}:${c.vede_prezzi}:${c.vede_documenti}`}
          utente={utente}
          link={c}
        />
      ))}
    </div>
  );
}

function CollegamentoForm({ utente, link: c }: { utente: UtenteAdmin; link: Link }) {
  const toast = useToast();
  const salva = useCambiaCollegamento();
  const [iniziali] = useState(() => ({
    ruolo: c.ruolo as string, limite_ordine: inCasella(c.limite_ordine), budget_mensile: inCasella(c.budget_mensile),
    vede_prezzi: c.vede_prezzi, vede_documenti: c.vede_documenti, sospeso: c.stato === 'sospeso',
  }));
  const modulo = useModulo(() => import('../../../shared/utenti.js').then((m) => m.collegamentoRequest), iniziali);
  const v = modulo.valori;
  const cambiato = (Object.keys(iniziali) as (keyof typeof iniziali)[]).some((k) => v[k] !== iniziali[k]);
  const titolo = `${c.cliente_codice} · ${c.cliente_ragionesociale}`;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!cambiato || salva.isPending) return;
    const esito = await modulo.valida({
      utente_id: utente.id, cliente_id: c.id, ruolo: v.ruolo,
      limite_ordine: perLaChiamata(v.limite_ordine), budget_mensile: perLaChiamata(v.budget_mensile),
      vede_prezzi: v.vede_prezzi, vede_documenti: v.vede_documenti, sospeso: v.sospeso,
    });
    if (!esito.ok) {
      if (Object.keys(esito.errori).length === 0) toast.error(esito.messaggio);
      return;
    }
    try {
      const r = await salva.mutateAsync(esito.dati);
      if (r.status === 0) toast.success(r.msg);
      else toast.error(r.msg);
    } catch (err) {
      if (!modulo.mostraDalServer(err)) toast.error(errorMessage(err));
    }
  };

  return (
    <form className="collegamento" onSubmit={(e) => void onSubmit(e)} aria-label={`Ruolo e limiti su ${titolo}`} noValidate>
      <div className="collegamento-testa">
        <h3 className="collegamento-cliente">
          <span className="codice">{c.cliente_codice}</span> {c.cliente_ragionesociale}
        </h3>
        <span className={`status-pill status-dot${c.stato === 'attivo' ? ' is-ok' : c.stato === 'invitato' ? ' is-wait' : ''}`}>
          {ETICHETTE_STATO_PERSONA[c.stato]}
        </span>
        <Collegamento to={paths.adminClienteDettaglio.href(c.id)}>Scheda del cliente</Collegamento>
      </div>
      <div className="collegamento-campi">
        <SelectField
          label="Ruolo"
          {...modulo.campo('ruolo')}
          options={RUOLI.map((r) => ({ value: r, label: ETICHETTE_RUOLO[r] }))}
        />
        <InputField label="Limite per ordine (€)" inputMode="decimal" hint="Vuoto: nessun limite" {...modulo.campo('limite_ordine')} />
        <InputField label="Budget mensile (€)" inputMode="decimal" hint="Vuoto: nessun limite" {...modulo.campo('budget_mensile')} />
      </div>
      <div className="collegamento-caselle">
        <CheckboxField label="Vede prezzi netti e sconti" {...modulo.casella('vede_prezzi')} />
        <CheckboxField label="Vede documenti e fido" {...modulo.casella('vede_documenti')} />
        <CheckboxField label="Sospeso su questo cliente" {...modulo.casella('sospeso')} />
      </div>
      <div className="collegamento-azioni">
        <button type="submit" className="btn btn-primary" disabled={!cambiato || salva.isPending} aria-busy={salva.isPending}>
          {salva.isPending ? 'Salvataggio…' : 'Salva ruolo e limiti'}
        </button>
      </div>
    </form>
  );
}
