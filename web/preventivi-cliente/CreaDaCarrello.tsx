import { useNavigate } from 'react-router-dom';
import { useToast } from '../components/Toast';
import { errorMessage } from '../lib/api';
import { paths } from '../paths';
import { usePermessi } from '../session/permessi';
import { usePreventiviAzioni } from './api';

/**
 * The cart's 'Crea preventivo per un cliente' (docs/regole/preventivi-cliente.md#lines): a draft
 * with the cart's lines as this device holds them, at today's net price; only for who sees net prices.
 */
export function CreaDaCarrello({ righe, disabled }: { righe: readonly { codice_prodotto: string; quantita: number }[]; disabled: boolean }) {
  const puo = usePermessi().puo('prezzi_netti');
  const { crea } = usePreventiviAzioni();
  const navigate = useNavigate();
  const toast = useToast();
  if (!puo) return null;
  const vai = async () => {
    try {
      const r = await crea.mutateAsync({ da: 'carrello', righe: righe.map((x) => ({ codice_prodotto: x.codice_prodotto, quantita: x.quantita })) });
      void navigate(paths.preventiviClienteDettaglio.href({ id: r.id }));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <button type="button" className="btn btn-ghost btn-block" disabled={disabled || righe.length === 0 || crea.isPending} onClick={() => void vai()}>
      Crea preventivo per un cliente
    </button>
  );
}
