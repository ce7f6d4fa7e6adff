import { useNavigate } from 'react-router-dom';
import { paths } from '../paths';
import type { RichiestaDaCopiare } from './RichiediPreventivoPage';

/**
 * "Richiedi preventivo" from a quick order's result or a list (issue 37 §1), or from an accepted
 * quote to the installer's own customer (§4): the request page opens with these lines, each still
 * to be changed there (quantity, target price, note) before it goes.
 */
export function RichiediPreventivo({ righe, className = 'btn', etichetta = 'Richiedi preventivo' }: {
  righe: RichiestaDaCopiare['righe']; className?: string; etichetta?: string;
}) {
  const navigate = useNavigate();
  return (
    <button type="button" className={className} disabled={righe.length === 0}
      onClick={() => void navigate(paths.preventiviRichiedi.path, { state: { copia: { righe, righe_libere: [] } satisfies RichiestaDaCopiare } })}>
      {etichetta}
    </button>
  );
}
