import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../components/ErrorState';
import { Scheda } from '../components/Scheda';
import { PageSpinner } from '../components/Spinner';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useShopSession } from '../session/shopSession';
import { situazioneQuery } from './api';
import { RiepilogoFido } from './components/RiepilogoFido';
import { ScadenzeTabella } from './components/ScadenzeTabella';
import { SoloConDocumenti } from '../session/SoloConDocumenti';

/**
 * /situazione-contabile (docs/regole/contabilita.md#page): the client's credit line, exposure and
 * what is available, then the schedule with overdue and unpaid items marked.
 */
export function SituazioneContabilePage() {
  return <SoloConDocumenti titolo="Situazione contabile"><SituazioneContabileConsentita /></SoloConDocumenti>;
}

function SituazioneContabileConsentita() {
  useDocumentTitle('Situazione contabile');
  const { session } = useShopSession();
  const query = useQuery(situazioneQuery(session));
  const scadenze = useQuery({ ...situazioneQuery(session), select: (d) => d.scadenze });
  return (
    <div className="situazione-contabile">
      <div className="page-head">
        <h1>Situazione contabile</h1>
      </div>
      <p className="page-sub">{session.cliente_ragionesociale}</p>
      <Scheda titolo="Fido ed esposizione">
        {/* As tall as the summary it stands for, so that the schedule below does not jump when it arrives. */}
        {query.isPending && <div className="situazione-attesa"><PageSpinner /></div>}
        {query.isError && <ErrorState title="Impossibile caricare la situazione contabile." error={query.error} onRetry={() => void query.refetch()} />}
        {query.data && <RiepilogoFido s={query.data} />}
      </Scheda>
      <Scheda titolo="Scadenzario" className="situazione-scadenze" aDestra={scadenze.data && <span className="badge">{scadenze.data.length}</span>}>
        <ScadenzeTabella query={scadenze} />
      </Scheda>
    </div>
  );
}
