import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useAdminUser } from './adminSession';

/** Admin home (/adminhome); the sales chart 'Andamento Vendite Mensili' goes below. */
export function AdminHomePage() {
  useDocumentTitle('Pannello Amministrazione');
  const admin = useAdminUser();
  return (
    <>
      <div className="page-head">
        <h2>Benvenuto nel pannello di amministrazione</h2>
      </div>
      <section className="card card-body" aria-label="Utente collegato" style={{ maxWidth: 560 }}>
        <dl className="kv">
          <dt>Utente</dt>
          <dd>
            {admin.nome} {admin.cognome}
          </dd>
          <dt>Username</dt>
          <dd className="mono">{admin.username}</dd>
          <dt>Profilo</dt>
          <dd>{admin.tipologia}</dd>
        </dl>
      </section>
    </>
  );
}
