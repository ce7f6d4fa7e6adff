import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  CAMPO_FILE_MEDIA, MAX_FILE_CARICAMENTO, NOME_ALLEGATO_MAX, type TipologiaMedia,
} from '../../../shared/prodotti-media-costanti.js';
import {
  ACCEPT_DOCUMENTI, ACCEPT_IMMAGINI, MAX_CARICAMENTO_MEDIA_BYTES, MAX_DOCUMENTO_BYTES, MAX_FOTO_BYTES, MSG_UPLOAD, primoControlloFile,
} from '../../../shared/upload.js';
import { InputField } from '../../components/form/InputField';
import { Field } from '../../components/form/Field';
import { useModulo } from '../../components/form/useModulo';
import { useToast } from '../../components/Toast';
import { errorMessage } from '../../lib/api';
import { formatDimensione } from '../../lib/formato';
import { useCaricaMedia } from './api';

/** Each kind's files, with the limits of its call (shared/upload.ts, prodotto/photo-upload's). */
const REGOLE = {
  foto: {
    famiglia: 'immagine', maxBytes: MAX_FOTO_BYTES, accept: ACCEPT_IMMAGINI,
    hint: `JPG, PNG, GIF o WebP, al massimo ${formatDimensione(MAX_FOTO_BYTES)} ciascuna; fino a ${MAX_FILE_CARICAMENTO} foto insieme.`,
  },
  allegato: {
    famiglia: 'documento', maxBytes: MAX_DOCUMENTO_BYTES, accept: ACCEPT_DOCUMENTI,
    hint: `PDF, Office, OpenDocument, ZIP, TXT o CSV, al massimo ${formatDimensione(MAX_DOCUMENTO_BYTES)} ciascuno; fino a ${MAX_FILE_CARICAMENTO} file insieme.`,
  },
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
 * prodotto/photo-upload's schema checks the name; its refusal of the name or of the files (their
 * part, `allegati[]`) shows at them.
 */
export function CaricaMedia({ codice, tipologia }: { codice: string; tipologia: TipologiaMedia }) {
  const regole = REGOLE[tipologia];
  const foto = tipologia === 'foto';
  const modulo = useModulo(
    () => import('../../../shared/prodotti-media.js').then((m) => m.caricaMediaInput), { nome: '' }, { file: [CAMPO_FILE_MEDIA] },
  );
  const [files, setFiles] = useState<File[]>([]);
  const [erroreServer, setErroreServer] = useState<string | null>(null);
  const [progresso, setProgresso] = useState<number | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [trascina, setTrascina] = useState(false);
  const carica = useCaricaMedia(codice, tipologia);
  const toast = useToast();
  const anteprime = useAnteprime(foto ? files : NESSUNO);
  const erroreId = useId();

  const erroreDi = (f: File) => primoControlloFile(regole.famiglia, [f], regole.maxBytes);
  const erroreFile = files.length > MAX_FILE_CARICAMENTO ? MSG_UPLOAD.troppiFile(MAX_FILE_CARICAMENTO)
    : primoControlloFile(regole.famiglia, files, regole.maxBytes, MAX_CARICAMENTO_MEDIA_BYTES);
  const occupato = carica.isPending;

  const aggiungi = (scelti: FileList | null) => {
    const nuovi = Array.from(scelti ?? []).filter((f) => !files.some((g) => chiave(g) === chiave(f)));
    setFiles([...files, ...nuovi]);
    setErroreServer(null);
    modulo.pulisci(CAMPO_FILE_MEDIA);
    // The same file can be chosen again after being removed.
    setInputKey((k) => k + 1);
  };
  const togli = (f: File) => {
    setFiles(files.filter((g) => g !== f));
    setErroreServer(null);
    modulo.pulisci(CAMPO_FILE_MEDIA);
  };

  const invia = async (e: FormEvent) => {
    e.preventDefault();
    setErroreServer(null);
    const esito = await modulo.valida({ codice_prodotto: codice, tipologia, ...(foto ? {} : { nome: modulo.valori.nome }) });
    if (!esito.ok) return;
    if (files.length === 0) {
      modulo.mostra({ [CAMPO_FILE_MEDIA]: MSG_UPLOAD.nessunFile });
      return;
    }
    if (erroreFile) return;
    setProgresso(0);
    try {
      const r = await carica.mutateAsync({ files, nome: esito.dati.nome, onProgress: (inviati, totale) => setProgresso(totale ? inviati / totale : 0) });
      toast.success(r.msg);
      setFiles([]);
      modulo.imposta('nome', '');
    } catch (err) {
      if (!modulo.mostraDalServer(err)) setErroreServer(errorMessage(err));
    } finally {
      setProgresso(null);
    }
  };

  // The files' message: the browser's check of the choice, else the form's (a refusal of them), else the server's other refusal.
  const errore = erroreFile ?? modulo.errori[CAMPO_FILE_MEDIA] ?? erroreServer;
  return (
    <form className="pmedia-carica" onSubmit={(e) => void invia(e)} noValidate aria-label={foto ? 'Carica foto' : 'Carica allegati'}>
      <h3 className="pmedia-carica-title">{foto ? 'Carica foto' : 'Carica allegati'}</h3>
      <div className="pmedia-carica-campi">
        {!foto && (
          <InputField
            label="Nome"
            required
            maxLength={NOME_ALLEGATO_MAX}
            {...modulo.campo('nome')}
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
                ref={modulo.controllo(CAMPO_FILE_MEDIA).ref}
                aria-invalid={errore ? true : undefined}
                aria-describedby={[control['aria-describedby'], errore && erroreId].filter(Boolean).join(' ') || undefined}
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
          <button type="button" className="btn" onClick={() => { setFiles([]); setErroreServer(null); modulo.pulisci(CAMPO_FILE_MEDIA); }}>
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
