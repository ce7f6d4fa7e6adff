import { useQuery } from '@tanstack/react-query';
import { QueryView } from '../../components/QueryView';
import { codiceClienteQuery } from '../api';
import type { Scope } from '../../../shared/liste-prodotti.js';
import { CodiceClienteEditor } from '../components/CodiceClienteEditor';

/**
 * The client's own code of the product (docs/regole/ordine-rapido.md#own-codes), as a row of the
 * product's details: shown, set, changed or cleared in place. The quick order and the search find
 * the product by it.
 */
export function CodiceCliente({ scope, codiceProdotto }: { scope: Scope; codiceProdotto: string }) {
  const query = useQuery(codiceClienteQuery(scope, codiceProdotto));
  return (
    <QueryView query={query} riga loadingLabel="Caricamento del tuo codice…">
      {(codice) => <CodiceClienteEditor scope={scope} codiceProdotto={codiceProdotto} codice={codice} />}
    </QueryView>
  );
}
