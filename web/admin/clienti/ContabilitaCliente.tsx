import { useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { QueryView } from '../../components/QueryView';
import { useToast } from '../../components/Toast';
import { contabilitaKeys, impostaBlocco, situazioneAdminQuery } from '../../contabilita/api';
import { RiepilogoFido } from '../../contabilita/components/RiepilogoFido';
import { ScadenzeTabella } from '../../contabilita/components/ScadenzeTabella';
import { errorMessage } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { storicoKeys } from '../storico/api';

const MSG_ERRORE = "Impossibile salvare l'impostazione del fido.";

/**
 * The client's credit figures and schedule as the customer sees them (docs/regole/contabilita.md),
 * and 'Blocca ordini oltre il fido' (docs/regole/contabilita.md#block), recorded in the history.
 */
export function ContabilitaCliente({ clienteId }: { clienteId: number }) {
  const query = useQuery(situazioneAdminQuery(clienteId));
  const scadenze = useQuery({ ...situazioneAdminQuery(clienteId), select: (d) => d.scadenze });
  return (
    <>
      <QueryView query={query} loadingLabel="Caricamento situazione contabile…" errorTitle="Impossibile caricare la situazione contabile.">
        {(s) => (
          <>
            <RiepilogoFido s={s} />
            <Blocco clienteId={clienteId} attivo={s.blocca_oltre_fido} />
          </>
        )}
      </QueryView>
      <ScadenzeTabella query={scadenze} />
    </>
  );
}

function Blocco({ clienteId, attivo }: { clienteId: number; attivo: boolean }) {
  const id = useId();
  const toast = useToast();
  const salva = useMutation({
    mutationFn: (blocca: boolean) => impostaBlocco(clienteId, blocca),
    onSettled: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: contabilitaKeys.admin(clienteId) }),
      queryClient.invalidateQueries({ queryKey: storicoKeys.di({ clienteId }) }),
    ]),
  });
  const cambia = async (blocca: boolean) => {
    try {
      toast.success((await salva.mutateAsync(blocca)).msg);
    } catch (err) {
      toast.error(`${MSG_ERRORE}\n${errorMessage(err)}`);
    }
  };
  return (
    <div className="fido-blocco">
      <input id={id} type="checkbox" role="switch" checked={attivo} disabled={salva.isPending} onChange={(e) => void cambia(e.target.checked)} />
      <label htmlFor={id}>Blocca ordini oltre il fido</label>
      {/* A block is a restriction, not a success: amber, never green. */}
      <span className={`status-pill${attivo ? ' is-wait' : ' is-neutral'}`} aria-live="polite">
        {attivo ? 'Ordini oltre il fido rifiutati' : 'Solo avviso al cliente'}
      </span>
    </div>
  );
}
