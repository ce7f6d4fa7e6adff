import type { ComponentPropsWithRef } from 'react';
import { LIMITI_ORDINE } from '../../shared/ordini-costanti.js';
import { InputField } from '../components/form/InputField';

/**
 * The order's 'Riferimento cantiere' (the customer's job-site reference), shared by the Speed
 * Checkout panel and /checkout: the field of their form (`modulo.campo('riferimento_cantiere')`,
 * on the one draft both keep, cart/bozzaOrdine.ts), with ordini/create's limit.
 */
export function RiferimentoCantiereField({ className, ...campo }: { className?: string; error?: string }
  & Pick<ComponentPropsWithRef<'input'>, 'value' | 'onChange' | 'ref'>) {
  return (
    <InputField
      className={className}
      label="Riferimento cantiere"
      hint={`Facoltativo, max ${LIMITI_ORDINE.riferimento_cantiere} caratteri`}
      maxLength={LIMITI_ORDINE.riferimento_cantiere}
      autoComplete="off"
      {...campo}
    />
  );
}
