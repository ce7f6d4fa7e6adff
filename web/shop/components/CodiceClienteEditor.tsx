import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { CODICE_CLIENTE_MAX } from '../../../shared/codici-cliente-costanti.js';
import type { Scope } from '../../../shared/liste-prodotti.js';
import { useModulo } from '../../components/form/useModulo';
import { ClearIcon, PencilIcon } from '../../components/Icone';
import { useToast } from '../../components/Toast';
import { errorMessage } from '../../lib/api';
import { listeKeys } from '../../liste/api';
import { salvaCodiceCliente, shopKeys } from '../api';
import '../../components/form/form.css';
import './codice-cliente.css';

/** Sets, changes ('' clears) the client's own code of a product; once saved, the views that show it read it again. */
function useSalvaCodice(scope: Scope, codiceProdotto: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (nuovo: string) => salvaCodiceCliente(scope, codiceProdotto, nuovo),
    onSuccess: async (_, nuovo) => {
      toast.success(nuovo.trim() === '' ? 'Il tuo codice è stato tolto.' : 'Il tuo codice è stato salvato.');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...shopKeys.prodotti(scope), 'codice-cliente'] }),
        queryClient.invalidateQueries({ queryKey: listeKeys.all }),
      ]);
    },
  });
}

/**
 * The client's own code of a product (docs/regole/ordine-rapido.md#own-codes), shown and set,
 * changed or cleared in place: in the product's details and in a list's rows.
 */
export function CodiceClienteEditor({ scope, codiceProdotto, codice, etichetta }: {
  scope: Scope;
  codiceProdotto: string;
  /** The code now ('' when none). */
  codice: string;
  /** Shown before the code ('Il tuo codice: '); with it, no code shows only the button to set one. */
  etichetta?: string;
}) {
  const toast = useToast();
  const [inModifica, setInModifica] = useState(false);
  const togli = useSalvaCodice(scope, codiceProdotto);

  if (inModifica) {
    return <ModuloCodice scope={scope} codiceProdotto={codiceProdotto} codice={codice} chiudi={() => setInModifica(false)} />;
  }
  return (
    <span className="codice-cliente">
      {etichetta === undefined
        ? <span className={codice ? 'codice' : 'muted'}>{codice || 'Nessuno'}</span>
        : codice && <span>{etichetta}<span className="codice">{codice}</span></span>}
      <button
        type="button" className="btn btn-sm icon-btn"
        aria-label={`${codice ? 'Cambia' : 'Imposta'} il tuo codice per ${codiceProdotto}`} title={codice ? 'Cambia il tuo codice' : 'Imposta il tuo codice'}
        onClick={() => setInModifica(true)}
      >
        <PencilIcon />
      </button>
      {codice && (
        // Not the trash can: beside a list row's 'Rimuovi' it clears the code, it does not remove the product.
        <button
          type="button" className="btn btn-sm icon-btn"
          aria-label={`Togli il tuo codice per ${codiceProdotto}`} title="Togli il tuo codice" disabled={togli.isPending}
          onClick={() => togli.mutate('', { onError: (err) => toast.error(errorMessage(err)) })}
        >
          <ClearIcon />
        </button>
      )}
    </span>
  );
}

/**
 * The code's box, mounted while it is edited: codici-cliente/salva's schema (loaded when the box
 * opens, off the product page's chunk) checks it, and the server's refusal shows under it; an
 * emptied box clears the code (codici-cliente/cancella).
 */
function ModuloCodice({ scope, codiceProdotto, codice, chiudi }: {
  scope: Scope;
  codiceProdotto: string;
  codice: string;
  chiudi: () => void;
}) {
  const salva = useSalvaCodice(scope, codiceProdotto);
  const modulo = useModulo(() => import('../../../shared/codici-cliente.js').then((m) => m.codiciClienteSalvaRequest), { codice });
  const erroreId = useId();
  const [errore, setErrore] = useState<string>();
  const { elemento } = modulo;
  const campo = modulo.campo('codice');

  // The box takes the focus as it opens (the pencil that opened it is gone).
  useEffect(() => {
    elemento('codice')?.focus();
  }, [elemento]);

  const invia = async (e: FormEvent) => {
    e.preventDefault();
    setErrore(undefined);
    const testo = modulo.valori.codice;
    if (testo.trim() !== '') {
      const input = { azienda_codice: scope.cod_azienda, cliente_codice: scope.cod_cliente, codice_prodotto: codiceProdotto, codice: testo };
      if (!(await modulo.valida(input)).ok) return;
    }
    try {
      await salva.mutateAsync(testo);
      chiudi();
    } catch (err) {
      if (!modulo.mostraDalServer(err)) setErrore(errorMessage(err));
    }
  };

  const messaggio = campo.error ?? errore;
  return (
    <form className="codice-cliente-form" onSubmit={(e) => void invia(e)} noValidate>
      <input
        className="input" aria-label="Il tuo codice" maxLength={CODICE_CLIENTE_MAX} autoComplete="off"
        value={campo.value} onChange={campo.onChange} ref={campo.ref}
        aria-invalid={messaggio ? true : undefined} aria-describedby={messaggio ? erroreId : undefined}
      />
      <button type="submit" className="btn btn-sm btn-primary" disabled={salva.isPending}>Salva</button>
      <button type="button" className="btn btn-sm" onClick={chiudi}>Annulla</button>
      {messaggio && <span id={erroreId} className="field-error">{messaggio}</span>}
    </form>
  );
}
