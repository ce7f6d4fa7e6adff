import { useState, type FormEvent } from 'react';
import { LIMITI_CREDENZIALI } from '../../shared/accesso-costanti.js';
import { Collegamento } from '../components/Collegamento';
import { InputField } from '../components/form/InputField';
import { useModulo } from '../components/form/useModulo';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { errorMessage } from '../lib/api';
import { paths } from '../paths';
import { chiediResetPassword } from './api';
import './login.css';
import { SchedaAccesso } from './SchedaAccesso';

/**
 * /password-dimenticata (docs/regole/accesso.md#password-reset): the account's e-mail, then the
 * same words whether it is an account or not; the mail carries a link valid for an hour, once.
 */
export function PasswordDimenticataPage() {
  useDocumentTitle('Password dimenticata');
  const modulo = useModulo(() => import('../../shared/utenti.js').then((m) => m.passwordDimenticataRequest), { email: '' });
  const [busy, setBusy] = useState(false);
  const [errore, setErrore] = useState('');
  const [esito, setEsito] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setErrore('');
    const controllo = await modulo.valida(modulo.valori);
    if (!controllo.ok) return;
    setBusy(true);
    try {
      setEsito((await chiediResetPassword(controllo.dati)).msg);
    } catch (err) {
      if (!modulo.mostraDalServer(err)) setErrore(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SchedaAccesso titolo="Password dimenticata">
      {esito ? (
        <p className="auth-esito" role="status">{esito}</p>
      ) : (
        <form onSubmit={submit} noValidate aria-busy={busy}>
          <p className="auth-subtitle">Inserisci l'indirizzo e-mail con cui accedi: ti invieremo un link per scegliere una nuova password.</p>
          <InputField {...modulo.campo('email')} label="E-mail" type="email" required autoComplete="username"
            autoCapitalize="none" spellCheck={false} maxLength={LIMITI_CREDENZIALI.username} />
          <p className="auth-errore" role="alert">{errore}</p>
          <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={busy}>
            {busy ? 'Invio in corso…' : 'Invia il link'}
          </button>
        </form>
      )}
      <p className="auth-link"><Collegamento to={paths.login.path}>Torna al login</Collegamento></p>
    </SchedaAccesso>
  );
}
