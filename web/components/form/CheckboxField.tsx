import type { ComponentPropsWithRef } from 'react';
import { Field, type FieldProps } from './Field';

/** A checkbox before its label (the whole label toggles it). */
export function CheckboxField({ label, required, hint, error, disabled, className, id, ...input }:
  Omit<FieldProps, 'layout'> & Omit<ComponentPropsWithRef<'input'>, 'id' | 'className' | 'type'>) {
  return (
    <Field {...{ label, required, hint, error, disabled, className, id }} layout="check">
      {(control) => <input {...input} {...control} type="checkbox" />}
    </Field>
  );
}
