import { useNavigate } from 'react-router-dom';
import { useDialogs } from '../components/Modal';
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

/** Customer login (docs/regole/accesso.md#customer-login). */
export function LoginPage() {
  useDocumentTitle('Accesso');
  const navigate = useNavigate();
  const { alert } = useDialogs();

  const onLogin = async ({ username, password }: { username: string; password: string }) => {
    try {
      if ((await checkManutenzione()) === 1) {
        await navigate(paths.manutenzione.path);
        return;
      }
      const device = await collectDeviceInfo();
      const { utente } = await loginCliente({ username, password, ...device });
      if (utente.status !== 0) {
        await alert(utente.msg);
        return;
      }
      if (utente.clienti.length === 0) {
        await alert(MSG_NESSUN_CLIENTE);
        return;
      }
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
      await alert(errorMessage(err));
    }
  };

  return (
    <LoginForm
      title="BENVENUTO NEL PORTALE DELLA FERRAMENTA ..."
      onLogin={onLogin}
      footer={<>Accesso riservato ai clienti registrati. Per assistenza contatta il tuo agente di zona.</>}
    />
  );
}
