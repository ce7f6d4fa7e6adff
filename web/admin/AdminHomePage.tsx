import { useQuery } from '@tanstack/react-query';
import { Collegamento } from '../components/Collegamento';
import { paths } from '../paths';
import { conteggioResiQuery } from './resi/api';
import { QueryView } from '../components/QueryView';
import { Scheda } from '../components/Scheda';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useAdminUser } from './adminSession';
import { statisticheQuery } from './statistiche/api';
import { GraficoVendite } from './statistiche/GraficoVendite';
import './statistiche/statistiche.css';

/** The chart's title (docs/regole/admin.md#admin-home). */
export const TITOLO_GRAFICO = 'Andamento Vendite Mensili';

/**
 * Admin home (/adminhome): 'Benvenuto nel pannello di amministrazione', the logged-in
 * admin, and the line chart 'Andamento Vendite Mensili' of the current year's accepted orders
 * (ordini/stats, open to every admin).
 */
export function AdminHomePage() {
  useDocumentTitle('Pannello Amministrazione');
  const admin = useAdminUser();
  const anno = new Date().getFullYear();
  const stats = useQuery(statisticheQuery(anno));
  return (
    <div className="admin-home">
      <div className="page-head" style={{ marginBottom: 0 }}>
        <h1>Benvenuto nel pannello di amministrazione</h1>
      </div>
      <Scheda titolo={TITOLO_GRAFICO} livello={3} aDestra={<span className="muted">{anno}</span>}>
        <div className="card-body">
          <QueryView
            query={stats}
            loadingLabel="Caricamento vendite…"
            isEmpty={(d) => d.ordiniEImportiPerMeseAnno.length === 0}
            empty={`Nessun ordine nel ${anno}.`}
          >
            {(d) => <GraficoVendite righe={d.ordiniEImportiPerMeseAnno} anno={anno} label={`${TITOLO_GRAFICO} ${anno}`} />}
          </QueryView>
        </div>
      </Scheda>
      <ResiDaGestire />
      <section className="card card-body" aria-label="Utente collegato" style={{ maxWidth: 560 }}>
        <dl className="kv">
          <dt>Utente</dt>
          <dd>
            {admin.nome} {admin.cognome}
          </dd>
          <dt>Username</dt>
          <dd className="codice">{admin.username}</dd>
          <dt>Profilo</dt>
          <dd>{admin.tipologia}</dd>
        </dl>
      </section>
    </div>
  );
}

/** The returns waiting for the staff (docs/regole/resi.md#states): a counter that opens the queue. */
function ResiDaGestire() {
  const query = useQuery(conteggioResiQuery());
  const n = query.data?.da_gestire;
  return (
    <section className="card card-body admin-home-resi" aria-label="Resi da gestire" style={{ maxWidth: 560 }}>
      <p>
        <strong>Resi da gestire:</strong>{' '}
        {query.isError ? 'non disponibile' : n === undefined ? '…' : <span className="badge">{n}</span>}{' '}
        <Collegamento className="btn btn-sm" to={paths.adminResi.path}>Apri i resi</Collegamento>
      </p>
    </section>
  );
}
