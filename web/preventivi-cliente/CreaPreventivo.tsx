import { useNavigate } from 'react-router-dom';
import { useToast } from '../components/Toast';
import { errorMessage } from '../lib/api';
import { paths } from '../paths';
import { usePermessi } from '../session/permessi';
import { usePreventiviAzioni } from './api';

type Origine =
  | { da: 'carrello'; righe: readonly { codice_prodotto: string; quantita: number }[] }
  | { da: 'lista'; lista_id: number }
  | { da: 'preventivo'; preventivo_id: number };

/**
 * 'Crea preventivo per un cliente' in the cart, on a list and on a wholesaler's quote with prices
 * for the client (docs/regole/preventivi-cliente.md#lines): a draft with the cart's lines as this
 * device holds them, or the list's products, at today's net price, or the quote's lines at their
 * quoted prices; then its editor. Only for who sees net prices.
 */
export function CreaPreventivo({ origine, disabled = false, className = 'btn btn-ghost btn-block' }: { origine: Origine; disabled?: boolean; className?: string }) {
  const puo = usePermessi().puo('preventivi_cliente');
  const { crea } = usePreventiviAzioni();
  const navigate = useNavigate();
  const toast = useToast();
  if (!puo) return null;
  const vuoto = origine.da === 'carrello' && origine.righe.length === 0;
  const vai = async () => {
    try {
      const r = await crea.mutateAsync(origine.da === 'carrello'
        ? { da: 'carrello', righe: origine.righe.map((x) => ({ codice_prodotto: x.codice_prodotto, quantita: x.quantita })) }
        : origine);
      void navigate(paths.preventiviClienteDettaglio.href({ id: r.id }));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <button type="button" className={className} disabled={disabled || vuoto || crea.isPending} onClick={() => void vai()}>
      Crea preventivo per un cliente
    </button>
  );
}
