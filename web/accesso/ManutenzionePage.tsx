import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Logo } from '../components/Logo';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { errorMessage } from '../lib/api';
import { paths } from '../paths';
import { checkManutenzione } from './api';

/** Shown to customers while the maintenance switch is on (docs/regole/accesso.md#maintenance). */
export function ManutenzionePage() {
  useDocumentTitle('Sito in manutenzione');
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [esito, setEsito] = useState('');

  const riprova = async () => {
    setChecking(true);
    setEsito('');
    try {
      if ((await checkManutenzione()) === 0) {
        await navigate(paths.login.path, { replace: true });
        return;
      }
      setEsito('Il portale è ancora in manutenzione. Riprova tra qualche minuto.');
    } catch (err) {
      setEsito(errorMessage(err));
    } finally {
      setChecking(false);
    }
  };

  return (
    <main className="message-page">
      <div className="card message-card">
        <Logo size={52} className="logo-center" />
        <h1>Sito in manutenzione</h1>
        <p>
          Ci scusiamo per il disagio: il portale è temporaneamente non disponibile per interventi di manutenzione
          programmata.
        </p>
        <p className="muted">Stiamo lavorando per ripristinare il servizio il prima possibile. Grazie per la pazienza.</p>
        <div className="actions">
          <button type="button" className="btn btn-primary" onClick={() => void riprova()} disabled={checking}>
            Riprova
          </button>
        </div>
        <p className="hint" role="status" aria-live="polite" style={{ marginTop: 'var(--sp-3)' }}>
          {esito}
        </p>
      </div>
    </main>
  );
}
