import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Column, DataTable } from '../../components/DataTable';
import { Pagination } from '../../components/Pagination';
import { useToast } from '../../components/Toast';
import { errorMessage } from '../../lib/api';
import { formatIntero, VUOTO } from '../../lib/formato';
import { erroriQuery, scaricaErrori } from './api';
import type { OutputOfRapporto } from './tipi';

const PAGINA = 50;

type RigaScartata = OutputOfRapporto['errori'][number] & { n: number };

const colonne: Column<RigaScartata>[] = [
  { key: 'riga', header: 'Riga', className: 'mono', cell: (e) => e.riga },
  { key: 'colonna', header: 'Colonna', cell: (e) => e.colonna ?? VUOTO },
  { key: 'valore', header: 'Valore', className: 'mono', cell: (e) => e.valore ?? VUOTO },
  { key: 'motivo', header: 'Motivo', cell: (e) => e.messaggio },
];

/** A run's refused rows with their reasons, a page at a time, and all of them as a CSV file. */
export function RigheScartate({ id, file, scartate }: { id: number; file: string; scartate: number }) {
  const [start, setStart] = useState(0);
  const pagina = useQuery({ ...erroriQuery(id, start, PAGINA), placeholderData: keepPreviousData });
  const toast = useToast();
  const registrate = pagina.data?.totale ?? 0;
  const pagine = Math.ceil(registrate / PAGINA);
  return (
    <>
      <h3 className="imp-sub">Righe scartate ({formatIntero(scartate)})</h3>
      <DataTable label="Righe scartate" scrollClassName="imp-errori" columns={colonne} empty="Nessuna riga scartata."
        query={{ ...pagina, data: pagina.data?.errori.map((e, n) => ({ ...e, n: start + n })) }} rowKey={(e) => e.n}
        loadingLabel="Caricamento righe scartate…" />
      {pagine > 1 && (
        <div className="list-paging">
          <Pagination currentPage={Math.floor(start / PAGINA) + 1} totalPages={pagine} onPageChange={(p) => setStart((p - 1) * PAGINA)} disabled={pagina.isFetching} label="Pagine righe scartate" />
        </div>
      )}
      {pagina.data && scartate > registrate && <p className="muted">Sono registrate le prime {formatIntero(registrate)}.</p>}
      <button type="button" className="btn btn-sm" onClick={() => void scaricaErrori(id, file).catch((err: unknown) => toast.error(errorMessage(err)))}>
        Scarica le righe scartate (CSV)
      </button>
    </>
  );
}
