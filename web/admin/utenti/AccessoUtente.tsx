import { useNavigate } from 'react-router-dom';
import { MSG_UTENTI, type UtenteAdmin } from '../../../shared/utenti.js';
import { useDialogs } from '../../components/Modal';
import { useToast } from '../../components/Toast';
import { Scheda } from '../../components/Scheda';
import { useConfirmAction } from '../../hooks/useConfirmAction';
import { ApiError } from '../../lib/api';
import { paths } from '../../paths';
import { useCancellaUtente, useMandaCredenziali } from './api';
import { InterruttoreFatturato } from './InterruttoreFatturato';
import { PillStatoLogin, PulsanteStatoLogin } from './StatoLogin';

/**
 * The user's access on its detail page: login status and its toggle, the turnover flag, 'Invia
 * credenziali' (a new temporary password by e-mail) and the deletion, each with its outcome (docs/regole/admin.md#user-actions).
 */
export function AccessoUtente({ utente: u }: { utente: UtenteAdmin }) {
  return (
    <Scheda titolo="Accesso" className="utente-accesso">
      <div className="utente-accesso-corpo">
        <div className="utente-controllo">
          <span className="label">Login</span>
          <div className="utente-controllo-riga">
            <PillStatoLogin utente={u} />
            <PulsanteStatoLogin utente={u} compatto />
          </div>
        </div>
        <div className="utente-controllo">
          <span className="label">Fatturato Metrica</span>
          <div className="utente-controllo-riga">
            <InterruttoreFatturato utente={u} />
          </div>
        </div>
        <div className="utente-controllo">
          <span className="label">Credenziali</span>
          <div className="utente-controllo-riga">
            <InviaCredenziali utente={u} />
          </div>
        </div>
        <div className="utente-controllo utente-controllo-cancella">
          <CancellaUtente utente={u} />
        </div>
      </div>
    </Scheda>
  );
}

/**
 * 'Invia credenziali' (utenti/mandacredenziali), after a confirmation: the server mails a fresh
 * temporary password to the username and the old one stops working. The outcomes:
 * the failure text is followed by the server's msg, a call that fails has its own.
 */
function InviaCredenziali({ utente: u }: { utente: UtenteAdmin }) {
  const manda = useMandaCredenziali();
  const { confirm } = useDialogs();
  const toast = useToast();
  const onClick = async () => {
    const ok = await confirm(
      `Inviare nuove credenziali a ${u.username}? Verrà generata una nuova password temporanea e quella attuale non sarà più valida.`,
      { title: 'Invia credenziali', confirmLabel: 'Invia' },
    );
    if (!ok) return;
    try {
      const r = await manda.mutateAsync(u.id);
      if (r.status === 0) toast.success(MSG_UTENTI.credenziali);
      else toast.error(`${MSG_UTENTI.problemaCredenziali}${r.msg}`);
    } catch (err) {
      // The server answered with a reason (not found, forbidden…): it follows the spec's text.
      const motivo = err instanceof ApiError && err.status > 0 ? `\n${err.message}` : '';
      toast.error(`${MSG_UTENTI.erroreCredenziali}${motivo}`);
    }
  };
  return (
    <button type="button" className="btn btn-sm" disabled={manda.isPending} onClick={() => void onClick()}>
      {manda.isPending ? 'Invio in corso…' : 'Invia credenziali'}
    </button>
  );
}

/** Deletes the user after 'Sei sicuro di voler cancellare questo utente?', then back to the list. */
function CancellaUtente({ utente: u }: { utente: UtenteAdmin }) {
  const cancella = useCancellaUtente();
  const confermaEFai = useConfirmAction();
  const navigate = useNavigate();
  const onClick = async () => {
    const ok = await confermaEFai({
      question: MSG_UTENTI.confermaCancella,
      confirm: { title: 'Cancella utente', confirmLabel: 'Cancella', danger: true },
      run: () => cancella.mutateAsync(u.id),
      success: MSG_UTENTI.cancellato,
      failure: MSG_UTENTI.erroreCancella,
    });
    if (ok) await navigate(paths.adminUtenti.path, { replace: true });
  };
  return (
    <button type="button" className="btn btn-sm btn-danger" disabled={cancella.isPending} onClick={() => void onClick()}>
      Cancella utente
    </button>
  );
}
