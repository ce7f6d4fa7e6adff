import { useId, useState, type ComponentPropsWithoutRef, type FormEvent, type ReactNode } from 'react';
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
  const hintId = useId();
  const valid = loginBackendRequest.safeParse({ username, password }).success;
  const descritto = valid ? undefined : hintId;

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
          <Campo label="Username" name="username" type="text" autoComplete="username" autoCapitalize="none" spellCheck={false}
            value={username} onChange={(e) => setUsername(e.target.value)} aria-describedby={descritto} />
          <Campo label="Password" name="password" type="password" autoComplete="current-password"
            value={password} onChange={(e) => setPassword(e.target.value)} aria-describedby={descritto} />
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

/** A required field of the login card: its label over a large input. */
function Campo({ label, ...input }: { label: string } & Omit<ComponentPropsWithoutRef<'input'>, 'id' | 'className' | 'required'>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input {...input} id={id} className="input input-lg" required />
    </div>
  );
}
