import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type ClienteAdmin, STRINGA_CLIENTI_MAX } from '../../../shared/anagrafica.js';
import { anagraficaRotte } from '../../../shared/rotte/anagrafica.js';
import type { OutputOf } from '../../../shared/contract.js';
import type { UtenteAdmin } from '../../../shared/utenti.js';
import { InputField } from '../../components/form/InputField';
import { QueryView } from '../../components/QueryView';
import { useDebounced } from '../../hooks/useDebounced';
import { normalizzaRicerca } from '../ricercaUrl';
import { ricercaClientiQuery } from './api';

/** The customer search of the user form waits 2000 ms after the last key. */
export const RICERCA_CLIENTI_DEBOUNCE_MS = 2000;

/** A client linked to the user being edited, whether it came from the search or from the user. */
export interface ClienteScelto {
  id: number;
  codice: string;
  ragione_sociale: string;
  azienda_codice: string;
}

export const daRicerca = (c: ClienteAdmin): ClienteScelto =>
  ({ id: c.id, codice: c.codice, ragione_sociale: c.ragione_sociale, azienda_codice: c.azienda_codice });

export const daUtente = (c: UtenteAdmin['clienti'][number]): ClienteScelto =>
  ({ id: c.id, codice: c.cliente_codice, ragione_sociale: c.cliente_ragionesociale, azienda_codice: c.azienda_codice });

/**
 * The clients of the user form (docs/regole/admin.md#user-prefill): a search by code, name or e-mail
 * (search/clienti, 2 s after typing stops), its results, and the chosen clients with a remove
 * control each. Picking a result hands the whole client to `onScegli` (the new-user form fills its
 * fields from it); a client already chosen cannot be picked twice.
 */
export function SceltaClienti({ scelti, onScegli, onTogli, fuocoIniziale = false, senzaScelti = false, titolo = 'Clienti' }: {
  scelti: readonly ClienteScelto[];
  onScegli: (c: ClienteAdmin) => void;
  onTogli: (id: number) => void;
  /** Only the search (an agent's portfolio lists its clients in a table of its own). */
  senzaScelti?: boolean;
  titolo?: string;
  /** The search box is the first control of the dialog it opens in (the new-user form starts from the client): Modal's data-autofocus. */
  fuocoIniziale?: boolean;
}) {
  const titoloId = useId();
  const [testo, setTesto] = useState('');
  const cercato = useDebounced(normalizzaRicerca(testo), RICERCA_CLIENTI_DEBOUNCE_MS);
  const query = useQuery({ ...ricercaClientiQuery(cercato), placeholderData: keepPreviousData });
  const sceltiIds = new Set(scelti.map((c) => c.id));
  // While the typed text waits for its search (2 s) or its answer, the results on screen are an
  // older search's: shown dimmed, not to be picked.
  const superati = normalizzaRicerca(testo) !== cercato || query.isPlaceholderData;

  return (
    <fieldset className="scelta-clienti" aria-busy={query.isFetching}>
      <legend>{titolo}</legend>
      <InputField
        type="search"
        label="Cerca cliente"
        hint="Codice, ragione sociale o email: la ricerca parte 2 secondi dopo l'ultima lettera."
        placeholder="Es. 001001 oppure Ferramenta Rossi"
        maxLength={STRINGA_CLIENTI_MAX}
        autoComplete="off"
        data-autofocus={fuocoIniziale || undefined}
        value={testo}
        onChange={(e) => setTesto(e.target.value)}
      />
      <div className="scelta-esito" aria-live="polite">
        {cercato !== '' && <Risultati query={query} superati={superati} sceltiIds={sceltiIds} onScegli={onScegli} />}
      </div>
      {senzaScelti ? null : <h3 className="scelta-titolo" id={titoloId}>
        Clienti assegnati <span className="badge">{scelti.length}</span>
      </h3>}
      {senzaScelti ? null : scelti.length === 0 ? (
        <p className="muted scelta-vuoto">Nessun cliente assegnato</p>
      ) : (
        <ul className="scelta-chips" aria-labelledby={titoloId}>
          {scelti.map((c) => (
            <li key={c.id} className="scelta-chip">
              <span className="codice">{c.codice}</span>
              <span>{c.ragione_sociale}</span>
              <button type="button" className="scelta-chip-togli" aria-label={`Rimuovi ${c.ragione_sociale}`} onClick={() => onTogli(c.id)}>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/**
 * The answer of a search: loading, error ('Riprova'), 'Nessun risultato presente.' or the clients
 * (`superati`: an older search's, disabled).
 */
function Risultati({ query, superati, sceltiIds, onScegli }: {
  query: UseQueryResult<OutputOf<typeof anagraficaRotte.cerca>>;
  superati: boolean;
  sceltiIds: ReadonlySet<number>;
  onScegli: (c: ClienteAdmin) => void;
}) {
  return (
    <QueryView query={query} riga loadingLabel="Ricerca clienti…" isEmpty={(d) => d.clienti.length === 0} empty="Nessun risultato presente.">
      {(d) => (
        <ul className={`scelta-risultati${superati ? ' is-stale' : ''}`} aria-label="Risultati della ricerca clienti" aria-busy={superati}>
          {d.clienti.map((c) => {
            const scelto = sceltiIds.has(c.id);
            return (
              <li key={c.id}>
                <button type="button" className="scelta-risultato" disabled={scelto || superati} onClick={() => onScegli(c)}>
                  <span className="scelta-riga">
                    <span className="codice">{c.codice}</span> <span className="strong">{c.ragione_sociale}</span>
                    {scelto && <span className="badge">Assegnato</span>}
                  </span>
                  <span className="scelta-riga muted">
                    {c.email || 'Email mancante'} · {c.azienda_ragione_sociale} <span className="codice">({c.azienda_codice})</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </QueryView>
  );
}
