import type { AgenteAdmin } from '../../../shared/agenti-admin.js';
import { useConfirmAction } from '../../hooks/useConfirmAction';
import { useAgentiMutations } from './api';

/** 'Disabilita'/'Abilita' an agent's login: disabling asks first and ends the agent's sessions on the server. */
export function PulsanteStatoAgente({ agente: a }: { agente: AgenteAdmin }) {
  const { stato } = useAgentiMutations();
  const confermaEFai = useConfirmAction();
  const attivo = a.status_login === 0;
  const nome = `${a.nome} ${a.cognome}`;
  const onClick = () => void confermaEFai({
    question: attivo ? `Disabilitare l'accesso di ${nome}? Le sue sessioni finiscono subito.` : undefined,
    confirm: { danger: true, confirmLabel: 'Disabilita' },
    run: () => stato.mutateAsync({ utente_id: a.utente_id, attivo: !attivo }),
    failure: attivo ? "Impossibile disabilitare l'agente" : "Impossibile abilitare l'agente",
  });
  return (
    <button type="button" className="btn btn-sm" disabled={stato.isPending} aria-label={`${attivo ? 'Disabilita' : 'Abilita'} ${nome}`} onClick={onClick}>
      {attivo ? 'Disabilita' : 'Abilita'}
    </button>
  );
}
