import { useId, type ReactNode } from 'react';
import './form.css';

/** What a field gives its control: the id its label points at and the accessible state. */
export interface ControlProps {
  id: string;
  required?: boolean;
  disabled?: boolean;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface FieldProps {
  label: ReactNode;
  /** Marks the label with a red * (read as 'obbligatorio' through the control's required state). */
  required?: boolean;
  /** A line of help under the control. */
  hint?: ReactNode;
  /** The field's error, shown under it and announced with the control (aria-invalid). */
  error?: string;
  disabled?: boolean;
  /** 'stacked': label above (forms); 'inline': label beside (toolbars); 'check': box before its label. */
  layout?: 'stacked' | 'inline' | 'check';
  className?: string;
  /** The control's id (default: a generated one), e.g. to focus the first invalid field. */
  id?: string;
}

/**
 * A labelled form field: label, required mark, control, hint and error, tied together with
 * htmlFor/aria-describedby/aria-invalid. InputField, SelectField, TextareaField and CheckboxField
 * are built on it; pass any other control as `children(control)`.
 */
export function Field({ label, required, hint, error, disabled, layout = 'stacked', className, id, children }: FieldProps & {
  children: (control: ControlProps) => ReactNode;
}) {
  const ownId = useId();
  const controlId = id ?? ownId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const control = children({
    id: controlId, required, disabled, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy,
  });
  const labelEl = (
    <label htmlFor={controlId}>
      {label}
      {required && <span className="req" aria-hidden="true"> *</span>}
    </label>
  );
  return (
    <div className={`field field-${layout}${disabled ? ' is-disabled' : ''}${className ? ` ${className}` : ''}`}>
      {layout === 'check' ? <div className="field-check-row">{control}{labelEl}</div> : <>{labelEl}{control}</>}
      {hint && <span id={hintId} className="hint">{hint}</span>}
      {error && <span id={errorId} className="field-error">{error}</span>}
    </div>
  );
}
