import { useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { errorMessage } from '../lib/api';
import { queryClient } from '../lib/queryClient';
import { setAdminUser } from '../lib/storage';
import { paths } from '../paths';
import { accessoKeys, loginBackend } from './api';
import { LoginForm } from './LoginForm';

/** Backend login (docs/regole/accesso.md#backend-login): status 0 stores the response under `user`; a refusal shows under the fields. */
export function AdminLoginPage() {
  useDocumentTitle('Login Backend');
  const navigate = useNavigate();

  const onLogin = async (credentials: { username: string; password: string }): Promise<string | undefined> => {
    try {
      const res = await loginBackend(credentials);
      if (res.status !== 0) return res.msg;
      queryClient.clear();
      if (res.utente) queryClient.setQueryData(accessoKeys.sessioneBackend, { utente: res.utente });
      setAdminUser(res);
      await navigate(paths.adminHome.path);
    } catch (err) {
      return errorMessage(err);
    }
  };

  return <LoginForm title="Login Backend" subtitle="Pannello Amministrazione" onLogin={onLogin} />;
}
