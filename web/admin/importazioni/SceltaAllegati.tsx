import { useRef } from 'react';
import { Field } from '../../components/form/Field';
import { formatDimensione } from '../../lib/formato';
import '../multimedia/file.css';

/**
 * The documenti kind's files beside its sheet (PDFs and FatturaPA XMLs, several at once), picked
 * as SceltaFile picks one: the input stays the keyboard's control behind an Italian button.
 */
export function SceltaAllegati({ file, onChange, disabled, errore }: {
  file: readonly File[];
  onChange: (f: File[]) => void;
  disabled?: boolean;
  errore?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const totale = file.reduce((s, f) => s + f.size, 0);
  return (
    <Field label="Allegati (i PDF e gli XML nominati dal CSV)" error={errore} disabled={disabled}>
      {(control) => (
        <div className="mm-picker">
          <div className="mm-picker-riga">
            <input
              {...control}
              ref={input}
              type="file"
              multiple
              className="mm-picker-input"
              accept=".pdf,.xml"
              onChange={(e) => onChange(Array.from(e.target.files ?? []))}
            />
            <span className={`btn btn-sm mm-picker-btn${disabled ? ' is-disabled' : ''}`} aria-hidden="true" onClick={() => !disabled && input.current?.click()}>
              Scegli file
            </span>
            <span className={`mm-picker-info${file.length ? '' : ' muted'}`}>
              {file.length ? `${file.length === 1 ? '1 file' : `${file.length} file`} · ${formatDimensione(totale)}` : 'Nessun file selezionato'}
            </span>
          </div>
        </div>
      )}
    </Field>
  );
}
