import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { OutputOf } from '../../shared/contract.js';
import { LIMITI_PREVENTIVO_CLIENTE as L } from '../../shared/preventivi-cliente-costanti.js';
import type { preventiviClienteRotte } from '../../shared/rotte/preventivi-cliente.js';
import { ACCEPT_IMMAGINI } from '../../shared/upload.js';
import { BackButton } from '../components/BackButton';
import { EmptyState } from '../components/EmptyState';
import { InputField } from '../components/form/InputField';
import { TextareaField } from '../components/form/TextareaField';
import { useModulo } from '../components/form/useModulo';
import { QueryView } from '../components/QueryView';
import { useToast } from '../components/Toast';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { errorMessage } from '../lib/api';
import { paths } from '../paths';
import { usePermessi } from '../session/permessi';
import { useShopSession } from '../session/shopSession';
import { intestazioneQuery, urlLogo, useIntestazioneAzioni } from './api';
import './preventivi-cliente.css';

type Intestazione = OutputOf<typeof preventiviClienteRotte.intestazione>;

/**
 * /preventivi-cliente/intestazione (docs/regole/preventivi-cliente.md#pdf): the name, address, VAT
 * number and logo the client's quotes carry. The logo is judged by its bytes on the server, its
 * metadata dropped; what is shown is what the PDF will carry.
 */
export function IntestazionePage() {
  useDocumentTitle('Intestazione dei preventivi');
  const { session } = useShopSession();
  const puo = usePermessi().puo('preventivi_cliente');
  const query = useQuery({ ...intestazioneQuery(session), enabled: puo });
  return (
    <>
      <div className="page-head pc-head">
        <BackButton to={paths.preventiviCliente.path} />
        <h1>Intestazione dei preventivi</h1>
      </div>
      {puo ? (
        <QueryView query={query} loadingLabel="Caricamento dell'intestazione…" errorTitle="Impossibile leggere l'intestazione">
          {(d) => <Modulo i={d} />}
        </QueryView>
      ) : <EmptyState title="Non sei abilitato a vedere i prezzi netti: i preventivi ai tuoi clienti partono dal tuo costo." />}
    </>
  );
}

function Modulo({ i }: { i: Intestazione }) {
  const toast = useToast();
  const { session } = useShopSession();
  const { salva, carica, elimina } = useIntestazioneAzioni();
  const [versioneLogo, setVersioneLogo] = useState(() => Date.now());
  const modulo = useModulo(() => import('../../shared/preventivi-cliente.js').then((m) => m.intestazionePreventivi), {
    ragione_sociale: i.ragione_sociale, indirizzo: i.indirizzo, partita_iva: i.partita_iva,
  });
  const invia = async (e: FormEvent) => {
    e.preventDefault();
    if (salva.isPending) return;
    const esito = await modulo.valida(modulo.valori);
    if (!esito.ok) return;
    try {
      await salva.mutateAsync(esito.dati);
      toast.success('Intestazione salvata.');
    } catch (err) {
      if (!modulo.mostraDalServer(err)) toast.error(errorMessage(err));
    }
  };
  const scegli = async (f: File | undefined) => {
    if (!f) return;
    try {
      await carica.mutateAsync(f);
      setVersioneLogo(Date.now());
      toast.success('Logo caricato.');
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const togli = async () => {
    try {
      await elimina.mutateAsync();
      toast.success('Logo tolto.');
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <div className="pc-colonne">
      <form className="card card-body pc-sezione" onSubmit={(e) => void invia(e)} noValidate aria-label="Intestazione">
        <InputField label="Ragione sociale" required maxLength={L.testo} autoComplete="organization" {...modulo.campo('ragione_sociale')} />
        <TextareaField label="Indirizzo" rows={3} maxLength={L.note} {...modulo.campo('indirizzo')} />
        <InputField label="Partita IVA" maxLength={L.testo} autoComplete="off" {...modulo.campo('partita_iva')} />
        <div><button type="submit" className="btn btn-primary" disabled={salva.isPending}>Salva</button></div>
      </form>
      <section className="card card-body pc-sezione" aria-label="Logo">
        <h2>Logo</h2>
        {i.logo ? <img className="pc-logo" src={urlLogo(session, versioneLogo)} alt="Il tuo logo" /> : <p className="muted">Nessun logo caricato.</p>}
        <label className="btn pc-logo-scelta">
          {i.logo ? 'Cambia logo' : 'Carica logo'}
          <input type="file" accept={ACCEPT_IMMAGINI} className="visually-hidden" disabled={carica.isPending}
            onChange={(e) => { void scegli(e.target.files?.[0]); e.target.value = ''; }} />
        </label>
        {i.logo && <button type="button" className="btn btn-ghost" disabled={elimina.isPending} onClick={() => void togli()}>Togli logo</button>}
        <p className="muted">JPG, PNG, GIF o WebP fino a 10 MB: lo adattiamo e togliamo i dati nascosti (posizione, fotocamera).</p>
      </section>
    </div>
  );
}
