import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PencilIcon } from '../../components/Icone';
import { PulsanteCestino } from '../../components/PulsanteCestino';
import { QueryView } from '../../components/QueryView';
import { useToast } from '../../components/Toast';
import { errorMessage } from '../../lib/api';
import { codiceClienteQuery, salvaCodiceCliente, type Scope } from '../api';
import '../../components/form/form.css';

/**
 * The client's own code of the product (docs/regole/ordine-rapido.md#own-codes), as a row of the
 * product's details: shown, set, changed or cleared in place. The quick order finds the product by it.
 */
export function CodiceCliente({ scope, codiceProdotto }: { scope: Scope; codiceProdotto: string }) {
  const query = useQuery(codiceClienteQuery(scope, codiceProdotto));
  const queryClient = useQueryClient();
  const toast = useToast();
  const [bozza, setBozza] = useState<string | null>(null);
  const [errore, setErrore] = useState<string | undefined>();
  const salva = useMutation({
    mutationFn: (codice: string) => salvaCodiceCliente(scope, codiceProdotto, codice),
    onSuccess: async (_, codice) => {
      setBozza(null);
      setErrore(undefined);
      toast.success(codice.trim() === '' ? 'Il tuo codice è stato tolto.' : 'Il tuo codice è stato salvato.');
      await queryClient.invalidateQueries({ queryKey: codiceClienteQuery(scope, codiceProdotto).queryKey });
    },
    onError: (err) => setErrore(errorMessage(err)),
  });

  if (bozza !== null) {
    return (
      <form
        className="codice-cliente-form"
        onSubmit={(e) => {
          e.preventDefault();
          salva.mutate(bozza);
        }}
      >
        <input
          className="input" aria-label="Il tuo codice" value={bozza} maxLength={40} autoFocus
          aria-invalid={errore ? true : undefined} aria-describedby={errore ? 'codice-cliente-errore' : undefined}
          onChange={(e) => setBozza(e.target.value)}
        />
        <button type="submit" className="btn btn-sm btn-primary" disabled={salva.isPending}>Salva</button>
        <button type="button" className="btn btn-sm" onClick={() => { setBozza(null); setErrore(undefined); }}>Annulla</button>
        {errore && <span id="codice-cliente-errore" className="field-error">{errore}</span>}
      </form>
    );
  }
  return (
    <QueryView query={query} riga loadingLabel="Caricamento del tuo codice…">
      {(codice) => (
        <span className="codice-cliente">
          <span className={codice ? 'mono' : 'muted'}>{codice || 'Nessuno'}</span>
          <button type="button" className="btn btn-sm icon-btn" aria-label={codice ? 'Cambia il tuo codice' : 'Imposta il tuo codice'} title={codice ? 'Cambia' : 'Imposta'} onClick={() => setBozza(codice)}>
            <PencilIcon />
          </button>
          {codice && <PulsanteCestino label="Togli il tuo codice" disabled={salva.isPending} onClick={() => salva.mutate('')} />}
        </span>
      )}
    </QueryView>
  );
}
