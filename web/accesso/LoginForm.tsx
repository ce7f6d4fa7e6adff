import { useId, useState, type ComponentPropsWithRef, type FormEvent, type ReactNode } from 'react';
import { LIMITI_CREDENZIALI } from '../../shared/accesso-costanti.js';
import { Field } from '../components/form/Field';
import { useModulo } from '../components/form/useModulo';
import './login.css';
import { SchedaAccesso } from './SchedaAccesso';

export const LOGIN_HINT = 'Inserisci utente e password per effettuare il login';

/**
 * The form shared by the customer and the backend login (docs/regole/accesso.md#customer-login): username and password
 * required, 'Effettua Login' disabled while invalid, with the hint shown meanwhile. Both logins check
 * the two fields alike: login/backend's schema is the check (the customer's adds the device's details).
 * A refusal shows under the fields, in an alert that screen readers announce, until the next attempt.
 */
export function LoginForm({ title, subtitle, onLogin, dopo, footer }: {
  title: string;
  subtitle?: ReactNode;
  /** Runs the login; the form stays disabled until it settles. Returns why it was refused, if it was. */
  onLogin: (credentials: { username: string; password: string }) => Promise<string | undefined>;
  /** Under the button (the customer's 'Password dimenticata?'). */
  dopo?: ReactNode;
  footer?: ReactNode;
}) {
  const modulo = useModulo(() => import('../../shared/accesso.js').then((m) => m.loginBackendRequest), { username: '', password: '' });
  const [busy, setBusy] = useState(false);
  const [errore, setErrore] = useState('');
  const hintId = useId();
  const valid = modulo.valido(modulo.valori);
  const descritto = valid ? undefined : hintId;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setErrore('');
    try {
      const esito = await modulo.valida(modulo.valori);
      // The username as the schema reads it (trimmed).
      if (esito.ok) setErrore((await onLogin(esito.dati)) ?? '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <SchedaAccesso titolo={title}>
      {subtitle && <p className="auth-subtitle">{subtitle}</p>}
      <form onSubmit={submit} noValidate aria-busy={busy}>
        <Campo label="Username" name="username" type="text" autoComplete="username" autoCapitalize="none" spellCheck={false}
          maxLength={LIMITI_CREDENZIALI.username} {...modulo.campo('username')} descritto={descritto} />
        <Campo label="Password" name="password" type="password" autoComplete="current-password"
          maxLength={LIMITI_CREDENZIALI.password} {...modulo.campo('password')} descritto={descritto} />
        <p className="auth-errore" role="alert">{errore}</p>
        <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={!valid}>
          Effettua Login
        </button>
        <p className="auth-hint hint" id={hintId} aria-live="polite">
          {valid ? '' : LOGIN_HINT}
        </p>
      </form>
      {dopo}
      {footer && <div className="auth-footer">{footer}</div>}
    </SchedaAccesso>
  );
}

/** A required field of the login card: its label over a large input (the kit's Field), the hint it points at. */
function Campo({ label, error, descritto, ...input }: { label: string; error?: string; descritto?: string }
  & Omit<ComponentPropsWithRef<'input'>, 'id' | 'className' | 'required'>) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <input {...input} {...control} className="input input-lg" required
          aria-describedby={[control['aria-describedby'], descritto].filter(Boolean).join(' ') || undefined} />
      )}
    </Field>
  );
}
