import type { ComponentPropsWithRef } from 'react';
import { Field, type FieldProps } from './Field';

/** A multi-line text with its label (notes, messages, descriptions). */
export function TextareaField({ label, required, hint, error, disabled, className, id, ...textarea }:
  Omit<FieldProps, 'layout'> & Omit<ComponentPropsWithRef<'textarea'>, 'id' | 'className'>) {
  return (
    <Field {...{ label, required, hint, error, disabled, className, id }}>
      {(control) => <textarea {...textarea} {...control} className="textarea" />}
    </Field>
  );
}
