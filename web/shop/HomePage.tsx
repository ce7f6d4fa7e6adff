import { nomeUtente } from '../accesso/session';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useShopSession } from './shopSession';

/** Placeholder home (/home, /home2) until the real shop home replaces it. */
export function HomePage() {
  useDocumentTitle('Home');
  const { session, utente, listino } = useShopSession();
  const nome = nomeUtente(utente);
  return (
    <>
      <div className="page-head">
        <h1>Benvenuto{nome ? `, ${nome}` : ''}</h1>
      </div>
      <section className="card card-body" aria-label="Dati della sessione" style={{ maxWidth: 640 }}>
        <dl className="kv">
          <dt>Azienda</dt>
          <dd>
            {session.azienda_ragionesociale} <span className="mono muted">({session.azienda_codice})</span>
          </dd>
          <dt>Cliente</dt>
          <dd>
            {session.cliente_ragionesociale} <span className="mono muted">({session.cliente_codice})</span>
          </dd>
          <dt>Utente</dt>
          <dd>{nome || '—'}</dd>
          <dt>Listino</dt>
          <dd>Listino {listino}</dd>
        </dl>
      </section>
    </>
  );
}
