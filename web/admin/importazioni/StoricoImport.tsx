import { useState } from 'react';
import { ETICHETTE_STATO_IMPORT, etichettaTipoImport, importInCorso } from '../../../shared/importazioni-costanti.js';
import type { Importazione } from '../../../shared/importazioni.js';
import { type Column, DataTable } from '../../components/DataTable';
import { PagineElenco } from '../../components/Pagination';
import { useToast } from '../../components/Toast';
import { Scheda } from '../../components/Scheda';
import { totaleDi, usePaginaElenco } from '../../hooks/usePaginaElenco';
import { usePagingLocale } from '../../hooks/usePaging';
import { errorMessage } from '../../lib/api';
import { formatDataOra, formatDurata, formatIntero } from '../../lib/formato';
import { scaricaErrori, storicoQuery } from './api';
import { AvanzamentoImport } from './AvanzamentoImport';

const LIMIT = 20;

function Stato({ i }: { i: Importazione }) {
  if (importInCorso(i)) return <AvanzamentoImport i={i} />;
  const tono = i.stato === 'applicata' ? ' is-ok' : i.stato === 'verificata' ? ' is-neutral' : '';
  return <span className={`status-pill${tono}`} title={i.motivo ?? undefined}>{ETICHETTE_STATO_IMPORT[i.stato]}</span>;
}

/** The history of the runs (who, when, file, kind, counts, duration), with each run's refused rows as CSV. */
export function StoricoImport() {
  const paging = usePagingLocale(LIMIT);
  const [inCorso, setInCorso] = useState(false);
  const { righe, conti: totale = 0 } = usePaginaElenco(storicoQuery(paging.start, LIMIT, inCorso), (d) => d.importazioni, totaleDi);
  const qualcunoInCorso = righe.data?.some(importInCorso) ?? false;
  if (qualcunoInCorso !== inCorso) setInCorso(qualcunoInCorso);
  const toast = useToast();

  // Twelve columns did not fit the card even at 1366 px (the pinned 'Errori (CSV)' covered the last
  // ones): who and when, kind and file, and the five counts share cells, so that it fits at 768 px too.
  const columns: Column<Importazione>[] = [
    {
      key: 'data', header: 'Data e autore',
      cell: (i) => <><span className="nowrap">{formatDataOra(i.iniziata_at)}</span><span className="imp-sotto muted">{i.autore}</span></>,
    },
    {
      key: 'tipo', header: 'Tipo e file', className: 'imp-col-file',
      cell: (i) => <>{etichettaTipoImport(i.tipo)}{i.completo ? <span className="muted"> (completo)</span> : null}<span className="imp-sotto muted">{i.file}</span></>,
    },
    { key: 'stato', header: 'Stato', cell: (i) => <Stato i={i} /> },
    {
      key: 'righe', header: 'Righe',
      cell: (i) => (
        <dl className="imp-righe">
          {([['Lette', i.righe_lette], ['Nuove', i.nuove], ['Modificate', i.modificate], ['Ritirate', i.ritirate], ['Scartate', i.scartate]] as const).map(([nome, n]) => (
            <div key={nome} className={nome === 'Scartate' && n > 0 ? 'is-ko' : undefined}>
              <dt>{nome}</dt>
              <dd>{formatIntero(n)}</dd>
            </div>
          ))}
        </dl>
      ),
    },
    { key: 'durata', header: 'Durata', align: 'end', className: 'nowrap', cell: (i) => formatDurata(i.durata_ms) },
  ];
  return (
    <Scheda titolo="Storico importazioni">
      <DataTable label="Storico importazioni" className="imp-storico" query={righe} columns={columns}
        empty="Nessuna importazione eseguita." loadingLabel="Caricamento storico…"
        actions={(i) => (i.scartate > 0 ? (
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => void scaricaErrori(i.id, i.file).catch((err: unknown) => toast.error(errorMessage(err)))}
          >
            Errori (CSV)
          </button>
        ) : null)}
      />
      <PagineElenco paging={paging} pagine={Math.ceil(totale / LIMIT)} caricando={righe.isFetching} label="Pagine storico importazioni" />
    </Scheda>
  );
}
