import { useQuery } from '@tanstack/react-query';
import { QueryView } from '../components/QueryView';
import { Scheda } from '../components/Scheda';
import { Collegamento } from '../components/Collegamento';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { paths } from '../paths';
import { useAdminUser } from './adminSession';
import { contatoreQuery } from './preventivi/api';
import { statisticheQuery } from './statistiche/api';
import { GraficoVendite } from './statistiche/GraficoVendite';
import './statistiche/statistiche.css';

/** The chart's title (docs/regole/admin.md#admin-home). */
export const TITOLO_GRAFICO = 'Andamento Vendite Mensili';

/**
 * Admin home (/adminhome): 'Benvenuto nel pannello di amministrazione', the logged-in
 * admin, the count of quote requests waiting for staff (issue 37), and the line chart 'Andamento Vendite Mensili' of the current year's accepted orders
 * (ordini/stats, open to every admin).
 */
export function AdminHomePage() {
  useDocumentTitle('Pannello Amministrazione');
  const admin = useAdminUser();
  const anno = new Date().getFullYear();
  const stats = useQuery(statisticheQuery(anno));
  const preventivi = useQuery(contatoreQuery);
  return (
    <div className="admin-home">
      <div className="page-head" style={{ marginBottom: 0 }}>
        <h1>Benvenuto nel pannello di amministrazione</h1>
      </div>
      <section className="card card-body" aria-label="Richieste di preventivo" style={{ maxWidth: 560 }}>
        <QueryView query={preventivi} riga loadingLabel="Caricamento dei preventivi…">
          {(d) => (
            <p style={{ margin: 0 }}>
              <Collegamento to={paths.adminPreventivi.href()} className="strong">Preventivi da lavorare: {d.da_lavorare}</Collegamento>
            </p>
          )}
        </QueryView>
      </section>
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
