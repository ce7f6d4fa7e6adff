import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Pagination } from '../../components/Pagination';
import { useToast } from '../../components/Toast';
import { errorMessage } from '../../lib/api';
import { erroriQuery, scaricaErrori } from './api';

const PAGINA = 50;

/** A run's refused rows with their reasons, a page at a time, and all of them as a CSV file. */
export function RigheScartate({ id, file, scartate }: { id: number; file: string; scartate: number }) {
  const [start, setStart] = useState(0);
  const pagina = useQuery({ ...erroriQuery(id, start, PAGINA), placeholderData: keepPreviousData });
  const toast = useToast();
  const registrate = pagina.data?.totale ?? 0;
  const pagine = Math.ceil(registrate / PAGINA);
  return (
    <>
      <h3 className="imp-sub">Righe scartate ({scartate.toLocaleString('it-IT')})</h3>
      <div className="table-scroll imp-errori">
        <table className="table">
          <caption className="visually-hidden">Righe scartate</caption>
          <thead>
            <tr><th scope="col">Riga</th><th scope="col">Colonna</th><th scope="col">Valore</th><th scope="col">Motivo</th></tr>
          </thead>
          <tbody>
            {(pagina.data?.errori ?? []).map((e, n) => (
              <tr key={start + n}>
                <td className="mono">{e.riga}</td>
                <td>{e.colonna ?? '—'}</td>
                <td className="mono">{e.valore ?? '—'}</td>
                <td>{e.messaggio}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pagina.isError && <p className="form-error" role="alert">{errorMessage(pagina.error)}</p>}
      {pagine > 1 && (
        <div className="list-paging">
          <Pagination currentPage={Math.floor(start / PAGINA) + 1} totalPages={pagine} onPageChange={(p) => setStart((p - 1) * PAGINA)} disabled={pagina.isFetching} label="Pagine righe scartate" />
        </div>
      )}
      {pagina.data && scartate > registrate && <p className="muted">Sono registrate le prime {registrate.toLocaleString('it-IT')}.</p>}
      <button type="button" className="btn btn-sm" onClick={() => void scaricaErrori(id, file).catch((err: unknown) => toast.error(errorMessage(err)))}>
        Scarica le righe scartate (CSV)
      </button>
    </>
  );
}
