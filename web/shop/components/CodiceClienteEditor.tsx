import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { PencilIcon } from '../../components/Icone';
import { PulsanteCestino } from '../../components/PulsanteCestino';
import { useToast } from '../../components/Toast';
import { errorMessage } from '../../lib/api';
import { listeKeys } from '../../liste/api';
import { salvaCodiceCliente, shopKeys } from '../api';
import type { Scope } from '../../../shared/liste-prodotti.js';
import '../../components/form/form.css';
import './codice-cliente.css';

/**
 * The client's own code of a product (docs/regole/ordine-rapido.md#own-codes), shown and set,
 * changed or cleared in place: in the product's details and in a list's rows. Once saved, the
 * views that show it (the product page's code, the lists) read it again.
 */
export function CodiceClienteEditor({ scope, codiceProdotto, codice, etichetta }: {
  scope: Scope;
  codiceProdotto: string;
  /** The code now ('' when none). */
  codice: string;
  /** Shown before the code ('Il tuo codice: '); with it, no code shows only the button to set one. */
  etichetta?: string;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const erroreId = useId();
  const [bozza, setBozza] = useState<string | null>(null);
  const [errore, setErrore] = useState<string | undefined>();
  const salva = useMutation({
    mutationFn: (nuovo: string) => salvaCodiceCliente(scope, codiceProdotto, nuovo),
    onSuccess: async (_, nuovo) => {
      setBozza(null);
      setErrore(undefined);
      toast.success(nuovo.trim() === '' ? 'Il tuo codice è stato tolto.' : 'Il tuo codice è stato salvato.');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...shopKeys.prodotti(scope), 'codice-cliente'] }),
        queryClient.invalidateQueries({ queryKey: listeKeys.all }),
      ]);
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
          aria-invalid={errore ? true : undefined} aria-describedby={errore ? erroreId : undefined}
          onChange={(e) => setBozza(e.target.value)}
        />
        <button type="submit" className="btn btn-sm btn-primary" disabled={salva.isPending}>Salva</button>
        <button type="button" className="btn btn-sm" onClick={() => { setBozza(null); setErrore(undefined); }}>Annulla</button>
        {errore && <span id={erroreId} className="field-error">{errore}</span>}
      </form>
    );
  }
  return (
    <span className="codice-cliente">
      {etichetta === undefined
        ? <span className={codice ? 'codice' : 'muted'}>{codice || 'Nessuno'}</span>
        : codice && <span>{etichetta}<span className="codice">{codice}</span></span>}
      <button
        type="button" className="btn btn-sm icon-btn"
        aria-label={`${codice ? 'Cambia' : 'Imposta'} il tuo codice per ${codiceProdotto}`} title={codice ? 'Cambia il tuo codice' : 'Imposta il tuo codice'}
        onClick={() => setBozza(codice)}
      >
        <PencilIcon />
      </button>
      {codice && <PulsanteCestino label={`Togli il tuo codice per ${codiceProdotto}`} disabled={salva.isPending} onClick={() => salva.mutate('')} />}
    </span>
  );
}
