import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { MultimediaItem } from '../../../shared/media.js';
import { etichettaTipologia, MSG_MULTIMEDIA, TIPOLOGIA_BANNER } from '../../../shared/media-costanti.js';
import { BackButton } from '../../components/BackButton';
import { PaginaDettaglio } from '../../components/PaginaDettaglio';
import { useToast } from '../../components/Toast';
import { Scheda } from '../../components/Scheda';
import { useModulo } from '../../components/form/useModulo';
import { useConfirmAction } from '../../hooks/useConfirmAction';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { errorMessage } from '../../lib/api';
import { formatDataOra } from '../../lib/formato';
import { fileName, mediaUrl } from '../../lib/media';
import { paths } from '../../paths';
import { multimediaDettaglioQuery, useCancellaMultimedia, useSostituisciFile } from './api';
import { Copertina } from './Copertina';
import { Avanzamento, eAnnullato, useCaricamento } from './Avanzamento';
import { erroreFile, HINT_COVER, HINT_DOCUMENTO, SceltaFile } from './SceltaFile';
import { MultimediaForm } from './MultimediaForm';
import './multimedia.css';

/** The list a detail was opened from (navigation state), else the multimedia list. */
function useIndietro(): string {
  const state = useLocation().state as { indietro?: unknown } | null;
  return typeof state?.indietro === 'string' && state.indietro.startsWith('/admin/') ? state.indietro : paths.adminMultimedia.path;
}

/** The id of ?id=, or null when it is not one. */
function idDallaUrl(valore: string | null): number | null {
  return valore && /^[1-9]\d{0,9}$/.test(valore) && Number(valore) <= 2_147_483_647 ? Number(valore) : null;
}

/**
 * /admin/multimedia/dettaglio?id= (docs/regole/multimedia.md#multimedia-admin): the item as customers
 * get it, its fields to edit, its cover and document to replace or download, and its deletion
 * after a confirmation. The id is in the query string, so that a reload or back finds it.
 */
export function MultimediaDettaglioPage() {
  const [params] = useSearchParams();
  const id = idDallaUrl(params.get('id'));
  const tornaA = useIndietro();
  const query = useQuery({ ...multimediaDettaglioQuery(id ?? 0), enabled: id !== null });
  useDocumentTitle(query.data ? `Multimedia: ${query.data.nome}` : 'Multimedia');
  const indietro = <BackButton to={tornaA}>Torna all'elenco</BackButton>;
  return (
    <PaginaDettaglio
      query={query}
      titolo="Multimedia"
      indietro={indietro}
      errore={id === null ? MSG_MULTIMEDIA.nonTrovato : undefined}
      nonTrovato={MSG_MULTIMEDIA.nonTrovato}
    >
      {(item) => (
        <>
          <div className="page-head">
            <h1>{item.nome}</h1>
            {indietro}
          </div>
          <p className="page-sub">
            {etichettaTipologia(item.tipologia)} · caricato il {formatDataOra(item.created_at)}
          </p>
          <div className="mm-dettaglio">
            {/* A new answer (after a save) starts the form again from what is stored. */}
            <MultimediaForm key={`${item.nome}|${item.tipologia}|${item.descrizione}|${item.link}`} item={item} titolo="Dati" />
            <FileCard key={`${item.cover_file}|${item.link_file}`} item={item} />
          </div>
          <Cancella item={item} indietro={tornaA} />
        </>
      )}
    </PaginaDettaglio>
  );
}

/**
 * The item's files, replaced: a new cover and/or document, checked in the browser first; the call
 * (multimedia/file) takes only the item's id beside them, and its refusal of a file (the content's
 * rule, a kind not accepted) shows under that file's picker.
 */
function FileCard({ item }: { item: MultimediaItem }) {
  const toast = useToast();
  const sostituisci = useSostituisciFile(item.id);
  const { avanzamento, avvia, annulla } = useCaricamento();
  const modulo = useModulo(() => import('../../../shared/media.js').then((m) => m.multimediaIdRequest), {}, { file: ['file', 'cover'] });
  const banner = item.tipologia === TIPOLOGIA_BANNER;
  const [file, setFile] = useState<File | null>(null);
  const [cover, setCover] = useState<File | null>(null);
  const [errore, setErrore] = useState('');
  const inCorso = avanzamento !== null;
  const valido = (!!file || !!cover) && !(file && erroreFile(file, 'file')) && !(cover && erroreFile(cover, 'cover'));
  const documento = mediaUrl(item.link_folder, item.link_file);

  const carica = async (e: FormEvent) => {
    e.preventDefault();
    if (!valido || inCorso) return;
    setErrore('');
    if (!(await modulo.valida({ multimedia_id: item.id })).ok) return;
    try {
      const r = await avvia((onProgress, signal) => sostituisci.mutateAsync({ files: { file, cover }, onProgress, signal }));
      // The item's new answer remounts this card with empty pickers.
      toast.success(r.msg);
    } catch (err) {
      if (eAnnullato(err)) setErrore('Caricamento annullato.');
      else if (!modulo.mostraDalServer(err)) setErrore(errorMessage(err));
    }
  };

  return (
    <Scheda titolo={banner ? 'Copertina' : 'File'}>
      <form className="card-body mm-file-card" onSubmit={(e) => void carica(e)} noValidate aria-busy={inCorso}>
        <div className="mm-cover-box">
          <Copertina item={item} />
          {!item.cover_file && <p className="hint">Nessuna copertina: le pagine mostrano un'immagine generica.</p>}
        </div>
        {!banner && (
          <div className="mm-documento">
            <span className="label">Documento</span>
            {item.link_file ? (
              <>
                <span className="codice mm-documento-nome">{fileName(item.link_file)}</span>
                <span className="mm-azioni-file">
                  <a className="btn btn-sm" href={documento} download={fileName(item.link_file)}>Scarica</a>
                  <a className="btn btn-sm" href={documento} target="_blank" rel="noopener noreferrer">Apri</a>
                </span>
              </>
            ) : (
              <span className="muted">Nessun file</span>
            )}
          </div>
        )}
        {banner && item.link && (
          <p className="mm-documento">
            <span className="label">Porta a</span>
            <a className="codice mm-documento-nome" href={item.link} target="_blank" rel="noopener noreferrer">{item.link}</a>
          </p>
        )}
        <div className="mm-sostituisci">
          <SceltaFile
            label="Nuova copertina" campo="cover" file={cover} disabled={inCorso} hint={HINT_COVER} {...modulo.controllo('cover')}
            onChange={(f) => {
              setCover(f);
              modulo.pulisci('cover');
            }}
          />
          {!banner && (
            <SceltaFile
              label="Nuovo file" campo="file" file={file} disabled={inCorso} hint={HINT_DOCUMENTO} {...modulo.controllo('file')}
              onChange={(f) => {
                setFile(f);
                modulo.pulisci('file');
              }}
            />
          )}
        </div>
        {avanzamento && <Avanzamento {...avanzamento} />}
        {errore && <p className="inline-status is-error" role="alert">{errore}</p>}
        <div className="mm-azioni">
          {inCorso && <button type="button" className="btn" onClick={annulla}>Annulla</button>}
          <button type="submit" className="btn btn-primary" disabled={!valido || inCorso}>
            {inCorso ? 'Caricamento…' : banner ? 'Sostituisci copertina' : 'Sostituisci i file'}
          </button>
        </div>
      </form>
    </Scheda>
  );
}

function Cancella({ item, indietro }: { item: MultimediaItem; indietro: string }) {
  const navigate = useNavigate();
  const cancella = useCancellaMultimedia();
  const confermaEFai = useConfirmAction();
  const elimina = async () => {
    const fatto = await confermaEFai({
      question: MSG_MULTIMEDIA.conferma(item.nome),
      confirm: { danger: true, confirmLabel: 'Cancella', title: 'Cancella contenuto' },
      run: () => cancella.mutateAsync(item.id),
      failure: 'Errore nella cancellazione del contenuto',
    });
    if (fatto) void navigate(indietro, { replace: true });
  };
  return (
    <section className="card mm-cancella" aria-labelledby="mm-cancella">
      <div className="card-body">
        <div>
          <h2 id="mm-cancella">Cancella</h2>
          <p className="muted">Il contenuto sparisce dalle pagine dei clienti e i suoi file vengono eliminati.</p>
        </div>
        <button type="button" className="btn btn-danger" onClick={() => void elimina()} disabled={cancella.isPending}>
          Cancella contenuto
        </button>
      </div>
    </section>
  );
}
