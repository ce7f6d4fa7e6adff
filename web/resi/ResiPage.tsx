import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ResoSintesi } from '../../shared/resi.js';
import { ETICHETTE_STATO_RESO } from '../../shared/resi-costanti.js';
import { BackButton } from '../components/BackButton';
import { Collegamento } from '../components/Collegamento';
import { EmptyState } from '../components/EmptyState';
import { Pagination } from '../components/Pagination';
import { QueryView } from '../components/QueryView';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { formatData, formatIntero } from '../lib/formato';
import { paths } from '../paths';
import { SoloConDocumenti } from '../session/SoloConDocumenti';
import { useShopSession } from '../session/shopSession';
import { elencoResiQuery, PAGINA_RESI } from './api';
import './resi.css';

/** /resi (docs/regole/resi.md#states): the client's returns, newest first, with their states. */
export function ResiPage() {
  return <SoloConDocumenti titolo="Resi"><ResiConsentiti /></SoloConDocumenti>;
}

function ResiConsentiti() {
  useDocumentTitle('Resi');
  const { session } = useShopSession();
  const [pagina, setPagina] = useState(1);
  const query = useQuery(elencoResiQuery(session, (pagina - 1) * PAGINA_RESI));
  return (
    <>
      <div className="page-head">
        <h1>Resi</h1>
        <BackButton to={paths.home2.path} />
      </div>
      <p className="page-sub">Per chiedere un reso apri un DDT in <Collegamento to={paths.documenti.href({ tipo: 'DDT' })}>Documenti</Collegamento> o il dettaglio di un ordine.</p>
      <QueryView
        query={query}
        loadingLabel="Caricamento dei resi…"
        isEmpty={(d) => d.resi.length === 0}
        empty={<EmptyState title="Non ci sono resi.">Quando chiedi un reso lo trovi qui, con il suo stato.</EmptyState>}
      >
        {(d) => (
          <>
            <ul className="resi-elenco" aria-label="Resi">
              {d.resi.map((r) => <li key={r.id}><SchedaReso reso={r} /></li>)}
            </ul>
            {d.totale > PAGINA_RESI && (
              <Pagination currentPage={pagina} totalPages={Math.ceil(d.totale / PAGINA_RESI)} onPageChange={setPagina} label="Pagine dei resi" />
            )}
          </>
        )}
      </QueryView>
    </>
  );
}

export function StatoReso({ stato }: { stato: ResoSintesi['stato'] }) {
  return <span className={`reso-stato reso-stato-${stato}`}>{ETICHETTE_STATO_RESO[stato]}</span>;
}

function SchedaReso({ reso: r }: { reso: ResoSintesi }) {
  return (
    <article className="card reso-scheda">
      <div className="reso-scheda-testa">
        <h2 className="reso-scheda-titolo">
          <Collegamento to={paths.resiDettaglio.href({ id: r.id })}>{r.numero}</Collegamento>
        </h2>
        <StatoReso stato={r.stato} />
      </div>
      <p className="reso-scheda-meta muted">
        <span>Richiesto il {formatData(r.created_at)}</span>
        <span>DDT {r.documento.numero} del {formatData(r.documento.data)}</span>
        <span>{r.righe_n === 1 ? '1 riga' : `${formatIntero(r.righe_n)} righe`} · {r.pezzi === 1 ? '1 pezzo' : `${formatIntero(r.pezzi)} pezzi`}</span>
      </p>
    </article>
  );
}
