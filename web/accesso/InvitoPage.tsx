import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { LIMITI_CREDENZIALI, PASSWORD_MIN } from '../../shared/accesso-costanti.js';
import { Collegamento } from '../components/Collegamento';
import { InputField } from '../components/form/InputField';
import { useModulo } from '../components/form/useModulo';
import { useToast } from '../components/Toast';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { ApiError, errorMessage } from '../lib/api';
import { paths } from '../paths';
import { accettaInvito } from './api';
import './login.css';
import { SchedaAccesso } from './SchedaAccesso';

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
  const navigate = useNavigate();
  const toast = useToast();
  const [token] = useState(tokenDelLink);
  useEffect(() => {
    if (window.location.search || window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
  const modulo = useModulo(() => import('./moduloInvito').then((m) => m.moduloInvito), { password: '', conferma: '' });
  const [busy, setBusy] = useState(false);
  const [errore, setErrore] = useState('');
  const [linkFinito, setLinkFinito] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setErrore('');
    const controllo = await modulo.valida(modulo.valori);
    if (!controllo.ok) return;
    setBusy(true);
    try {
      const r = await accettaInvito({ token, password: controllo.dati.password });
      toast.success(r.msg);
      await navigate(paths.login.path, { replace: true });
    } catch (err) {
      if (modulo.mostraDalServer(err)) return;
      setErrore(errorMessage(err));
      if (err instanceof ApiError && (err.code === 'link_non_valido' || err.code === 'link_scaduto' || err.code === 'dati_non_validi')) setLinkFinito(true);
    } finally {
      setBusy(false);
    }
  };

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
