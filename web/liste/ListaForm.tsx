import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { Lista } from '../../shared/liste.js';
import { LIMITI_LISTA } from '../../shared/liste-costanti.js';
import { InputField } from '../components/form/InputField';
import { useModulo } from '../components/form/useModulo';
import { useDialogs } from '../components/Modal';
import { useShopSession } from '../session/shopSession';
import { useListeMutations } from './api';
import { conDettaglio, MSG } from './azioni';

/**
 * The lists form: 'Nuova lista' creates; given `modifica` it switches to 'Modifica lista' with
 * submit 'Modifica' and cancel 'Annulla' (Enter saves, Escape cancels). The create button stays
 * disabled while the name is empty; a blank name alerts the spec's words, then the call's own
 * schema checks the fields (liste/create, liste/update) and a refusal shows under its field.
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
  const { session } = useShopSession();
  const { alert } = useDialogs();
  const { crea, rinomina } = useListeMutations();
  const modulo = useModulo(
    () => import('../../shared/liste.js').then((m) => (modifica ? m.listeUpdateRequest : m.listeCreateRequest)),
    { nome: modifica?.nome ?? '', descrizione: '' },
  );
  const { elemento } = modulo;
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const busy = crea.isPending || rinomina.isPending;

  // Another list to rename, or back to 'Nuova lista': the name starts again (set while rendering, not after).
  const [perModifica, setPerModifica] = useState(modifica);
  if (perModifica !== modifica) {
    setPerModifica(modifica);
    modulo.setValori((v) => ({ ...v, nome: modifica ? modifica.nome : '' }));
    modulo.mostra({});
  }

  useEffect(() => {
    if (!modifica) return;
    const input = elemento('nome');
    input?.focus();
    if (input instanceof HTMLInputElement) input.select();
  }, [modifica, elemento]);

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

  const rinominaLista = async (lista: Lista, nome: string) => {
    const input = { lista_id: lista.id, nome };
    if (!(await modulo.valida(input)).ok) return;
    try {
      const r = await rinomina.mutateAsync(input);
      if (r.status !== 0) {
        await alert(`${MSG.erroreModifica}\n${r.msg}`);
        return;
      }
      onFineModifica();
    } catch (err) {
      if (!modulo.mostraDalServer(err)) await alert(conDettaglio(MSG.erroreModifica, err));
    }
  };

  const creaLista = async (nome: string, descrizione: string) => {
    const codici = { utente_codice: session.utente_codice, cliente_codice: session.cliente_codice, azienda_codice: session.azienda_codice };
    if (!(await modulo.valida({ ...codici, nome, descrizione })).ok) return;
    try {
      const creata = await crea.mutateAsync({ nome, descrizione });
      modulo.setValori({ nome: '', descrizione: '' });
      onCreata?.(creata);
    } catch (err) {
      if (!modulo.mostraDalServer(err)) await alert(conDettaglio(MSG.erroreCreazione, err));
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    onAvvio?.();
    const nome = modulo.valori.nome.trim();
    // A blank name alerts in the spec's words, which differ between the page and the lists dialog.
    if (!nome) {
      await alert(modifica ? MSG.nuovoNomeObbligatorio : nomeVuoto);
      return;
    }
    if (modifica) await rinominaLista(modifica, nome);
    else await creaLista(nome, modulo.valori.descrizione.trim());
  };

  return (
    <form ref={formRef} className={`lista-form${compact ? ' lista-form-compact' : ''}${modifica ? ' is-editing' : ''}`} onSubmit={submit} aria-labelledby={titleId} noValidate>
      <h3 id={titleId} className="lista-form-title">
        {modifica ? 'Modifica lista' : 'Nuova lista'}
        {modifica && <span className="muted codice"> #{modifica.id}</span>}
      </h3>
      <div className="lista-form-row">
        <InputField
          label={modifica ? 'Nuovo nome della lista' : 'Nome lista'}
          required
          maxLength={LIMITI_LISTA.nome}
          autoComplete="off"
          {...modulo.campo('nome')}
        />
        {conDescrizione && !modifica && (
          <InputField
            className="field-grow"
            label="Descrizione (facoltativa)"
            maxLength={LIMITI_LISTA.descrizione}
            autoComplete="off"
            {...modulo.campo('descrizione')}
          />
        )}
        <div className="lista-form-actions">
          {modifica ? (
            <>
              <button type="submit" className="btn btn-primary" disabled={busy}>Modifica</button>
              <button type="button" className="btn" onClick={onFineModifica}>Annulla</button>
            </>
          ) : (
            <button type="submit" className="btn btn-primary" disabled={modulo.valori.nome === '' || busy}>
              Crea lista
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
