import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { Lista } from '../../shared/liste.js';
import { InputField } from '../components/form/InputField';
import { useListeAzioni } from './azioni';

/**
 * The lists form: 'Nuova lista' creates; given `modifica` it switches to 'Modifica lista' with
 * submit 'Modifica' and cancel 'Annulla' (Enter saves, Escape cancels). The create button stays
 * disabled while the name is empty.
 */
export function ListaForm({ modifica, onFineModifica, onAvvio, nomeVuoto, conDescrizione = false, onCreata, compact = false }: {
  /** The list being renamed, or null to create. */
  modifica: Lista | null;
  onFineModifica: () => void;
  /** A create or rename starts (the lists dialog clears the previous action's message). */
  onAvvio?: () => void;
  /** Blank-name alert of the create form. */
  nomeVuoto: string;
  conDescrizione?: boolean;
  onCreata?: (lista: Lista) => void;
  compact?: boolean;
}) {
  const { creaLista, rinominaLista, creando, rinominando } = useListeAzioni(nomeVuoto);
  const [nome, setNome] = useState('');
  const [descrizione, setDescrizione] = useState('');
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = creando || rinominando;

  useEffect(() => {
    setNome(modifica ? modifica.nome : '');
    if (modifica) {
      inputRef.current?.focus();
      inputRef.current?.select();
    }
  }, [modifica]);

  // Escape cancels the rename. Caught on window before any dialog's own Escape (which would close it);
  // attached as the field appears (a layout effect), not after the next paint: an Escape pressed in
  // between closed the whole dialog.
  useLayoutEffect(() => {
    if (!modifica) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !(e.target instanceof Node) || !formRef.current?.contains(e.target)) return;
      e.preventDefault();
      e.stopPropagation();
      onFineModifica();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [modifica, onFineModifica]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    onAvvio?.();
    if (modifica) {
      if (await rinominaLista(modifica, nome)) onFineModifica();
      return;
    }
    const creata = await creaLista(nome, descrizione);
    if (creata) {
      setNome('');
      setDescrizione('');
      onCreata?.(creata);
    }
  };

  return (
    <form ref={formRef} className={`lista-form${compact ? ' lista-form-compact' : ''}${modifica ? ' is-editing' : ''}`} onSubmit={submit} aria-labelledby={titleId} noValidate>
      <h3 id={titleId} className="lista-form-title">
        {modifica ? 'Modifica lista' : 'Nuova lista'}
        {modifica && <span className="muted codice"> #{modifica.id}</span>}
      </h3>
      <div className="lista-form-row">
        <InputField
          ref={inputRef}
          label={modifica ? 'Nuovo nome della lista' : 'Nome lista'}
          required
          value={nome}
          maxLength={100}
          autoComplete="off"
          onChange={(e) => setNome(e.target.value)}
        />
        {conDescrizione && !modifica && (
          <InputField
            className="field-grow"
            label="Descrizione (facoltativa)"
            value={descrizione}
            maxLength={500}
            autoComplete="off"
            onChange={(e) => setDescrizione(e.target.value)}
          />
        )}
        <div className="lista-form-actions">
          {modifica ? (
            <>
              <button type="submit" className="btn btn-primary" disabled={busy}>Modifica</button>
              <button type="button" className="btn" onClick={onFineModifica}>Annulla</button>
            </>
          ) : (
            <button type="submit" className="btn btn-primary" disabled={nome === '' || busy}>
              Crea lista
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
