import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Collegamento } from '../components/Collegamento';
import { ErrorState } from '../components/ErrorState';
import { Logo } from '../components/Logo';
import { paths } from '../paths';
import { NotFoundPage } from './NotFoundPage';

/** Error boundary of the router: a crash or a lazy chunk that failed to load. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const chunkFailed = error instanceof TypeError && /dynamically imported module|Importing a module script/i.test(error.message);
  return (
    <main className="message-page" style={{ flexDirection: 'column', gap: 'var(--sp-5)' }}>
      <Logo size={44} />
      <div className="card" style={{ maxWidth: 560, width: '100%' }}>
        <ErrorState
          title="Si è verificato un errore"
          message={
            chunkFailed
              ? 'Impossibile caricare la pagina: il portale potrebbe essere stato aggiornato. Ricarica la pagina per continuare.'
              : 'La pagina non può essere visualizzata. Ricarica la pagina o torna alla pagina iniziale.'
          }
          action={
            <>
              <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
                Ricarica la pagina
              </button>
              <Collegamento className="btn" to={paths.login.path}>
                Pagina iniziale
              </Collegamento>
            </>
          }
        />
      </div>
    </main>
  );
}
