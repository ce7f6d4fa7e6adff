import type { AgenteAdmin } from '../../../shared/agenti-admin.js';
import type { OutputOf } from '../../../shared/contract.js';
import type { agentiAdminRotte } from '../../../shared/rotte/agenti-admin.js';
import { type Column, DataTable } from '../../components/DataTable';
import { PagineElenco } from '../../components/Pagination';
import { PulsanteCestino } from '../../components/PulsanteCestino';
import { Scheda } from '../../components/Scheda';
import { useConfirmAction } from '../../hooks/useConfirmAction';
import { totaleDi, usePaginaElenco } from '../../hooks/usePaginaElenco';
import { usePagingLocale } from '../../hooks/usePaging';
import { SceltaClienti } from '../utenti/SceltaClienti';
import { portafoglioQuery, useAgentiMutations } from './api';

type Cliente = OutputOf<typeof agentiAdminRotte.portafoglio>['clienti'][number];
const LIMIT = 25;

const columns: Column<Cliente>[] = [
  { key: 'codice', header: 'Codice', className: 'codice nowrap', cell: (c) => c.cliente_codice },
  { key: 'cliente', header: 'Cliente', cell: (c) => c.ragione_sociale },
  { key: 'azienda', header: 'Azienda', className: 'codice nowrap', cell: (c) => c.azienda_codice },
  { key: 'origine', header: 'Origine', className: 'nowrap', cell: (c) => (c.origine === 'import' ? "Dall'ERP" : 'Aggiunto a mano') },
];

/**
 * The agent's portfolio (docs/regole/agenti.md#portfolio): the clients the ERP sent and those added
 * by hand, a page at a time; a client found by the search is added, a row's bin removes it (the
 * agent loses it at once, even while acting for it). The ERP's next full import of the agent may
 * take back what was changed here.
 */
export function Portafoglio({ agente: a }: { agente: AgenteAdmin }) {
  const paging = usePagingLocale(LIMIT);
  const { righe, conti: totale = 0 } = usePaginaElenco(portafoglioQuery(a.utente_id, paging.start, LIMIT), (d) => d.clienti, totaleDi);
  const { portafoglio } = useAgentiMutations();
  const confermaEFai = useConfirmAction();
  const cambia = (c: { azienda_codice: string; cliente_codice: string; ragione_sociale: string }, azione: 'aggiungi' | 'rimuovi') => confermaEFai({
    question: azione === 'rimuovi' ? `Togliere ${c.ragione_sociale} dal portafoglio di ${a.nome} ${a.cognome}?` : undefined,
    confirm: { danger: true, confirmLabel: 'Togli' },
    run: () => portafoglio.mutateAsync({ utente_id: a.utente_id, azienda_codice: c.azienda_codice, cliente_codice: c.cliente_codice, azione }),
    failure: azione === 'aggiungi' ? 'Impossibile aggiungere il cliente' : 'Impossibile togliere il cliente',
  });
  return (
    <Scheda titolo="Portafoglio clienti" aDestra={righe.isSuccess && <span className="badge">{totale}</span>}>
      <div className="card-body">
        <SceltaClienti scelti={[]} senzaScelti titolo="Aggiungi un cliente"
          onScegli={(c) => void cambia({ azienda_codice: c.azienda_codice, cliente_codice: c.codice, ragione_sociale: c.ragione_sociale }, 'aggiungi')}
          onTogli={() => undefined} />
      </div>
      <DataTable label={`Portafoglio di ${a.nome} ${a.cognome}`} className="agente-portafoglio" rowKey={(c) => c.cliente_id} query={righe} columns={columns}
        empty="Nessun cliente nel portafoglio." loadingLabel="Caricamento portafoglio…"
        actions={(c) => <PulsanteCestino label={`Togli ${c.ragione_sociale}`} title="Togli dal portafoglio" onClick={() => void cambia(c, 'rimuovi')} />}
      />
      <PagineElenco paging={paging} pagine={Math.ceil(totale / LIMIT)} caricando={righe.isFetching} label="Pagine portafoglio" />
    </Scheda>
  );
}
