import { useNavigate } from 'react-router-dom';
import { Collegamento } from '../../components/Collegamento';
import { type ClienteAdmin, STRINGA_CLIENTI_MAX } from '../../../shared/anagrafica.js';
import { nomeListino } from '../../../shared/listini.js';
import { type Column, DataTable } from '../../components/DataTable';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { totaleDi, usePaginaElenco } from '../../hooks/usePaginaElenco';
import { usePaging } from '../../hooks/usePaging';
import { paths } from '../../paths';
import { ElencoPaginato } from '../ElencoPaginato';
import { useRicercaNellUrl } from '../ricercaUrl';
import { clientiQuery } from './api';
import './clienti.css';

const columns: Column<ClienteAdmin>[] = [
  {
    key: 'codice', header: 'Codice', className: 'codice nowrap',
    // The link is the keyboard's way into the detail; the whole row is the mouse's.
    cell: (c) => <Collegamento to={paths.adminClienteDettaglio.href(c.id)} title={`Dettaglio di ${c.ragione_sociale}`}>{c.codice}</Collegamento>,
  },
  { key: 'ragione_sociale', header: 'Ragione sociale', className: 'strong clienti-nome', cell: (c) => c.ragione_sociale },
  { key: 'email', header: 'Email', className: 'clienti-email', cell: (c) => c.email || <span className="muted">—</span> },
  { key: 'telefono', header: 'Telefono', className: 'nowrap', cell: (c) => c.telefono || <span className="muted">—</span> },
  {
    key: 'azienda', header: 'Azienda',
    cell: (c) => (
      <>
        {c.azienda_ragione_sociale} <span className="muted codice">({c.azienda_codice})</span>
      </>
    ),
  },
  { key: 'listino', header: 'Listino', align: 'end', className: 'nowrap', cell: (c) => nomeListino(c.lis_maga) },
];

/**
 * /admin/clienti (docs/regole/admin.md#clients): one page of clients
 * (25/50/100, default 50, start and limit in the URL) and a search by code, name or e-mail, words
 * in any order (docs/regole/admin.md#admin-search: trimmed and lowercased, an empty term ignored; debounced 500 ms).
 */
export function ClientiPage() {
  useDocumentTitle('Clienti');
  const navigate = useNavigate();
  const paging = usePaging();
  const ricerca = useRicercaNellUrl();
  const pagina = usePaginaElenco(clientiQuery(ricerca.stringa, paging.start, paging.limit), (d) => d.clienti, totaleDi);

  return (
    <>
      <div className="page-head">
        <h1>Clienti</h1>
      </div>
      <ElencoPaginato voce={['cliente', 'clienti']} paging={paging} pagina={pagina}
        ricerca={{ ...ricerca, placeholder: 'Codice, ragione sociale o email', maxLength: STRINGA_CLIENTI_MAX }}>
        <DataTable label="Clienti" className="clienti-table" query={pagina.righe} columns={columns}
          empty="Nessun cliente disponibile." loadingLabel="Caricamento clienti…"
          onRowClick={(c) => void navigate(paths.adminClienteDettaglio.href(c.id))}
        />
      </ElencoPaginato>
    </>
  );
}
