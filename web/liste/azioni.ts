import { useCallback } from 'react';
import type { Lista } from '../../shared/liste.js';
import { MSG_LISTE } from '../../shared/liste-costanti.js';
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

/** A failure's alert: the spec's words, then the server's when they say more. */
export const conDettaglio = (msg: string, err: unknown) => {
  const detail = errorMessage(err);
  return detail && detail !== msg ? `${msg}\n${detail}` : msg;
};

/** Delete with the spec's confirmation, its outcome in a toast; resolves true when the server accepted it. */
export function useListeAzioni() {
  const confermaEFai = useConfirmAction();
  const { cancella } = useListeMutations();

  const cancellaLista = useCallback((lista: Pick<Lista, 'id'>): Promise<boolean> => confermaEFai({
    question: MSG.confermaCancella(lista.id),
    confirm: { danger: true, confirmLabel: 'Cancella' },
    run: () => cancella.mutateAsync({ lista_id: lista.id }),
    failure: MSG.erroreCancellazione,
  }), [confermaEFai, cancella]);

  return { cancellaLista };
}
