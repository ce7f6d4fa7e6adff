import { useCallback } from 'react';
import type { Esito } from '../../shared/common.js';
import { type ConfirmOptions, useDialogs } from '../components/Modal';
import { useToast } from '../components/Toast';
import { errorMessage } from '../lib/api';

export interface ConfirmAction {
  /**
   * The question of the spec, e.g. 'Sei sicuro di voler cancellare questo utente?'. Left out, the
   * call is made at once (the way back of an action that asks only one way, e.g. enabling a login).
   */
  question?: string;
  /** Buttons and title of the confirmation (danger: red button, focus on 'Annulla'). */
  confirm?: ConfirmOptions;
  /** The call, answering the {status, msg} envelope (e.g. a mutation's mutateAsync). */
  run: () => Promise<Esito>;
  /** Toast on status 0 (default: the server's msg). */
  success?: string;
  /** Toast on another status or a failed call, followed by the server's msg or the error. */
  failure: string;
}

/**
 * Ask, do, tell: a confirmation dialog, then the call, then a toast with the outcome.
 *   const confermaEFai = useConfirmAction();
 *   if (await confermaEFai({ question, confirm: { danger: true, confirmLabel: 'Cancella' },
 *     run: () => cancella.mutateAsync({ id }), failure: 'Errore nella cancellazione' })) …
 * Resolves true when the server accepted; false when cancelled or refused.
 */
export function useConfirmAction(): (action: ConfirmAction) => Promise<boolean> {
  const { confirm } = useDialogs();
  const toast = useToast();
  return useCallback(async ({ question, confirm: options, run, success, failure }) => {
    if (question !== undefined && !(await confirm(question, options))) return false;
    const conDettaglio = (detail: string) => (detail && detail !== failure ? `${failure}\n${detail}` : failure);
    try {
      const r = await run();
      if (r.status !== 0) {
        toast.error(conDettaglio(r.msg));
        return false;
      }
      toast.success(success ?? r.msg);
      return true;
    } catch (err) {
      toast.error(conDettaglio(errorMessage(err)));
      return false;
    }
  }, [confirm, toast]);
}
