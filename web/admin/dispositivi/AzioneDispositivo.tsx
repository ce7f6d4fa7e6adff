import { MSG_DISPOSITIVI, type Dispositivo } from '../../../shared/dispositivi.js';
import { useToast } from '../../components/Toast';
import { errorMessage } from '../../lib/api';
import { useCambiaAutorizzazione } from './api';

/**
 * 'Abilita' (authorized 0) or 'Disabilita' (1) for a device, with its outcomes (docs/regole/admin.md#devices-admin) as toasts;
 * in the device list and in a user's devices (tecnico only: the server refuses the others).
 */
export function AzioneDispositivo({ dispositivo: d, nome }: { dispositivo: Dispositivo; nome: string }) {
  const cambia = useCambiaAutorizzazione();
  const toast = useToast();
  const abilita = d.authorized === 0;
  const errore = abilita ? MSG_DISPOSITIVI.erroreAutorizzazione : MSG_DISPOSITIVI.erroreDisabilitazione;
  const esegui = async () => {
    try {
      const r = await cambia.mutateAsync(d);
      // Another status is only logged, and the row stays as it is.
      if (r.status !== '0') console.warn(errore, r);
      else toast.success(r.msg);
    } catch (err) {
      console.warn(errore, err);
      const dettaglio = errorMessage(err);
      toast.error(dettaglio && dettaglio !== MSG_DISPOSITIVI.erroreOperazione ? `${MSG_DISPOSITIVI.erroreOperazione}\n${dettaglio}` : MSG_DISPOSITIVI.erroreOperazione);
    }
  };
  return (
    <button
      type="button"
      className={`btn btn-sm ${abilita ? 'btn-primary' : 'btn-danger-outline'}`}
      aria-label={`${abilita ? 'Abilita' : 'Disabilita'} il dispositivo ${d.id} di ${nome}`}
      disabled={cambia.isPending}
      onClick={() => void esegui()}
    >
      {abilita ? 'Abilita' : 'Disabilita'}
    </button>
  );
}
