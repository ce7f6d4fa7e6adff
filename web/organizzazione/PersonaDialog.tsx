import { useState, type FormEvent } from 'react';
import { ETICHETTE_RUOLO, RUOLI, type Ruolo } from '../../shared/organizzazione-costanti.js';
import { LIMITI_PERSONA } from '../../shared/organizzazione-persone-costanti.js';
import type { Persona } from '../../shared/organizzazione.js';
import { CheckboxField } from '../components/form/CheckboxField';
import { InputField } from '../components/form/InputField';
import { SelectField } from '../components/form/SelectField';
import { useModulo } from '../components/form/useModulo';
import { Modal } from '../components/Modal';
import { useToast } from '../components/Toast';
import { errorMessage } from '../lib/api';
import { type SessionData, useStoredUtente } from '../lib/storage';
import { useOrganizzazioneMutations } from './api';

const OPZIONI_RUOLO = RUOLI.map((r) => ({ value: r, label: ETICHETTE_RUOLO[r] }));
export const DESCRIZIONE_RUOLO: Record<Ruolo, string> = {
  titolare: 'Tutto, più le persone, i limiti e le approvazioni.',
  acquisti: 'Ordina senza limiti, vede tutti gli ordini e approva quelli degli altri.',
  operatore: 'Ordina entro i suoi limiti; vede solo i suoi ordini.',
  consultazione: 'Consulta il catalogo e prepara carrelli e liste; non conferma ordini.',
};

/** A limit as the form holds it: its text with a comma, '' for none. */
const testoLimite = (n: number | null) => (n === null ? '' : String(n).replace('.', ','));
const HINT_LIMITE = 'In euro, IVA esclusa; vuoto: nessun limite.';

/** The fields both dialogs share: role, limits, switches. */
function CampiPersona({ campo, casella, ruolo }: {
  campo: (c: 'ruolo' | 'limite_ordine' | 'budget_mensile') => object;
  casella: (c: 'vede_prezzi' | 'vede_documenti') => object;
  ruolo: string;
}) {
  return (
    <>
      <SelectField label="Ruolo" required options={OPZIONI_RUOLO} {...campo('ruolo')}
        hint={DESCRIZIONE_RUOLO[ruolo as Ruolo]} />
      <div className="org-limiti">
        <InputField label="Limite per ordine (€)" inputMode="decimal" hint={HINT_LIMITE} {...campo('limite_ordine')} />
        <InputField label="Budget mensile (€)" inputMode="decimal" hint={HINT_LIMITE} {...campo('budget_mensile')} />
      </div>
      <CheckboxField label="Vede prezzi netti e sconti (altrimenti solo i prezzi di listino)" {...casella('vede_prezzi')} />
      <CheckboxField label="Vede documenti e fido" {...casella('vede_documenti')} />
    </>
  );
}

/**
 * 'Invita una persona': e-mail, name, role, limits and switches, and for a Titolare of several
 * clients which of them (docs/regole/organizzazione.md#invites); the person gets a mail with the link.
 */
export function InvitaDialog({ session, open, onClose }: { session: SessionData; open: boolean; onClose: () => void }) {
  return open ? <InvitaForm session={session} onClose={onClose} /> : null;
}

/** A client as the invitation names it. */
const chiaveCliente = (c: { azienda_codice: string; cliente_codice: string }) => `${c.azienda_codice}/${c.cliente_codice}`;

/**
 * The session user's clients they are Titolare of (an agent acting for a client has none to offer):
 * the invitation may name several of them (altri_clienti), the session's own always among them.
 */
function useClientiTitolare(session: SessionData) {
  const utente = useStoredUtente();
  if (!utente || utente.agente) return [];
  return utente.clienti.filter((c) => c.ruolo === 'titolare' && chiaveCliente(c) !== chiaveCliente(session));
}

function InvitaForm({ session, onClose }: { session: SessionData; onClose: () => void }) {
  const toast = useToast();
  const altri = useClientiTitolare(session);
  const [scelti, setScelti] = useState<ReadonlySet<string>>(new Set());
  const scegli = (k: string, si: boolean) => setScelti((prima) => {
    const dopo = new Set(prima);
    if (si) dopo.add(k);
    else dopo.delete(k);
    return dopo;
  });
  const { invita } = useOrganizzazioneMutations(session);
  const modulo = useModulo(() => import('../../shared/organizzazione.js').then((m) => m.invitaRequest), {
    email: '', nominativo: '', ruolo: 'operatore', limite_ordine: '', budget_mensile: '', vede_prezzi: true, vede_documenti: true,
  });
  const [errore, setErrore] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (invita.isPending) return;
    setErrore('');
    const esito = await modulo.valida({
      ...modulo.valori, azienda_codice: session.azienda_codice, cliente_codice: session.cliente_codice,
      ...(scelti.size > 0 ? {
        altri_clienti: altri.filter((c) => scelti.has(chiaveCliente(c))).map((c) => ({ azienda_codice: c.azienda_codice, cliente_codice: c.cliente_codice })),
      } : {}),
    });
    if (!esito.ok) return;
    try {
      const r = await invita.mutateAsync(esito.dati);
      toast.success(r.msg);
      onClose();
    } catch (err) {
      if (!modulo.mostraDalServer(err)) setErrore(errorMessage(err));
    }
  };
  return (
    <Modal open onClose={onClose} title="Invita una persona" size="wide"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>Annulla</button>
          <button type="submit" form="org-invita" className="btn btn-primary" disabled={invita.isPending}>
            {invita.isPending ? 'Invio…' : 'Invia invito'}
          </button>
        </>
      }>
      <form id="org-invita" className="org-form" onSubmit={submit} noValidate aria-busy={invita.isPending}>
        <p className="muted">Riceverà una mail con un link, valido 7 giorni, per scegliere la password. Se l&apos;indirizzo è già di un utente del portale, viene collegato {altri.length > 0 ? 'ai clienti scelti' : 'a questo cliente'}.</p>
        <InputField label="Nome e cognome" required maxLength={LIMITI_PERSONA.nominativo} autoComplete="off" data-autofocus {...modulo.campo('nominativo')} />
        <InputField label="E-mail" type="email" required maxLength={LIMITI_PERSONA.email} autoComplete="off" {...modulo.campo('email')} />
        {altri.length > 0 && (
          <fieldset className="org-clienti">
            <legend>Clienti</legend>
            <p className="muted">Ruolo, limiti e permessi valgono per ogni cliente scelto: una sola mail, un solo link.</p>
            <CheckboxField label={`${session.cliente_ragionesociale} (${session.cliente_codice}) — il cliente su cui lavori ora`} checked disabled readOnly />
            {altri.map((c) => (
              <CheckboxField key={chiaveCliente(c)} label={`${c.cliente_ragionesociale} (${c.cliente_codice}) — ${c.azienda_ragionesociale}`}
                checked={scelti.has(chiaveCliente(c))} onChange={(e) => scegli(chiaveCliente(c), e.target.checked)} />
            ))}
          </fieldset>
        )}
        <CampiPersona campo={modulo.campo} casella={modulo.casella} ruolo={modulo.valori.ruolo} />
        <p className="org-errore" role="alert">{errore}</p>
      </form>
    </Modal>
  );
}

/** 'Modifica': role, limits and switches of one person. */
export function ModificaDialog({ session, persona, onClose }: { session: SessionData; persona: Persona | null; onClose: () => void }) {
  return persona ? <ModificaForm key={persona.utente_codice} session={session} persona={persona} onClose={onClose} /> : null;
}

function ModificaForm({ session, persona, onClose }: { session: SessionData; persona: Persona; onClose: () => void }) {
  const toast = useToast();
  const { modifica } = useOrganizzazioneMutations(session);
  const modulo = useModulo(() => import('../../shared/organizzazione.js').then((m) => m.modificaPersonaRequest), {
    ruolo: persona.ruolo as string, limite_ordine: testoLimite(persona.limite_ordine), budget_mensile: testoLimite(persona.budget_mensile),
    vede_prezzi: persona.vede_prezzi, vede_documenti: persona.vede_documenti,
  });
  const [errore, setErrore] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (modifica.isPending) return;
    setErrore('');
    const esito = await modulo.valida({
      ...modulo.valori, azienda_codice: session.azienda_codice, cliente_codice: session.cliente_codice, utente_codice: persona.utente_codice,
    });
    if (!esito.ok) return;
    try {
      const r = await modifica.mutateAsync(esito.dati);
      toast.success(r.msg);
      onClose();
    } catch (err) {
      if (!modulo.mostraDalServer(err)) setErrore(errorMessage(err));
    }
  };
  return (
    <Modal open onClose={onClose} title={`Modifica ${persona.nominativo}`} size="wide"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>Annulla</button>
          <button type="submit" form="org-modifica" className="btn btn-primary" disabled={modifica.isPending}>
            {modifica.isPending ? 'Salvataggio…' : 'Salva'}
          </button>
        </>
      }>
      <form id="org-modifica" className="org-form" onSubmit={submit} noValidate aria-busy={modifica.isPending}>
        <p className="muted">{persona.email}</p>
        <CampiPersona campo={modulo.campo} casella={modulo.casella} ruolo={modulo.valori.ruolo} />
        <p className="org-errore" role="alert">{errore}</p>
      </form>
    </Modal>
  );
}
