import { useId, useState, type FormEvent } from 'react';
import { PASSWORD_MIN } from '../../../shared/utenti.js';
import { InputField } from '../../components/form/InputField';
import { ApiError, errorMessage } from '../../lib/api';
import { useCambiaPassword } from '../api';
import './cambia-password.css';

type Campo = 'attuale' | 'nuova' | 'conferma';

export const MSG_CONFERMA_DIVERSA = 'La conferma non coincide con la nuova password.';
export const MSG_PASSWORD_AGGIORNATA = 'Password aggiornata.';

/**
 * The password change (`password/cambia`, docs/regole/accesso.md#password-change), shared by the screen a temporary password
 * leads to and 'I miei Dati': current password, new password and its confirmation, with the rules.
 * The confirmation is checked here; the strength is judged by the server, whose refusal (a 400
 * whose code names the field) is shown under the field it concerns. `onChanged` gets the server's message.
 */
export function CambiaPasswordForm({ onChanged, submitLabel = 'Cambia password' }: {
  onChanged: (msg: string) => void | Promise<void>;
  submitLabel?: string;
}) {
  const cambia = useCambiaPassword();
  const ids = { attuale: useId(), nuova: useId(), conferma: useId() };
  const [valori, setValori] = useState<Record<Campo, string>>({ attuale: '', nuova: '', conferma: '' });
  const [errori, setErrori] = useState<Partial<Record<Campo, string>>>({});
  const [errore, setErrore] = useState('');

  const set = (campo: Campo, v: string) => {
    setValori((x) => ({ ...x, [campo]: v }));
    if (errori[campo]) setErrori((e) => ({ ...e, [campo]: undefined }));
  };

  const mostra = (next: Partial<Record<Campo, string>>) => {
    setErrori(next);
    const primo = (['attuale', 'nuova', 'conferma'] as const).find((k) => next[k]);
    if (primo) document.getElementById(ids[primo])?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (cambia.isPending) return;
    setErrore('');
    const mancanti: Partial<Record<Campo, string>> = {};
    if (!valori.attuale) mancanti.attuale = 'Password attuale obbligatoria';
    if (!valori.nuova) mancanti.nuova = 'Nuova password obbligatoria';
    if (!valori.conferma) mancanti.conferma = 'Conferma la nuova password';
    else if (valori.nuova && valori.conferma !== valori.nuova) mancanti.conferma = MSG_CONFERMA_DIVERSA;
    if (Object.keys(mancanti).length > 0) {
      mostra(mancanti);
      return;
    }
    try {
      const r = await cambia.mutateAsync({ password_attuale: valori.attuale, nuova_password: valori.nuova });
      setValori({ attuale: '', nuova: '', conferma: '' });
      setErrori({});
      await onChanged(r.msg || MSG_PASSWORD_AGGIORNATA);
    } catch (err) {
      const code = err instanceof ApiError ? err.code : undefined;
      if (code === 'password_errata') mostra({ attuale: errorMessage(err) });
      else if (code === 'password_debole') mostra({ nuova: errorMessage(err) });
      else setErrore(errorMessage(err));
    }
  };

  const campo = (c: Campo) => ({
    id: ids[c], value: valori[c], required: true, error: errori[c], type: 'password' as const, maxLength: 200,
    onChange: (e: { target: { value: string } }) => set(c, e.target.value),
  });

  return (
    <form className="cambia-password" onSubmit={submit} noValidate aria-busy={cambia.isPending}>
      <InputField {...campo('attuale')} label="Password attuale" autoComplete="current-password" />
      <InputField
        {...campo('nuova')}
        label="Nuova password"
        autoComplete="new-password"
        hint={`Almeno ${PASSWORD_MIN} caratteri; non lo username, né il nome dell'azienda con un anno (es. Rossi2024); diversa da quella attuale.`}
      />
      <InputField {...campo('conferma')} label="Conferma nuova password" autoComplete="new-password" />
      <p className={`cambia-password-errore${errore ? ' is-shown' : ''}`} role="alert">{errore}</p>
      <div className="cambia-password-azioni">
        <button type="submit" className="btn btn-primary" disabled={cambia.isPending}>
          {cambia.isPending ? 'Salvataggio…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
