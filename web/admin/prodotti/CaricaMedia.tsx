import { useEffect, useId, useState, type FormEvent } from 'react';
import { MSG_MEDIA, NOME_ALLEGATO_MAX, type TipologiaMedia } from '../../../shared/prodotti-media.js';
import {
  ACCEPT_DOCUMENTI, ACCEPT_IMMAGINI, MAX_CARICAMENTO_MEDIA_BYTES, MAX_DOCUMENTO_BYTES, MAX_FOTO_BYTES, MSG_UPLOAD, primoControlloFile,
} from '../../../shared/upload.js';
import { InputField } from '../../components/form/InputField';
import { Field } from '../../components/form/Field';
import { useToast } from '../../components/Toast';
import { errorMessage } from '../../lib/api';
import { formatDimensione } from '../../lib/formato';
import { useCaricaMedia } from './api';

const REGOLE = {
  foto: { famiglia: 'immagine', maxBytes: MAX_FOTO_BYTES, accept: ACCEPT_IMMAGINI, hint: 'JPG, PNG, GIF o WebP, al massimo 10 MB ciascuna; anche più foto insieme.' },
  allegato: { famiglia: 'documento', maxBytes: MAX_DOCUMENTO_BYTES, accept: ACCEPT_DOCUMENTI, hint: 'PDF, Office, OpenDocument, ZIP, TXT o CSV, al massimo 50 MB ciascuno.' },
} as const;

/** No previews (attachments): one array, so that the previews' effect does not run on every render. */
const NESSUNO: File[] = [];

const chiave = (f: File) => `${f.name}|${f.size}|${f.lastModified}`;

/** Local addresses of the chosen photos, for their previews; released when the choice changes. */
function useAnteprime(files: File[]): Map<File, string> {
  const [urls, setUrls] = useState(() => new Map<File, string>());
  useEffect(() => {
    const m = new Map(files.map((f) => [f, URL.createObjectURL(f)]));
    setUrls(m);
    return () => m.forEach((u) => URL.revokeObjectURL(u));
  }, [files]);
  return urls;
}

/**
 * The upload form of a product's photos or attachments: several files at once (added to the
 * choice, each removable), previews of the photos, the attachments' name, the browser's first
 * checks with the spec's messages, a progress bar, and the server's message when it refuses.
 */
export function CaricaMedia({ codice, tipologia }: { codice: string; tipologia: TipologiaMedia }) {
  const regole = REGOLE[tipologia];
  const foto = tipologia === 'foto';
  const [files, setFiles] = useState<File[]>([]);
  const [nome, setNome] = useState('');
  const [erroreNome, setErroreNome] = useState<string>();
  const [erroreServer, setErroreServer] = useState<string | null>(null);
  const [progresso, setProgresso] = useState<number | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [trascina, setTrascina] = useState(false);
  const carica = useCaricaMedia(codice, tipologia);
  const toast = useToast();
  const anteprime = useAnteprime(foto ? files : NESSUNO);
  const erroreId = useId();

  const erroreDi = (f: File) => primoControlloFile(regole.famiglia, [f], regole.maxBytes);
  const erroreFile = primoControlloFile(regole.famiglia, files, regole.maxBytes, MAX_CARICAMENTO_MEDIA_BYTES);
  const occupato = carica.isPending;

  const aggiungi = (scelti: FileList | null) => {
    const nuovi = Array.from(scelti ?? []).filter((f) => !files.some((g) => chiave(g) === chiave(f)));
    setFiles([...files, ...nuovi]);
    setErroreServer(null);
    // The same file can be chosen again after being removed.
    setInputKey((k) => k + 1);
  };
  const togli = (f: File) => {
    setFiles(files.filter((g) => g !== f));
    setErroreServer(null);
  };

  const invia = async (e: FormEvent) => {
    e.preventDefault();
    if (!foto && !nome.trim()) {
      setErroreNome(MSG_MEDIA.nomeObbligatorio);
      return;
    }
    if (files.length === 0) {
      setErroreServer(MSG_UPLOAD.nessunFile);
      return;
    }
    if (erroreFile) return;
    setErroreServer(null);
    setProgresso(0);
    try {
      const r = await carica.mutateAsync({ files, nome: nome.trim(), onProgress: (inviati, totale) => setProgresso(totale ? inviati / totale : 0) });
      toast.success(r.msg);
      setFiles([]);
      setNome('');
    } catch (err) {
      setErroreServer(errorMessage(err));
    } finally {
      setProgresso(null);
    }
  };

  const errore = erroreFile ?? erroreServer;
  return (
    <form className="pmedia-carica" onSubmit={(e) => void invia(e)} noValidate aria-label={foto ? 'Carica foto' : 'Carica allegati'}>
      <h3 className="pmedia-carica-title">{foto ? 'Carica foto' : 'Carica allegati'}</h3>
      <div className="pmedia-carica-campi">
        {!foto && (
          <InputField
            label="Nome"
            required
            value={nome}
            maxLength={NOME_ALLEGATO_MAX}
            onChange={(e) => {
              setNome(e.target.value);
              setErroreNome(undefined);
            }}
            error={erroreNome}
            disabled={occupato}
            className="pmedia-nome-field"
          />
        )}
        <Field label={foto ? 'Foto da caricare' : 'File da caricare'} hint={regole.hint} disabled={occupato} className="pmedia-file-field">
          {(control) => (
            <>
              <input
                key={inputKey}
                {...control}
                type="file"
                className="visually-hidden pmedia-file"
                multiple
                accept={regole.accept}
                onChange={(e) => aggiungi(e.target.files)}
              />
              {/* The browser's own button speaks the browser's language: a zone of ours, which also takes dropped files. */}
              <label
                htmlFor={control.id}
                className={`pmedia-drop${trascina ? ' is-sopra' : ''}`}
                onDragOver={(e) => {
                  e.preventDefault();
                  setTrascina(!occupato);
                }}
                onDragLeave={() => setTrascina(false)}
                onDrop={(e) => {
                  e.preventDefault();
                  setTrascina(false);
                  if (!occupato) aggiungi(e.dataTransfer.files);
                }}
              >
                <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                  <path d="M12 16V4M7 9l5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
                </svg>
                <span>
                  Trascina qui {foto ? 'le foto' : 'i file'} oppure <span className="pmedia-drop-link">scegli dal computer</span>
                </span>
              </label>
            </>
          )}
        </Field>
      </div>

      {files.length > 0 && (
        <ul className={foto ? 'pmedia-scelte pmedia-scelte-foto' : 'pmedia-scelte'} aria-label="File scelti">
          {files.map((f) => {
            const rifiutato = erroreDi(f);
            const url = anteprime.get(f);
            return (
              <li key={chiave(f)} className={rifiutato ? 'is-rifiutato' : undefined}>
                {foto && <span className="pmedia-anteprima">{url && !rifiutato && <img src={url} alt={`Anteprima di ${f.name}`} />}</span>}
                <span className="pmedia-scelta-testo">
                  <span className="pmedia-scelta-nome" title={f.name}>{f.name}</span>
                  <span className="pmedia-scelta-dim muted">{formatDimensione(f.size)}</span>
                </span>
                <button type="button" className="btn btn-ghost icon-btn" onClick={() => togli(f)} disabled={occupato} aria-label={`Togli ${f.name}`}>
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}

      {errore && (
        <p id={erroreId} className="pmedia-errore" role="alert">
          {errore}
        </p>
      )}

      <div className="pmedia-carica-piede">
        <button type="submit" className="btn btn-primary" disabled={occupato || files.length === 0 || !!erroreFile}>
          {files.length > 1 ? `Carica ${files.length} file` : 'Carica'}
        </button>
        {files.length > 0 && !occupato && (
          <button type="button" className="btn" onClick={() => { setFiles([]); setErroreServer(null); }}>
            Annulla
          </button>
        )}
        {progresso !== null && (
          <span className="pmedia-progresso" role="status">
            <progress value={progresso} max={1} aria-label="Avanzamento del caricamento" />
            <span className="muted">
              {progresso < 1 ? `Invio… ${Math.round(progresso * 100)}%` : foto ? 'Preparazione delle foto…' : 'Salvataggio…'}
            </span>
          </span>
        )}
      </div>
    </form>
  );
}
