import type { ComponentPropsWithRef } from 'react';
import { Field, type FieldProps } from './Field';

export interface SelectOption {
  value: string | number;
  label: string;
  disabled?: boolean;
}

/**
 * A choice from a list with its label.
 *   <SelectField label="Tipologia" options={[{ value: 'volantino', label: 'Volantino' }]} value={v} onChange={…} />
 * `placeholder` adds a first empty option (e.g. 'Seleziona…') for a choice not made yet.
 */
export function SelectField({ label, required, hint, error, disabled, layout, className, id, options, placeholder, ...select }:
  Omit<FieldProps, 'layout'> & { layout?: 'stacked' | 'inline' } & Omit<ComponentPropsWithRef<'select'>, 'id' | 'className' | 'children'> & {
    options: readonly SelectOption[];
    placeholder?: string;
  }) {
  return (
    <Field {...{ label, required, hint, error, disabled, layout, className, id }}>
      {(control) => (
        <select {...select} {...control} className="select">
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>{o.label}</option>
          ))}
        </select>
      )}
    </Field>
  );
}
