import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MAX_MESSAGGIO_PREVENTIVO } from '../../../shared/preventivi-costanti.js';
import { RicercaProdotti } from '../../checkout/components/RicercaProdotti';
import { BackButton } from '../../components/BackButton';
import { EmptyState } from '../../components/EmptyState';
import { SelectField } from '../../components/form/SelectField';
import { TextareaField } from '../../components/form/TextareaField';
import { useModulo } from '../../components/form/useModulo';
import { useDialogs } from '../../components/Modal';
import { QueryView } from '../../components/QueryView';
import { Scheda } from '../../components/Scheda';
import { useToast } from '../../components/Toast';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { errorMessage } from '../../lib/api';
import { paths } from '../../paths';
import { RigheCatalogo, RigheLibere, useRigheRichiesta } from '../../preventivi/RigheRichiesta';
import '../../preventivi/preventivi.css';
import { clienteQuery } from '../clienti/api';
import { type ClienteScelto, daRicerca, SceltaClienti } from '../utenti/SceltaClienti';
// The client picker's own look (its results as buttons, not a bulleted list).
import '../utenti/utenti.css';
import { useCreaPreventivo } from './api';

/**
 * /admin/preventivi/nuovo (issue 37 §2, docs/regole/preventivi.md#staff-start): staff open a quote
 * for a client who asked by phone: the client from the admin's client search, catalogue lines found
 * by code or description (priced for that client), free lines, a message. Opened, it is in the
 * opener's charge, audited, in the client's own Preventivi, and the answer screen follows.
 */
export function NuovoPreventivoPage() {
  useDocumentTitle('Nuovo preventivo');
  const [cliente, setCliente] = useState<ClienteScelto | null>(null);
  const [utente, setUtente] = useState('');
  const scegli = (c: ClienteScelto | null) => {
    setCliente(c);
    setUtente('');
  };
  return (
    <div className="preventivo-richiesta">
      <div className="page-head">
        <h1>Nuovo preventivo</h1>
        <BackButton to={paths.adminPreventivi.path}>Torna ai preventivi</BackButton>
      </div>
      <p className="page-sub muted">Per una richiesta al telefono: il preventivo è in carico a te e il cliente lo vede tra i suoi Preventivi.</p>
      <Scheda titolo="Cliente">
        <div className="card-body">
          {cliente ? (
            <div className="preventivo-messaggio">
              <p className="preventivo-cliente-scelto">
                <span className="codice">{cliente.codice}</span> <strong>{cliente.ragione_sociale}</strong> <span className="muted">azienda {cliente.azienda_codice}</span>
                <button type="button" className="btn btn-sm" onClick={() => scegli(null)}>Cambia cliente</button>
              </p>
              <ChiHaChiamato clienteId={cliente.id} value={utente} onChange={setUtente} />
            </div>
          ) : (
            <SceltaClienti scelti={[]} senzaScelti fuocoIniziale titolo="Scegli il cliente" onScegli={(c) => scegli(daRicerca(c))} onTogli={() => undefined} />
          )}
        </div>
      </Scheda>
      {cliente && <Richiesta key={cliente.id} cliente={cliente} utente={utente} />}
    </div>
  );
}

/** Who of the client called, among its users (clienti/details): the quote is then theirs, with the mails of its steps. */
function ChiHaChiamato({ clienteId, value, onChange }: { clienteId: number; value: string; onChange: (v: string) => void }) {
  const query = useQuery({ ...clienteQuery(String(clienteId)), select: (d) => d.cliente.utenti });
  return (
    <QueryView query={query} riga loadingLabel="Caricamento degli utenti del cliente…">
      {(utenti) => (
        <SelectField label="Chi ha chiamato" placeholder="Nessuno in particolare: lo vedono gli utenti del cliente"
          hint="Il preventivo sarà suo: riceverà le mail dell'offerta e delle domande."
          options={utenti.map((u) => ({ value: String(u.id), label: `${`${u.nome} ${u.cognome}`.trim() || u.username} (${u.username})` }))}
          value={value} onChange={(e) => onChange(e.target.value)} />
      )}
    </QueryView>
  );
}

/** The lines and the message for the chosen client (a new client starts them again: its prices differ). */
function Richiesta({ cliente, utente }: { cliente: ClienteScelto; utente: string }) {
  const stato = useRigheRichiesta({ righe: [], righe_libere: [] });
  const modulo = useModulo(() => import('../../../shared/preventivi.js').then((m) => m.moduloMessaggio), { messaggio: '' });
  const crea = useCreaPreventivo();
  // One key for this page's quote: a double click or a retry opens it once.
  const [chiave] = useState(() => `pa-${crypto.randomUUID()}`);
  const { alert } = useDialogs();
  const toast = useToast();
  const navigate = useNavigate();

  const invia = async () => {
    const esito = await modulo.valida(modulo.valori);
    if (!esito.ok) return;
    try {
      const r = await crea.mutateAsync({
        azienda_codice: cliente.azienda_codice, cliente_codice: cliente.codice, ...(utente ? { utente_id: Number(utente) } : {}),
        messaggio: esito.dati.messaggio, ...stato.richiesta(), chiave,
      });
      toast.success(r.msg);
      await navigate(paths.adminPreventivoDettaglio.href({ id: r.id }));
    } catch (err) {
      if (!modulo.mostraDalServer(err)) await alert(errorMessage(err), { title: 'Preventivo non aperto' });
    }
  };

  return (
    <form className="preventivo-richiesta" noValidate onSubmit={(e) => { e.preventDefault(); void invia(); }}>
      <RigheCatalogo stato={stato}
        sopra={(
          <div className="card-body">
            <RicercaProdotti azienda={cliente.azienda_codice} cliente={cliente.codice} label="Cerca un articolo"
              prezzo={(p) => p.prezzo_reale}
              azione={(p) => ({ label: `Aggiungi ${p.codice_prodotto} al preventivo`, title: 'Aggiungi al preventivo (quantità 1)' })}
              onScegli={async (p) => {
                stato.aggiungi({ codice_prodotto: p.codice_prodotto, descrizione: p.titolo });
                return `${p.codice_prodotto} aggiunto al preventivo.`;
              }} />
          </div>
        )}
        vuoto={<EmptyState title="Nessun articolo del catalogo.">Cercalo qui sopra per codice o descrizione (i prezzi sono i netti del cliente), oppure descrivilo come riga libera.</EmptyState>} />
      <RigheLibere stato={stato} />
      <Scheda titolo="Messaggio">
        <div className="card-body preventivo-messaggio">
          <TextareaField label="Messaggio ( facoltativo: cosa ha chiesto il cliente )" rows={3} maxLength={MAX_MESSAGGIO_PREVENTIVO} {...modulo.campo('messaggio')} />
        </div>
      </Scheda>
      <div className="preventivo-comandi">
        <button type="submit" className="btn btn-primary" disabled={stato.vuota || crea.isPending} aria-busy={crea.isPending}>
          {crea.isPending ? 'Apertura in corso…' : 'Apri il preventivo'}
        </button>
      </div>
    </form>
  );
}
