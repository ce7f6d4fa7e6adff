import { MSG_UTENTI, type UtenteAdmin } from '../../../shared/utenti.js';
import { useConfirmAction } from '../../hooks/useConfirmAction';
import { useCambiaStatoLogin } from './api';

/** status_login 0 is enabled, anything else disabled. */
export const loginAbilitato = (u: Pick<UtenteAdmin, 'status_login'>) => u.status_login === 0;

/** The login status as a pill (green 'Abilitato', red 'Disabilitato'). */
export function PillStatoLogin({ utente }: { utente: Pick<UtenteAdmin, 'status_login'> }) {
  const ok = loginAbilitato(utente);
  return <span className={`status-pill${ok ? ' is-ok' : ''}`}>{ok ? 'Abilitato' : 'Disabilitato'}</span>;
}

/**
 * 'Disabilita Login Cliente' / 'Abilita Login Cliente' (docs/regole/admin.md#user-actions): disabling asks first and
 * ends the user's sessions on the server; enabling is done at once. The outcome is a toast.
 */
export function PulsanteStatoLogin({ utente: u, compatto = false }: { utente: UtenteAdmin; compatto?: boolean }) {
  const cambia = useCambiaStatoLogin();
  const confermaEFai = useConfirmAction();
  const abilitato = loginAbilitato(u);
  const testo = abilitato ? 'Disabilita Login Cliente' : 'Abilita Login Cliente';
  const onClick = () => void confermaEFai({
    question: abilitato ? MSG_UTENTI.confermaDisabilita : undefined,
    confirm: { title: 'Disabilita login', confirmLabel: 'Disabilita', danger: true },
    run: () => cambia.mutateAsync(u.id),
    success: MSG_UTENTI.statoLogin,
    failure: MSG_UTENTI.erroreStatoLogin,
  });
  return (
    <button
      type="button"
      className={`btn${compatto ? ' btn-sm' : ''} ${abilitato ? 'btn-danger-outline' : 'btn-primary'}`}
      aria-label={`${testo}: ${u.username}`}
      disabled={cambia.isPending}
      onClick={onClick}
    >
      {testo}
    </button>
  );
}
