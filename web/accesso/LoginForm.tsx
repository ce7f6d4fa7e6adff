import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { loginBackendRequest } from '../../shared/accesso.js';
import { Logo } from '../components/Logo';

export const LOGIN_HINT = 'Inserisci utente e password per effettuare il login';

/**
 * The form shared by the customer and the backend login (docs/regole/accesso.md#customer-login): username and password
 * required, 'Effettua Login' disabled while invalid, with the hint shown meanwhile.
 */
export function LoginForm({ title, subtitle, onLogin, footer }: {
  title: string;
  subtitle?: ReactNode;
  /** Runs the login; the form stays disabled until it settles. */
  onLogin: (credentials: { username: string; password: string }) => Promise<void>;
  footer?: ReactNode;
}) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const userId = useId();
  const passId = useId();
  const hintId = useId();
  const valid = loginBackendRequest.safeParse({ username, password }).success;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    try {
      await onLogin({ username: username.trim(), password });
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="auth-page">
      <div className="auth-card">
        <Logo size={52} className="logo-center" />
        <h1 className="auth-title">{title}</h1>
        {subtitle && <p className="auth-subtitle">{subtitle}</p>}
        <form onSubmit={submit} noValidate aria-busy={busy}>
          <div className="field">
            <label htmlFor={userId}>Username</label>
            <input
              id={userId}
              className="input input-lg"
              name="username"
              type="text"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              aria-describedby={valid ? undefined : hintId}
            />
          </div>
          <div className="field">
            <label htmlFor={passId}>Password</label>
            <input
              id={passId}
              className="input input-lg"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-describedby={valid ? undefined : hintId}
            />
          </div>
          <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={!valid}>
            Effettua Login
          </button>
          <p className="auth-hint hint" id={hintId} aria-live="polite">
            {valid ? '' : LOGIN_HINT}
          </p>
        </form>
        {footer && <div className="auth-footer">{footer}</div>}
      </div>
    </main>
  );
}
