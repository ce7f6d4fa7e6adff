import type { ComponentPropsWithRef } from 'react';
import { Field, type FieldProps } from './Field';

/**
 * A one-line input with its label: text, email, password, number, tel, search, url, date.
 *   <InputField label="Email" type="email" required value={v} onChange={…} error={errori.email} />
 */
export function InputField({ label, required, hint, error, disabled, layout, className, id, type = 'text', ...input }:
  Omit<FieldProps, 'layout'> & { layout?: 'stacked' | 'inline' } & Omit<ComponentPropsWithRef<'input'>, 'id' | 'className' | 'type'> & {
    type?: 'text' | 'email' | 'password' | 'number' | 'tel' | 'search' | 'url' | 'date';
  }) {
  return (
    <Field {...{ label, required, hint, error, disabled, layout, className, id }}>
      {(control) => <input {...input} {...control} type={type} className="input" />}
    </Field>
  );
}
