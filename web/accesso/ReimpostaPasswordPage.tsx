import { useState } from 'react';
import { LIMITI_CREDENZIALI, PASSWORD_MIN } from '../../shared/accesso-costanti.js';
import { Collegamento } from '../components/Collegamento';
import { InputField } from '../components/form/InputField';
import { useModulo } from '../components/form/useModulo';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { paths } from '../paths';
import { reimpostaPassword } from './api';
import './login.css';
import { SchedaAccesso } from './SchedaAccesso';
import { useInvioDaLink } from './useInvioDaLink';

/** The link's token: in the fragment, which the browser never sends to the server (server/posta/reset-password.ts). */
const tokenDelLink = () => window.location.hash.replace(/^#/, '');

/**
 * /reimposta-password#<token> (docs/regole/accesso.md#password-reset): a new password with the
 * rules of the password change, twice; on success the login, where the new password works and
 * every session opened before has ended. A link expired or used shows the server's words, and the
 * way to ask for a new one.
 */
export function ReimpostaPasswordPage() {
  useDocumentTitle('Nuova password');
  const [token] = useState(tokenDelLink);
  const modulo = useModulo(() => import('./moduloReimposta').then((m) => m.moduloReimposta), { nuova_password: '', conferma: '' });
  const { busy, errore, linkFinito, submit } = useInvioDaLink(modulo, (dati) => reimpostaPassword({ token, nuova_password: dati.nuova_password }));

  const campo = (c: 'nuova_password' | 'conferma') => ({
    ...modulo.campo(c), required: true, type: 'password' as const, maxLength: LIMITI_CREDENZIALI.password, autoComplete: 'new-password',
  });

  return (
    <SchedaAccesso titolo="Nuova password">
      <form onSubmit={submit} noValidate aria-busy={busy}>
        <InputField {...campo('nuova_password')} label="Nuova password"
          hint={`Almeno ${PASSWORD_MIN} caratteri; non lo username, né il nome dell'azienda con un anno (es. Rossi2024).`} />
        <InputField {...campo('conferma')} label="Conferma nuova password" />
        <p className="auth-errore" role="alert">{errore}</p>
        <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={busy || linkFinito}>
          {busy ? 'Salvataggio…' : 'Imposta la password'}
        </button>
      </form>
      <p className="auth-link">
        {linkFinito
          ? <Collegamento to={paths.passwordDimenticata.path}>Chiedi un nuovo link</Collegamento>
          : <Collegamento to={paths.login.path}>Torna al login</Collegamento>}
      </p>
    </SchedaAccesso>
  );
}
