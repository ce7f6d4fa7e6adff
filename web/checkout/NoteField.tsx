import type { ComponentPropsWithRef } from 'react';
import { LIMITI_ORDINE } from '../../shared/ordini-costanti.js';
import { TextareaField } from '../components/form/TextareaField';

/**
 * The order's 'Note', shared by the Speed Checkout panel and /checkout: the field of their form
 * (`modulo.campo('note')`, on the one draft both keep, cart/bozzaOrdine.ts), with ordini/create's limit.
 */
export function NoteField({ className, rows, ...campo }: { className?: string; rows: number; error?: string }
  & Pick<ComponentPropsWithRef<'textarea'>, 'value' | 'onChange' | 'ref'>) {
  return <TextareaField className={className} label="Note" rows={rows} maxLength={LIMITI_ORDINE.note} {...campo} />;
}
