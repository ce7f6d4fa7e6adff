import { Field } from '../../components/form/Field';
import { formatDimensione } from '../../lib/formato';
import { RigaSceltaFile } from '../../components/form/RigaSceltaFile';

/**
 * The documenti kind's files beside its sheet (PDFs and FatturaPA XMLs, several at once), picked
 * as SceltaFile picks one: the input stays the keyboard's control behind an Italian button.
 */
export function SceltaAllegati({ file, onChange, disabled, errore, ref }: {
  file: readonly File[];
  onChange: (f: File[]) => void;
  disabled?: boolean;
  errore?: string;
  /** The form's ref to the input (useModulo's `controllo`). */
  ref?: (el: HTMLInputElement | null) => void | (() => void);
}) {
  const totale = file.reduce((s, f) => s + f.size, 0);
  return (
    <Field label="Allegati (i PDF e gli XML nominati dal CSV)" error={errore} disabled={disabled}>
      {(control) => (
        <div className="scelta-file">
          <RigaSceltaFile
            control={control}
            controlRef={ref}
            accept=".pdf,.xml"
            multiple
            disabled={disabled}
            scelta={file.length ? `${file.length === 1 ? '1 file' : `${file.length} file`} · ${formatDimensione(totale)}` : undefined}
            onFiles={onChange}
          />
        </div>
      )}
    </Field>
  );
}
