import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState, type ReactNode } from 'react';
import { InputField } from '../../components/form/InputField';
import { useModulo } from '../../components/form/useModulo';
import { QueryView } from '../../components/QueryView';
import { Scheda } from '../../components/Scheda';
import { useDialogs } from '../../components/Modal';
import { useToast } from '../../components/Toast';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { errorMessage } from '../../lib/api';
import type { ImpostazioniStato } from '../../../shared/impostazioni.js';
import { LIMITI_GIORNI_APPROVAZIONE } from '../../../shared/organizzazione-costanti.js';
import { PoliticaResi } from '../resi/PoliticaResi';
import '../resi/resi.css';
import { impostazioniQuery, type Interruttore, useAggiornaGiorniApprovazione, useAggiornaImpostazione } from './api';
import './impostazioni.css';

/** The texts of the two switches (docs/regole/accesso.md#maintenance, docs/regole/admin.md#settings). */
const TESTI: Record<Interruttore, {
  domanda: (attiva: boolean) => string;
  fatto: (attiva: boolean) => string;
  errore: string;
}> = {
  manutenzione: {
    domanda: (attiva) => `Sei sicuro di voler ${attiva ? 'attivare' : 'disattivare'} la modalità manutenzione?`,
    fatto: (attiva) => (attiva ? 'Modalità manutenzione attivata.' : 'Modalità manutenzione disattivata.'),
    errore: 'Errore durante il cambio della modalità manutenzione.',
  },
  approvazione_dispositivi: {
    domanda: (attiva) => `Sei sicuro di voler ${attiva ? 'attivare' : 'disattivare'} l'approvazione dei dispositivi?`,
    fatto: (attiva) => (attiva ? 'Approvazione dispositivi attivata.' : 'Approvazione dispositivi disattivata.'),
    errore: "Errore durante il cambio dell'approvazione dei dispositivi.",
  },
};

/** /admin/impostazioni (docs/regole/admin.md#settings): tecnico only (routes.tsx: SoloTecnico). */
export function ImpostazioniPage() {
  useDocumentTitle('Impostazioni');
  const query = useQuery(impostazioniQuery());
  return (
    <>
      <div className="page-head">
        <h1>Impostazioni</h1>
      </div>
      <QueryView query={query}>{(stato) => <Interruttori stato={stato} refetch={query.refetch} />}</QueryView>
    </>
  );
}

function Interruttori({ stato, refetch }: { stato: ImpostazioniStato; refetch: () => Promise<unknown> }) {
  return (
    <div className="impostazioni">
      <Sezione titolo="Manutenzione Sito">
        <p className="impostazioni-avviso" role="note">
          <strong>Attenzione:</strong> spuntando il flag il sito diventa inaccessibile ai clienti, che vedranno la
          pagina di manutenzione finché il flag non viene tolto. Il pannello di amministrazione resta disponibile.
        </p>
        <InterruttoreConferma chiave="manutenzione" label="Stato:" titolo="Manutenzione Sito" valore={stato.manutenzione} refetch={refetch} />
      </Sezione>
      <Sezione titolo="Approvazione dispositivi">
        <p className="muted">
          Con l&apos;approvazione attiva, un cliente che accede da un dispositivo nuovo viene respinto finché un
          tecnico non lo abilita nella Lista Dispositivi Utente. Con l&apos;approvazione disattiva i dispositivi nuovi
          sono autorizzati subito.
        </p>
        <InterruttoreConferma chiave="approvazione_dispositivi" label="Approvazione dispositivi" titolo="Approvazione dispositivi" valore={stato.approvazione_dispositivi} refetch={refetch} switch />
      </Sezione>
      <Sezione titolo="Approvazione ordini">
        <p className="muted">
          Un ordine che supera i limiti di spesa di chi lo fa aspetta l&apos;approvazione del titolare o
          dell&apos;ufficio acquisti del cliente al massimo per questi giorni, poi scade e chi l&apos;ha fatto riceve una mail.
          Vale per gli ordini messi in attesa da ora in poi.
        </p>
        <GiorniApprovazione giorni={stato.giorni_approvazione} />
      </Sezione>
      <Sezione titolo="Resi">
        <PoliticaResi />
      </Sezione>
    </div>
  );
}

/** The days an order held for approval waits (docs/regole/organizzazione.md#limits-and-approvals). */
function GiorniApprovazione({ giorni }: { giorni: number }) {
  const toast = useToast();
  const { alert } = useDialogs();
  const aggiorna = useAggiornaGiorniApprovazione();
  const modulo = useModulo(() => import('../../../shared/impostazioni.js').then((m) => m.giorniApprovazioneRequest), { giorni_approvazione: String(giorni) });
  const salva = async (e: FormEvent) => {
    e.preventDefault();
    const esito = await modulo.valida(modulo.valori);
    if (!esito.ok) return;
    try {
      await aggiorna.mutateAsync(esito.dati.giorni_approvazione);
      toast.success('Giorni di attesa delle approvazioni salvati.');
    } catch (err) {
      if (!modulo.mostraDalServer(err)) await alert(errorMessage(err));
    }
  };
  return (
    <form className="impostazioni-giorni" onSubmit={(e) => void salva(e)} noValidate aria-label="Approvazione ordini">
      <InputField
        label="Giorni di attesa"
        type="number"
        inputMode="numeric"
        min={LIMITI_GIORNI_APPROVAZIONE.min}
        max={LIMITI_GIORNI_APPROVAZIONE.max}
        required
        {...modulo.campo('giorni_approvazione')}
      />
      <button type="submit" className="btn btn-primary" disabled={aggiorna.isPending} aria-busy={aggiorna.isPending}>Salva</button>
    </form>
  );
}

function Sezione({ titolo, children }: { titolo: string; children: ReactNode }) {
  return <Scheda titolo={titolo} livello={3}><div className="card-body">{children}</div></Scheda>;
}

/**
 * A switch that asks before it changes: the box moves at the click; if
 * the question is cancelled the state is read again from the server, and if the call fails the box
 * goes back to where it was.
 */
function InterruttoreConferma({ chiave, label, titolo, valore, refetch, switch: isSwitch }: {
  chiave: Interruttore;
  label: string;
  /** Title of the confirmation dialog. */
  titolo: string;
  valore: 0 | 1;
  refetch: () => Promise<unknown>;
  switch?: boolean;
}) {
  const id = useId();
  const { confirm } = useDialogs();
  const toast = useToast();
  const aggiorna = useAggiornaImpostazione();
  /** The value shown while the question is open or the call is running. */
  const [inCorso, setInCorso] = useState<0 | 1 | null>(null);
  const attivo = (inCorso ?? valore) === 1;
  const testi = TESTI[chiave];

  const cambia = async (nuovo: 0 | 1) => {
    setInCorso(nuovo);
    try {
      if (!(await confirm(testi.domanda(nuovo === 1), { title: titolo }))) {
        await refetch();
        return;
      }
      await aggiorna.mutateAsync({ chiave, valore: nuovo });
      toast.success(testi.fatto(nuovo === 1));
    } catch (err) {
      console.warn(testi.errore, err);
      toast.error(`${testi.errore}\n${errorMessage(err)}`);
    } finally {
      setInCorso(null);
    }
  };

  return (
    <div className={`impostazioni-switch${isSwitch ? ' is-switch' : ''}`}>
      <input
        id={id}
        type="checkbox"
        role={isSwitch ? 'switch' : undefined}
        checked={attivo}
        disabled={inCorso !== null}
        onChange={(e) => void cambia(e.target.checked ? 1 : 0)}
      />
      <label htmlFor={id}>{label}</label>
      <span className={`status-pill${attivo ? ' is-ok' : ' is-off'}`} aria-live="polite">
        {attivo ? 'Attivo' : 'Non attivo'}
      </span>
    </div>
  );
}
