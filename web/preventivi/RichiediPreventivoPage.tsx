import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { MAX_ALLEGATI_PREVENTIVO, MAX_MESSAGGIO_PREVENTIVO } from '../../shared/preventivi-costanti.js';
import { ACCEPT_IMMAGINI, MAX_FOTO_BYTES, MB } from '../../shared/upload.js';
import { useCart } from '../cart/cart';
import { Collegamento } from '../components/Collegamento';
import { EmptyState } from '../components/EmptyState';
import { Field } from '../components/form/Field';
import { RigaSceltaFile } from '../components/form/RigaSceltaFile';
import { TextareaField } from '../components/form/TextareaField';
import { useModulo } from '../components/form/useModulo';
import { useDialogs } from '../components/Modal';
import { Scheda } from '../components/Scheda';
import { useToast } from '../components/Toast';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { errorMessage } from '../lib/api';
import { formatDimensione } from '../lib/formato';
import { paths } from '../paths';
import { type NuovaRichiesta, useRichiedi } from './api';
import { RigheCatalogo, type RigheIniziali, RigheLibere, useRigheRichiesta } from './RigheRichiesta';
import './preventivi.css';

/** What "Richiedi di nuovo" (an expired quote) and the other ways in bring in navigation state: the lines. */
export type RichiestaDaCopiare = RigheIniziali;

const ACCEPT = `.pdf,${ACCEPT_IMMAGINI}`;

/**
 * /preventivi/richiedi (issue 37): "Richiedi preventivo" from the cart (or again from an expired
 * quote): the catalogue lines with quantity, an optional target price and a note each, free lines
 * for what the catalogue lacks, a message and up to 5 attachments (PDF or pictures, 10 MB each).
 */
export function RichiediPreventivoPage() {
  useDocumentTitle('Richiedi preventivo');
  const { items } = useCart();
  const copia = (useLocation().state as { copia?: RichiestaDaCopiare } | null)?.copia;
  const stato = useRigheRichiesta(copia ?? { righe: items.map((i) => ({ codice_prodotto: i.codice_prodotto, descrizione: i.titolo, quantita: i.quantita })), righe_libere: [] });
  const [allegati, setAllegati] = useState<File[]>([]);
  const modulo = useModulo(() => import('../../shared/preventivi.js').then((m) => m.moduloMessaggio), { messaggio: '' }, { file: ['allegati'] as const });
  const richiedi = useRichiedi();
  const { alert } = useDialogs();
  const toast = useToast();
  const navigate = useNavigate();

  const scegli = (files: File[]) => {
    modulo.pulisci('allegati');
    const tutti = [...allegati, ...files];
    if (tutti.length > MAX_ALLEGATI_PREVENTIVO) modulo.mostra({ allegati: `Al massimo ${MAX_ALLEGATI_PREVENTIVO} allegati.` });
    else if (files.some((f) => f.size > MAX_FOTO_BYTES)) modulo.mostra({ allegati: `Ogni allegato al massimo ${MAX_FOTO_BYTES / MB} MB.` });
    else setAllegati(tutti);
  };

  const invia = async () => {
    const esito = await modulo.valida(modulo.valori);
    if (!esito.ok) return;
    const richiesta: NuovaRichiesta = { messaggio: esito.dati.messaggio, ...stato.richiesta() };
    try {
      const r = await richiedi.mutateAsync({ richiesta, allegati });
      toast.success(r.msg);
      await navigate(paths.preventiviDettaglio.href({ id: r.id }));
    } catch (err) {
      if (!modulo.mostraDalServer(err)) await alert(errorMessage(err), { title: 'Richiesta non inviata' });
    }
  };

  return (
    <>
      <div className="page-head">
        <h1>Richiedi preventivo</h1>
      </div>
      <form className="preventivo-richiesta" noValidate onSubmit={(e) => { e.preventDefault(); void invia(); }}>
        <RigheCatalogo stato={stato} vuoto={(
          <EmptyState title="Nessun articolo del catalogo." action={<Collegamento className="btn" to={paths.home2.path}>Vai al catalogo</Collegamento>}>
            Aggiungi articoli al carrello, oppure descrivi qui sotto ciò che ti serve come riga libera.
          </EmptyState>
        )} />
        <RigheLibere stato={stato} />
        <Scheda titolo="Messaggio e allegati">
          <div className="card-body preventivo-messaggio">
            <TextareaField label="Messaggio al grossista ( facoltativo )" rows={3} maxLength={MAX_MESSAGGIO_PREVENTIVO} {...modulo.campo('messaggio')} />
            <Field label={`Allegati (PDF o immagini, fino a ${MAX_ALLEGATI_PREVENTIVO}, ${MAX_FOTO_BYTES / MB} MB ciascuno)`} error={modulo.errori.allegati}>
              {(control) => (
                <RigaSceltaFile control={control} accept={ACCEPT} multiple onFiles={scegli} controlRef={(el) => modulo.controllo('allegati').ref(el)}
                  scelta={allegati.length > 0 ? allegati.map((f) => `${f.name} · ${formatDimensione(f.size)}`).join(', ') : undefined} />
              )}
            </Field>
            {allegati.length > 0 && <button type="button" className="btn btn-sm btn-ghost" onClick={() => setAllegati([])}>Togli gli allegati</button>}
          </div>
        </Scheda>
        <div className="preventivo-comandi">
          <button type="submit" className="btn btn-primary" disabled={stato.vuota || richiedi.isPending} aria-busy={richiedi.isPending}>
            {richiedi.isPending ? 'Invio in corso…' : 'Invia richiesta di preventivo'}
          </button>
        </div>
      </form>
    </>
  );
}
