import type { ReactNode } from 'react';
import { describeError, erroreDefinitivo } from '../lib/api';

/**
 * What a list or page shows when loading failed. Pass the error (an ApiError or any Error) to
 * show the generic text of docs/regole/generale.md#list-states ('Codice: …, Messaggio: …' / 'Errore: …'), or a message.
 * 'Riprova' is offered only for an error that asking again may change (not a 4xx: erroreDefinitivo).
 * `riga` draws it as one line (inside a form, a menu, a side bar).
 */
export function ErrorState({ error, message, title = 'Si è verificato un errore', onRetry, action, riga = false }: {
  error?: unknown;
  message?: string;
  title?: string;
  /** Shows a 'Riprova' button, unless the error is definitive. */
  onRetry?: () => void;
  action?: ReactNode;
  riga?: boolean;
}) {
  const text = message ?? (error !== undefined ? describeError(error) : undefined);
  const retry = erroreDefinitivo(error) ? undefined : onRetry;
  const azioni = (retry || action) && (
    <div className="state-actions">
      {retry && (
        <button type="button" className={`btn${riga ? ' btn-sm' : ''}`} onClick={retry}>
          Riprova
        </button>
      )}
      {action}
    </div>
  );
  if (riga) {
    return (
      <div className="state-riga state-error" role="alert">
        <span>{text ?? title}</span>
        {azioni}
      </div>
    );
  }
  return (
    <div className="state state-error" role="alert">
      <svg className="state-icon" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7.5v6M12 16.5v.01" strokeLinecap="round" />
      </svg>
      <p className="state-title">{title}</p>
      {text && text !== title && <p>{text}</p>}
      {azioni}
    </div>
  );
}
