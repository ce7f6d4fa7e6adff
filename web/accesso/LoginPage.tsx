import { useNavigate } from 'react-router-dom';
import { Collegamento } from '../components/Collegamento';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { ApiError, errorMessage } from '../lib/api';
import { collectDeviceInfo } from '../lib/fingerprint';
import { queryClient } from '../lib/queryClient';
import { setUtente } from '../lib/storage';
import { paths } from '../paths';
import { accessoKeys, checkManutenzione, loginCliente } from './api';
import { LoginForm } from './LoginForm';
import { dopoIlLogin, passwordDaCambiare } from './continua';

export const MSG_NESSUN_CLIENTE = "Non sono presenti clienti associati all'account";

/** Customer login (docs/regole/accesso.md#customer-login); a refusal shows under the fields. */
export function LoginPage() {
  useDocumentTitle('Accesso');
  const navigate = useNavigate();

  const onLogin = async ({ username, password }: { username: string; password: string }): Promise<string | undefined> => {
    try {
      if ((await checkManutenzione()) === 1) {
        await navigate(paths.manutenzione.path);
        return;
      }
      const device = await collectDeviceInfo();
      const { utente } = await loginCliente({ username, password, ...device });
      if (utente.status !== 0) return utente.msg;
      // A sales agent works from their portfolio, with no client until they enter one (docs/regole/agenti.md).
      if (utente.clienti.length === 0 && !utente.agente) return MSG_NESSUN_CLIENTE;
      queryClient.clear();
      // The login answer is the session info: the shop frame need not ask again right away.
      queryClient.setQueryData(accessoKeys.sessione, { utente });
      setUtente(utente);
      const destinazione = dopoIlLogin(utente);
      // A temporary password is replaced first; the change form then continues to the destination.
      await navigate(passwordDaCambiare(utente) ? paths.cambiaPassword.path : destinazione);
    } catch (err) {
      // Maintenance answers (503 {manutenzione:1}) already moved to /manutenzione.
      if (err instanceof ApiError && err.maintenance) return;
      return errorMessage(err);
    }
  };

  return (
    <LoginForm
      title="BENVENUTO NEL PORTALE DELLA FERRAMENTA ..."
      onLogin={onLogin}
      dopo={<p className="auth-link"><Collegamento to={paths.passwordDimenticata.path}>Password dimenticata?</Collegamento></p>}
      footer={<>Accesso riservato ai clienti registrati. Per assistenza contatta il tuo agente di zona.</>}
    />
  );
}
