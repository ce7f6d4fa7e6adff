import { useEffect, useState } from 'react';
import {
  ACCEPT_DOCUMENTI, ACCEPT_IMMAGINI, MAX_DOCUMENTO_BYTES, MAX_FOTO_BYTES, MSG_UPLOAD, nomeFileSicuro,
} from '../../../shared/upload.js';
import { Field } from '../../components/form/Field';
import { formatDimensione } from '../../lib/formato';
import { RigaSceltaFile } from '../../components/form/RigaSceltaFile';
import './file.css';

/** Pickers' first filters: the document may be any accepted kind, the cover only a photo. */
export const ACCEPT_DOCUMENTO = `${ACCEPT_DOCUMENTI},${ACCEPT_IMMAGINI}`;
export const ACCEPT_COVER = ACCEPT_IMMAGINI;

/** The pickers' hints, with the limits of shared/upload.ts. */
export const HINT_COVER = `JPG, PNG, GIF o WebP, fino a ${formatDimensione(MAX_FOTO_BYTES)}.`;
export const HINT_DOCUMENTO = `PDF, documenti Office, zip, testo o immagini, fino a ${formatDimensione(MAX_DOCUMENTO_BYTES)}.`;

const IMMAGINE = /\.(jpe?g|png|gif|webp)$/i;

/**
 * The browser's first check of a picked file, so that a 60 MB upload is not sent to be refused;
 * the server judges the kind from the bytes anyway.
 */
export function erroreFile(f: File, campo: 'file' | 'cover'): string | undefined {
  if (f.size === 0) return `Il file "${nomeFileSicuro(f.name)}" è vuoto.`;
  if (campo === 'cover') {
    if (!IMMAGINE.test(f.name)) return MSG_UPLOAD.soloImmagini;
    if (f.size > MAX_FOTO_BYTES) return MSG_UPLOAD.troppoGrande(nomeFileSicuro(f.name), MAX_FOTO_BYTES);
  } else if (f.size > MAX_DOCUMENTO_BYTES) {
    return MSG_UPLOAD.troppoGrande(nomeFileSicuro(f.name), MAX_DOCUMENTO_BYTES);
  }
  return undefined;
}

/** A picked image as an object URL for its preview, released when it changes or goes. */
export function useAnteprima(file: File | null | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file || !IMMAGINE.test(file.name)) {
      setUrl(undefined);
      return;
    }
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url;
}

/**
 * A file picker with its label: the input itself (hidden from sight, still the keyboard's and the
 * screen reader's control) behind an Italian 'Scegli file' button, since the browser's own button
 * speaks the browser's language; then the picked file's name and size, and for a cover its
 * preview. To empty it after an upload, give it a new `key`. Its own check's message first, else
 * the form's `error` (a server's refusal of the field: useModulo's `controllo`, with its `ref`).
 */
export function SceltaFile({ label, campo, file, onChange, required, hint, disabled, accept, controllo, error, ref }: {
  label: string;
  campo: 'file' | 'cover';
  file: File | null;
  onChange: (f: File | null) => void;
  required?: boolean;
  hint?: string;
  disabled?: boolean;
  /** Other kinds than the campo's (e.g. the import's CSV and XLSX), with their own first check. */
  accept?: string;
  controllo?: (f: File) => string | undefined;
  error?: string;
  ref?: (el: HTMLInputElement | null) => void | (() => void);
}) {
  const anteprima = useAnteprima(campo === 'cover' ? file : null);
  const errore = (file ? (controllo ?? ((f: File) => erroreFile(f, campo)))(file) : undefined) ?? error;
  return (
    <Field label={label} required={required} hint={hint} error={errore} disabled={disabled}>
      {(control) => (
        <div className="scelta-file">
          <RigaSceltaFile
            control={control}
            controlRef={ref}
            accept={accept ?? (campo === 'cover' ? ACCEPT_COVER : ACCEPT_DOCUMENTO)}
            disabled={disabled}
            scelta={file ? `${nomeFileSicuro(file.name)} · ${formatDimensione(file.size)}` : undefined}
            onFiles={(f) => onChange(f[0] ?? null)}
          />
          {anteprima && !errore && <img className="mm-copertina-anteprima" src={anteprima} alt="Anteprima della copertina" />}
        </div>
      )}
    </Field>
  );
}
