import { Collegamento } from '../components/Collegamento';
import { Logo } from '../components/Logo';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { paths } from '../paths';

/** The body of the not-found screen; inside the shop or admin frame it links back to their home. */
export function NotFoundContent({ backTo = paths.login.path, backLabel = 'Torna alla pagina iniziale' }: {
  backTo?: string;
  backLabel?: string;
}) {
  useDocumentTitle('Pagina non trovata');
  return (
    <div className="card message-card" style={{ margin: '0 auto' }}>
      <div className="big-code" aria-hidden="true">404</div>
      <h1>Pagina non trovata</h1>
      <p className="muted">La pagina che hai cercato non esiste o è stata spostata.</p>
      <div className="actions">
        <Collegamento className="btn btn-primary" to={backTo}>
          {backLabel}
        </Collegamento>
      </div>
    </div>
  );
}

/** Any unknown path (docs/regole/generale.md#routes). */
export function NotFoundPage() {
  return (
    <main className="message-page" style={{ flexDirection: 'column', gap: 'var(--sp-5)' }}>
      <Logo size={44} />
      <NotFoundContent />
    </main>
  );
}
