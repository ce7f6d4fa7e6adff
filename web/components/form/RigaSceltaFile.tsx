import { useRef } from 'react';
import type { ControlProps } from './Field';
import './sceltaFile.css';

/**
 * A file input behind an Italian 'Scegli file' button, with what is chosen beside it: the input
 * stays the keyboard's control (Field's `control`), the button is the mouse's way to it. Every
 * file picker of the portal (admin uploads and imports, the quick order), inside a `Field`.
 */
export function RigaSceltaFile({ control, controlRef, accept, multiple, disabled, scelta, onFiles }: {
  control: ControlProps;
  /** The form's ref to the input (useModulo's `controllo`: the focus on its error). */
  controlRef?: (el: HTMLInputElement | null) => void | (() => void);
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  /** What is chosen ('fattura.pdf · 120 kB'); nothing chosen when absent. */
  scelta?: string;
  onFiles: (f: File[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="scelta-file-riga">
      <input
        {...control}
        ref={(el) => {
          input.current = el;
          return controlRef?.(el);
        }}
        type="file"
        multiple={multiple}
        className="scelta-file-input"
        accept={accept}
        onChange={(e) => onFiles(Array.from(e.target.files ?? []))}
      />
      <span className={`btn btn-sm scelta-file-btn${disabled ? ' is-disabled' : ''}`} aria-hidden="true" onClick={() => !disabled && input.current?.click()}>
        Scegli file
      </span>
      <span className={`scelta-file-info${scelta ? '' : ' muted'}`}>{scelta ?? 'Nessun file selezionato'}</span>
    </div>
  );
}
