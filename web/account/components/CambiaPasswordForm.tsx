import { useState, type FormEvent } from 'react';
import { LIMITI_CREDENZIALI, PASSWORD_MIN } from '../../../shared/accesso-costanti.js';
import { InputField } from '../../components/form/InputField';
import { useModulo } from '../../components/form/useModulo';
import { errorMessage } from '../../lib/api';
import { useCambiaPassword } from '../api';
import './cambiaPassword.css';

export const MSG_PASSWORD_AGGIORNATA = 'Password aggiornata.';

/**
 * The password change (`password/cambia`, docs/regole/accesso.md#password-change), shared by the
 * screen a temporary password leads to and 'I miei Dati': current password, new password and its
 * confirmation, with the rules. The confirmation is checked here; the strength is judged by the
 * server, whose refusal (a 400 naming the field) is shown under the field it concerns. `onChanged` gets the server's message.
 */
export function CambiaPasswordForm({ onChanged, submitLabel = 'Cambia password' }: {
  onChanged: (msg: string) => void | Promise<void>;
  submitLabel?: string;
}) {
  const cambia = useCambiaPassword();
  const modulo = useModulo(() => import('./moduloPassword').then((m) => m.moduloPassword), { password_attuale: '', nuova_password: '', conferma: '' });
  const [errore, setErrore] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (cambia.isPending) return;
    setErrore('');
    const controllo = await modulo.valida(modulo.valori);
    if (!controllo.ok) return;
    try {
      const r = await cambia.mutateAsync({ password_attuale: controllo.dati.password_attuale, nuova_password: controllo.dati.nuova_password });
      modulo.setValori({ password_attuale: '', nuova_password: '', conferma: '' });
      await onChanged(r.msg || MSG_PASSWORD_AGGIORNATA);
    } catch (err) {
      if (!modulo.mostraDalServer(err)) setErrore(errorMessage(err));
    }
  };

  const campo = (c: 'password_attuale' | 'nuova_password' | 'conferma') => ({
    ...modulo.campo(c), required: true, type: 'password' as const, maxLength: LIMITI_CREDENZIALI.password,
  });

  return (
    <form className="cambia-password" onSubmit={submit} noValidate aria-busy={cambia.isPending}>
      <InputField {...campo('password_attuale')} label="Password attuale" autoComplete="current-password" />
      <InputField
        {...campo('nuova_password')}
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
