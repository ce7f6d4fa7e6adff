import { MSG_UTENTI, type UtenteAdmin } from '../../../shared/utenti.js';
import { useConfirmAction } from '../../hooks/useConfirmAction';
import { useToggleFatturato } from './api';

/**
 * The turnover flag (docs/regole/admin.md#turnover-flag): whether the customer sees 'Fatturato mensile'. A
 * switch that asks first, then toggles on the server (which answers the new value).
 */
export function InterruttoreFatturato({ utente: u, etichetta }: {
  utente: UtenteAdmin;
  /** A visible name instead of the state's words, where no label names the switch (the user list's row). */
  etichetta?: string;
}) {
  const toggle = useToggleFatturato();
  const confermaEFai = useConfirmAction();
  const attivo = u.fatturato_metrica === 1;
  const onClick = () => void confermaEFai({
    question: MSG_UTENTI.confermaFatturato,
    confirm: { title: 'Fatturato Metrica', confirmLabel: attivo ? 'Disattiva' : 'Attiva' },
    run: async () => {
      const r = await toggle.mutateAsync(u.id);
      return { status: r.status, msg: '' };
    },
    success: MSG_UTENTI.fatturato,
    failure: MSG_UTENTI.erroreFatturato,
  });
  return (
    <button
      type="button"
      role="switch"
      aria-checked={attivo}
      aria-label={`Fatturato Metrica di ${u.username}`}
      className="utenti-switch"
      disabled={toggle.isPending}
      onClick={onClick}
    >
      <span className="utenti-switch-track" aria-hidden="true" />
      <span aria-hidden="true">{etichetta ?? (attivo ? 'Attivo' : 'Non attivo')}</span>
    </button>
  );
}
