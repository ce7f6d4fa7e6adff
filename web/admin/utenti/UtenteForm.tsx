import { useState, type FormEvent, type ReactNode } from 'react';
import type { ClienteAdmin } from '../../../shared/anagrafica.js';
import { MSG_UTENTI, TIPOLOGIE_ACCOUNT, type UtenteAdmin } from '../../../shared/utenti.js';
import { Field } from '../../components/form/Field';
import { InputField } from '../../components/form/InputField';
import { SelectField } from '../../components/form/SelectField';
import { useModulo } from '../../components/form/useModulo';
import { useDialogs } from '../../components/Modal';
import { useToast } from '../../components/Toast';
import { errorMessage } from '../../lib/api';
import { useSalvaUtente } from './api';
import { precompila } from './precompila';
import { type ClienteScelto, daRicerca, daUtente, SceltaClienti } from './SceltaClienti';

type Tipologia = (typeof TIPOLOGIE_ACCOUNT)[number];
const TIPOLOGIE: { value: Tipologia; label: string }[] = [
  { value: 'cliente', label: 'Cliente' },
  { value: 'user', label: 'User' },
];
const eTipologia = (v: string): v is Tipologia => (TIPOLOGIE_ACCOUNT as readonly string[]).includes(v);

/**
 * The user form (docs/regole/admin.md#users): username (an e-mail), password, nome, cognome, account type and
 * the linked clients. Without `utente` it creates (account type 'cliente' by default; a
 * picked client fills the four fields, then an alert; a password and a client are required); with
 * it, it edits (an empty password keeps the old one; picking a client only links it). Every
 * password set here is temporary: the server makes the customer choose one at the next login.
 * `azioni` draws the buttons (the form's submit among them) where the caller wants them.
 */
export function UtenteForm({ id, utente, onSalvato, azioni }: {
  id: string;
  utente?: UtenteAdmin;
  /** After a save the server accepted (the detail page needs nothing: the mutation reloads the user). */
  onSalvato?: (utenteId: number) => void;
  azioni: (inCorso: boolean) => ReactNode;
}) {
  const nuovo = utente === undefined;
  // The check of utenti/create itself (shared/utenti.ts): required fields, e-mail, password and a client for a new user.
  const modulo = useModulo(() => import('../../../shared/utenti.js').then((m) => m.utentiCreateRequest), {
    username: utente?.username ?? '',
    password: '',
    nome: utente?.nome ?? '',
    cognome: utente?.cognome ?? '',
    tipologia_account: utente && eTipologia(utente.tipologia_account) ? utente.tipologia_account : 'cliente',
  });
  const campi = modulo.valori;
  const [clienti, setClienti] = useState<ClienteScelto[]>(() => utente?.clienti.map(daUtente) ?? []);
  const [mostraPassword, setMostraPassword] = useState(false);
  const salva = useSalvaUtente();
  const { alert } = useDialogs();
  const toast = useToast();

  const scegli = async (c: ClienteAdmin) => {
    setClienti((prev) => (prev.some((x) => x.id === c.id) ? prev : [...prev, daRicerca(c)]));
    if (!nuovo) return;
    const p = precompila(c);
    for (const k of Object.keys(p) as (keyof typeof p)[]) modulo.imposta(k, p[k]);
    await alert(p.username ? MSG_UTENTI.campiCompilati : MSG_UTENTI.emailMancante);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (salva.isPending) return;
    const controllo = await modulo.valida({ ...(utente ? { utente_id: utente.id } : {}), ...campi, clienti: clienti.map((c) => c.id) });
    if (!controllo.ok) {
      await alert(controllo.messaggio);
      return;
    }
    const { username, nome, cognome } = controllo.dati;
    try {
      const r = await salva.mutateAsync(controllo.dati);
      // A status 1 shows the server's msg.
      if (r.status !== 0 || r.utente_id === undefined) {
        await alert(r.msg);
        return;
      }
      toast.success(nuovo ? MSG_UTENTI.inserito : MSG_UTENTI.aggiornato);
      modulo.setValori((c) => ({ ...c, username, nome, cognome, password: '' }));
      onSalvato?.(r.utente_id);
    } catch (err) {
      if (!modulo.mostraDalServer(err)) await alert(errorMessage(err));
    }
  };

  const datiAccesso = (
    <fieldset className="utente-campi">
      <legend>Dati di accesso</legend>
      <InputField
        type="email"
        label="Username (email)"
        required
        autoComplete="off"
        spellCheck={false}
        {...modulo.campo('username')}
      />
      <Field
        label="Password"
        required={nuovo}
        error={modulo.errori.password}
        hint={nuovo
          ? 'Password temporanea: al primo accesso il cliente dovrà sceglierne una propria.'
          : 'Lascia vuoto per non cambiarla. Una nuova password è temporanea: al prossimo accesso il cliente dovrà sceglierne una propria.'}
      >
        {(control) => (
          <div className="utente-password">
            <input
              {...control}
              {...modulo.campo('password')}
              className="input"
              type={mostraPassword ? 'text' : 'password'}
              autoComplete="new-password"
              spellCheck={false}
            />
            <button
              type="button"
              className="btn"
              aria-controls={control.id}
              aria-pressed={mostraPassword}
              onClick={() => setMostraPassword((m) => !m)}
            >
              {mostraPassword ? 'Nascondi' : 'Mostra'}
            </button>
          </div>
        )}
      </Field>
      <div className="utente-nomi">
        <InputField label="Nome" required autoComplete="off" {...modulo.campo('nome')} />
        <InputField label="Cognome" required autoComplete="off" {...modulo.campo('cognome')} />
      </div>
      <SelectField
        label="Tipologia account"
        options={TIPOLOGIE}
        {...modulo.campo('tipologia_account')}
      />
    </fieldset>
  );
  const sceltaClienti = (
    <SceltaClienti
      scelti={clienti}
      fuocoIniziale={nuovo}
      onScegli={(c) => void scegli(c)}
      onTogli={(clienteId) => setClienti((prev) => prev.filter((c) => c.id !== clienteId))}
    />
  );
  // A new user starts from the client (picking it fills the fields); an edit from the data.
  return (
    <form id={id} className="utente-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label={nuovo ? 'Nuovo utente' : 'Dati utente'}>
      <div className="utente-form-grid">
        {nuovo ? <>{sceltaClienti}{datiAccesso}</> : <>{datiAccesso}{sceltaClienti}</>}
      </div>
      {azioni(salva.isPending)}
    </form>
  );
}
