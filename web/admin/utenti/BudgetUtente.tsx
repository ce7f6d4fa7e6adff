import { useState } from 'react';
import { Collegamento } from '../../components/Collegamento';
import type { UtenteAdmin } from '../../../shared/utenti.js';
import { SelectField } from '../../components/form/SelectField';
import { paths } from '../../paths';
import { BudgetForm } from '../clienti/BudgetForm';

/**
 * The budgets of a user's clients (budgets belong to a client: docs/regole/admin.md#budgets): the client's BudgetForm,
 * one client at a time when the user has several, with the way to the client's page.
 */
export function BudgetUtente({ clienti }: { clienti: UtenteAdmin['clienti'] }) {
  const [scelto, setScelto] = useState(clienti[0]?.id);
  const cliente = clienti.find((c) => c.id === scelto) ?? clienti[0];
  if (!cliente) return <p className="muted budget-utente-vuoto">Nessun cliente assegnato.</p>;
  return (
    <div className="budget-utente">
      <div className="budget-utente-cliente">
        {clienti.length > 1 ? (
          <SelectField
            layout="inline"
            label="Cliente"
            value={cliente.id}
            options={clienti.map((c) => ({ value: c.id, label: `${c.cliente_codice} · ${c.cliente_ragionesociale}` }))}
            onChange={(e) => setScelto(Number(e.target.value))}
          />
        ) : (
          <span>
            Cliente <span className="codice">{cliente.cliente_codice}</span> <strong>{cliente.cliente_ragionesociale}</strong>
          </span>
        )}
        <Collegamento to={paths.adminClienteDettaglio.href(cliente.id)}>Scheda del cliente</Collegamento>
      </div>
      <BudgetForm key={cliente.id} clienteId={cliente.id} />
    </div>
  );
}
