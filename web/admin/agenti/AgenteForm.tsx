import { type FormEvent, type ReactNode } from 'react';
import type { AgenteAdmin } from '../../../shared/agenti-admin.js';
import { LIMITI_AGENTE } from '../../../shared/agenti-costanti.js';
import { LIMITI_CREDENZIALI } from '../../../shared/accesso-costanti.js';
import { InputField } from '../../components/form/InputField';
import { useModulo } from '../../components/form/useModulo';
import { useDialogs } from '../../components/Modal';
import { useToast } from '../../components/Toast';
import { errorMessage } from '../../lib/api';
import { useAgentiMutations } from './api';

/**
 * An agent's data (docs/regole/agenti.md#admin): username (an e-mail), password, name, surname and
 * agent code. Without `agente` it creates (a temporary password is required: the agent chooses their
 * own at the first login); with it, it edits (an empty password keeps the old one). `azioni` draws
 * the buttons, the form's submit among them.
 */
export function AgenteForm({ id, agente, onSalvato, azioni }: {
  id: string;
  agente?: AgenteAdmin;
  onSalvato?: (utenteId: number) => void;
  azioni: (inCorso: boolean) => ReactNode;
}) {
  const nuovo = agente === undefined;
  // The check of agenti/create itself (shared/agenti-admin.ts).
  const modulo = useModulo(() => import('../../../shared/agenti-admin.js').then((m) => m.agentiSalvaRequest), {
    username: agente?.username ?? '',
    password: '',
    nome: agente?.nome ?? '',
    cognome: agente?.cognome ?? '',
    agente_codice: agente?.agente_codice ?? '',
  });
  const { salva } = useAgentiMutations();
  const { alert } = useDialogs();
  const toast = useToast();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (salva.isPending) return;
    const controllo = await modulo.valida({ ...(agente ? { utente_id: agente.utente_id } : {}), ...modulo.valori });
    if (!controllo.ok) return;
    try {
      const r = await salva.mutateAsync(controllo.dati);
      if (r.status !== 0 || r.utente_id === undefined) {
        await alert(r.msg);
        return;
      }
      toast.success(r.msg);
      modulo.setValori((v) => ({ ...v, password: '' }));
      onSalvato?.(r.utente_id);
    } catch (err) {
      if (!modulo.mostraDalServer(err)) await alert(errorMessage(err));
    }
  };

  return (
    <form id={id} className="agente-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label={nuovo ? 'Nuovo agente' : 'Dati agente'}>
      <InputField type="email" label="Username (email)" required autoComplete="off" spellCheck={false}
        maxLength={LIMITI_CREDENZIALI.username} {...modulo.campo('username')} />
      <InputField type="password" label="Password" required={nuovo} autoComplete="new-password" maxLength={LIMITI_CREDENZIALI.password}
        hint={nuovo
          ? "Password temporanea: al primo accesso l'agente dovrà sceglierne una propria."
          : "Lascia vuoto per non cambiarla. Una nuova password è temporanea."}
        {...modulo.campo('password')} />
      <div className="agente-form-riga">
        <InputField label="Nome" required autoComplete="off" maxLength={LIMITI_AGENTE.nome} {...modulo.campo('nome')} />
        <InputField label="Cognome" required autoComplete="off" maxLength={LIMITI_AGENTE.nome} {...modulo.campo('cognome')} />
      </div>
      <InputField label="Codice agente" required autoComplete="off" spellCheck={false} maxLength={LIMITI_AGENTE.codice}
        hint="Il codice con cui l'ERP manda il portafoglio (es. A01)." {...modulo.campo('agente_codice')} />
      {azioni(salva.isPending)}
    </form>
  );
}
