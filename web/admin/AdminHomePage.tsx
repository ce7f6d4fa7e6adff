import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { conteggioResiQuery } from './resi/api';
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
 * Admin home (/adminhome): 'Benvenuto nel pannello di amministrazione', what waits for the staff
 * (quote requests, issue 37; returns, issue 39), each opening its queue, the line chart 'Andamento
 * Vendite Mensili' of the current year's accepted orders (ordini/stats, open to every admin) and the
 * logged-in admin.
 */
export function AdminHomePage() {
  useDocumentTitle('Pannello Amministrazione');
  const admin = useAdminUser();
  const anno = new Date().getFullYear();
  const stats = useQuery(statisticheQuery(anno));
  const preventivi = useQuery(contatoreQuery);
  const resi = useQuery(conteggioResiQuery());
  return (
    <div className="admin-home">
      <div className="page-head" style={{ marginBottom: 0 }}>
        <h1>Benvenuto nel pannello di amministrazione</h1>
      </div>
      <section className="card card-body admin-home-da-lavorare" aria-label="Da lavorare" style={{ maxWidth: 560 }}>
        <Contatore query={preventivi} quanti={(d) => d.da_lavorare} testo="Preventivi da lavorare" to={paths.adminPreventivi.href()} />
        <Contatore query={resi} quanti={(d) => d.da_gestire} testo="Resi da gestire" to={paths.adminResi.path} />
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

/** A queue's count of what waits for the staff, as a link that opens the queue. */
function Contatore<D>({ query, quanti, testo, to }: { query: UseQueryResult<D>; quanti: (d: D) => number; testo: string; to: string }) {
  return (
    <QueryView query={query} riga loadingLabel={`Caricamento: ${testo.toLowerCase()}…`}>
      {(d) => (
        <p>
          <Collegamento to={to} className="strong">{testo}: {quanti(d)}</Collegamento>
        </p>
      )}
    </QueryView>
  );
}
