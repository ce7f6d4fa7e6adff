import { type Column, DataTable } from '../../components/DataTable';
import { PagineElenco } from '../../components/Pagination';
import { useToast } from '../../components/Toast';
import { totaleDi, usePaginaElenco } from '../../hooks/usePaginaElenco';
import { usePagingLocale } from '../../hooks/usePaging';
import { errorMessage } from '../../lib/api';
import { formatIntero, VUOTO } from '../../lib/formato';
import { erroriQuery, scaricaErrori } from './api';
import type { OutputOfRapporto } from './tipi';

const PAGINA = 50;

type RigaScartata = OutputOfRapporto['errori'][number] & { n: number };

const colonne: Column<RigaScartata>[] = [
  { key: 'riga', header: 'Riga', className: 'codice', cell: (e) => e.riga },
  { key: 'colonna', header: 'Colonna', cell: (e) => e.colonna ?? VUOTO },
  { key: 'valore', header: 'Valore', className: 'codice', cell: (e) => e.valore ?? VUOTO },
  { key: 'motivo', header: 'Motivo', cell: (e) => e.messaggio },
];

/** A run's refused rows with their reasons, a page at a time, and all of them as a CSV file. */
export function RigheScartate({ id, file, scartate }: { id: number; file: string; scartate: number }) {
  const paging = usePagingLocale(PAGINA);
  // Rows are numbered across pages: the row's key.
  const { righe, conti: registrate = 0 } = usePaginaElenco(
    erroriQuery(id, paging.start, PAGINA), (d) => d.errori.map((e, n) => ({ ...e, n: paging.start + n })), totaleDi,
  );
  const toast = useToast();
  return (
    <>
      <h3 className="imp-sub">Righe scartate ({formatIntero(scartate)})</h3>
      <DataTable label="Righe scartate" scrollClassName="imp-errori" columns={colonne} empty="Nessuna riga scartata."
        query={righe} rowKey={(e) => e.n} loadingLabel="Caricamento righe scartate…" />
      <PagineElenco paging={paging} pagine={Math.ceil(registrate / PAGINA)} caricando={righe.isFetching} label="Pagine righe scartate" />
      {righe.data && scartate > registrate && <p className="muted">Sono registrate le prime {formatIntero(registrate)}.</p>}
      <button type="button" className="btn btn-sm" onClick={() => void scaricaErrori(id, file).catch((err: unknown) => toast.error(errorMessage(err)))}>
        Scarica le righe scartate (CSV)
      </button>
    </>
  );
}
