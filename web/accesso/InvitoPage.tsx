import { useEffect, useState } from 'react';
import { LIMITI_CREDENZIALI, PASSWORD_MIN } from '../../shared/accesso-costanti.js';
import { Collegamento } from '../components/Collegamento';
import { InputField } from '../components/form/InputField';
import { useModulo } from '../components/form/useModulo';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { paths } from '../paths';
import { accettaInvito } from './api';
import './login.css';
import { SchedaAccesso } from './SchedaAccesso';
import { useInvioDaLink } from './useInvioDaLink';

/** The link's token: `?token=` as the mail writes it, or the fragment. */
const tokenDelLink = () => new URLSearchParams(window.location.search).get('token') ?? window.location.hash.replace(/^#/, '');

/**
 * /invito?token=… (docs/regole/organizzazione.md#invites): the invited person chooses a password,
 * twice, with the portal's rules; on success the login, with the server's words. The token leaves
 * the address bar at once (no history entry, no bookmark keeps it). A link used, replaced or expired
 * shows the server's words.
 */
export function InvitoPage() {
  useDocumentTitle('Attiva il tuo accesso');
  const [token] = useState(tokenDelLink);
  useEffect(() => {
    if (window.location.search || window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
  const modulo = useModulo(() => import('./moduloInvito').then((m) => m.moduloInvito), { password: '', conferma: '' });
  const { busy, errore, linkFinito, submit } = useInvioDaLink(modulo, (dati) => accettaInvito({ token, password: dati.password }));

  const campo = (c: 'password' | 'conferma') => ({
    ...modulo.campo(c), required: true, type: 'password' as const, maxLength: LIMITI_CREDENZIALI.password, autoComplete: 'new-password',
  });

  return (
    <SchedaAccesso titolo="Attiva il tuo accesso">
      <form onSubmit={submit} noValidate aria-busy={busy}>
        <p className="auth-subtitle">Hai ricevuto un invito al portale ordini: scegli la tua password, poi accedi con il tuo indirizzo e-mail.</p>
        <InputField {...campo('password')} label="Password"
          hint={`Almeno ${PASSWORD_MIN} caratteri; non l'e-mail, né il nome dell'azienda con un anno (es. Rossi2024).`} />
        <InputField {...campo('conferma')} label="Conferma password" />
        <p className="auth-errore" role="alert">{errore}</p>
        <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={busy || linkFinito}>
          {busy ? 'Salvataggio…' : 'Imposta la password'}
        </button>
      </form>
      <p className="auth-link">
        <Collegamento to={paths.login.path}>Vai al login</Collegamento>
      </p>
    </SchedaAccesso>
  );
}
