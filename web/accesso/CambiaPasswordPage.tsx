import { Navigate, useNavigate } from 'react-router-dom';
import { CambiaPasswordForm } from '../account/components/CambiaPasswordForm';
import { useToast } from '../components/Toast';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useStoredUtente } from '../lib/storage';
import { paths } from '../paths';
import { nomeUtente, useLogoutCliente, useSyncUtente } from '../session/sessione';
import { dopoIlLogin, passwordDaCambiare } from './continua';
import { SchedaAccesso } from './SchedaAccesso';

/**
 * /cambia-password: a password set by the wholesaler's staff is temporary (docs/regole/accesso.md#temporary-passwords) and every
 * customer call but the change answers 403 until the user sets one of their own. The login (and
 * any 403 `cambio_password`) leads here; on success the login's way goes on (/home2 or /dispatcher).
 */
export function CambiaPasswordPage() {
  useDocumentTitle('Cambia password');
  const utente = useStoredUtente();
  const navigate = useNavigate();
  const toast = useToast();
  const logout = useLogoutCliente();
  useSyncUtente(!!utente);

  if (!utente) return <Navigate to={paths.login.path} replace />;
  const temporanea = passwordDaCambiare(utente);

  const onChanged = async (msg: string) => {
    toast.success(msg);
    await navigate(dopoIlLogin(utente), { replace: true });
  };

  return (
    <SchedaAccesso titolo="Cambia password">
      <p className="auth-subtitle">{nomeUtente(utente)}</p>
      <div className="cambia-password-intro">
        {temporanea ? (
          <>
            <p>
              La tua password è stata impostata dal nostro personale ed è <strong>temporanea</strong>: per
              continuare sostituiscila con una password scelta da te.
            </p>
            <p>Ti servirà la password ricevuta per confermare la modifica.</p>
          </>
        ) : (
          <p>Scegli una nuova password per il tuo account.</p>
        )}
      </div>
      <CambiaPasswordForm onChanged={onChanged} submitLabel={temporanea ? 'Salva e continua' : 'Cambia password'} />
      <div className="auth-footer">
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void logout()}>
          Esci
        </button>
      </div>
    </SchedaAccesso>
  );
}
