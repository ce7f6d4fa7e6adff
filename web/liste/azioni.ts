import { useCallback } from 'react';
import type { Lista } from '../../shared/liste.js';
import { MSG_LISTE } from '../../shared/liste-costanti.js';
import { useDialogs } from '../components/Modal';
import { useConfirmAction } from '../hooks/useConfirmAction';
import { errorMessage } from '../lib/api';
import { useListeMutations } from './api';

/** Texts of the lists (docs/regole/liste.md#list-validation). */
export const MSG = {
  ...MSG_LISTE,
  nomeNonInserito: 'Nome lista non inserito',
  erroreCreazione: 'Errore nella creazione della lista',
  erroreModifica: 'Errore nella modifica della lista',
  erroreCancellazione: 'Errore nella cancellazione della lista',
  confermaCancella: (id: number) => `Sei sicuro di voler cancellare la Lista #${id}?`,
  vuote: 'Non ci sono Liste.',
  senzaProdotti: 'Non esistono prodotti assegnati a questa lista',
} as const;

const conDettaglio = (msg: string, err: unknown) => {
  const detail = errorMessage(err);
  return detail && detail !== msg ? `${msg}\n${detail}` : msg;
};

/**
 * Create, rename and delete with the spec's alerts and confirmation (a delete tells its outcome in
 * a toast); each resolves true when the server accepted the change. `nomeVuoto` is the blank-name
 * alert: 'Nome lista non inserito' in the lists dialog, 'Il nome della lista è obbligatorio' elsewhere.
 */
export function useListeAzioni(nomeVuoto: string = MSG.nomeObbligatorio) {
  const { alert } = useDialogs();
  const confermaEFai = useConfirmAction();
  const { crea, rinomina, cancella } = useListeMutations();

  const creaLista = useCallback(async (nome: string, descrizione = ''): Promise<Lista | null> => {
    if (!nome.trim()) {
      await alert(nomeVuoto);
      return null;
    }
    try {
      return await crea.mutateAsync({ nome: nome.trim(), descrizione: descrizione.trim() });
    } catch (err) {
      await alert(conDettaglio(MSG.erroreCreazione, err));
      return null;
    }
  }, [alert, crea, nomeVuoto]);

  const rinominaLista = useCallback(async (lista: Pick<Lista, 'id'>, nome: string): Promise<boolean> => {
    if (!nome.trim()) {
      await alert(MSG.nuovoNomeObbligatorio);
      return false;
    }
    try {
      const r = await rinomina.mutateAsync({ lista_id: lista.id, nome: nome.trim() });
      if (r.status !== 0) {
        await alert(`${MSG.erroreModifica}\n${r.msg}`);
        return false;
      }
      return true;
    } catch (err) {
      await alert(conDettaglio(MSG.erroreModifica, err));
      return false;
    }
  }, [alert, rinomina]);

  const cancellaLista = useCallback((lista: Pick<Lista, 'id'>): Promise<boolean> => confermaEFai({
    question: MSG.confermaCancella(lista.id),
    confirm: { danger: true, confirmLabel: 'Cancella' },
    run: () => cancella.mutateAsync({ lista_id: lista.id }),
    failure: MSG.erroreCancellazione,
  }), [confermaEFai, cancella]);

  return { creaLista, rinominaLista, cancellaLista, creando: crea.isPending, rinominando: rinomina.isPending };
}
