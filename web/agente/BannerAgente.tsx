import { MSG_AGENTI } from '../../shared/agenti-costanti.js';
import { useToast } from '../components/Toast';
import { errorMessage } from '../lib/api';
import { useEsci } from './api';
import './agente.css';

/**
 * The permanent banner of an agent acting for a client (docs/regole/agenti.md#acting-for-a-client),
 * in the shop's sticky top line: whose shop this is, and 'Esci' back to the portfolio.
 */
export function BannerAgente({ nome }: { nome: string }) {
  const esci = useEsci();
  const toast = useToast();
  return (
    <div className="agenti-banner" role="status" data-testid="banner-agente">
      <span>{MSG_AGENTI.banner(nome)}</span>
      <button type="button" className="btn btn-sm" disabled={esci.isPending} onClick={() => esci.mutate(undefined, { onError: (e) => toast.error(errorMessage(e)) })}>
        Esci
      </button>
    </div>
  );
}
