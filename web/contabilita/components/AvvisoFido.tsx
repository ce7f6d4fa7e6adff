import { useQuery } from '@tanstack/react-query';
import { useShopSession } from '../../session/shopSession';
import { situazioneQuery, testoAvvisoFido } from '../api';
import '../contabilita.css';

/**
 * The checkout's warning (docs/regole/contabilita.md#checkout-warning): the cart's net total past
 * what the credit line leaves, shown before confirmation; nothing without a credit line or while
 * the figures load.
 */
export function AvvisoFido({ totale }: { totale: number }) {
  const { session } = useShopSession();
  const { data } = useQuery(situazioneQuery(session));
  const testo = testoAvvisoFido(data, totale);
  if (!testo) return null;
  return <p role="status" className={`avviso-fido${data?.blocca_oltre_fido ? ' is-blocco' : ''}`}>{testo}</p>;
}
