import { lazy, Suspense, useState } from 'react';
import { ListIcon } from '../../components/Icone';
import type { ProdottoPerListe } from './ListeDialog';

// The dialog (its form, the lists, the modal) is loaded when first opened: every product card has
// the button, but the shop's first load need not carry the dialog (docs/decisions/home2-primo-caricamento.md).
const ListeDialog = lazy(() => import('./ListeDialog').then((m) => ({ default: m.ListeDialog })));

export type { ProdottoPerListe } from './ListeDialog';

/**
 * The 'Liste' button of the product card (docs/regole/liste.md#list-screens): opens a dialog where the user ticks the
 * product in or out of each list, creates a list, renames one inline and deletes one.
 */
export function ListeDialogButton({ prodotto, className = 'btn btn-sm', label = 'Liste' }: {
  prodotto: ProdottoPerListe;
  className?: string;
  /** Visible text of the button (default 'Liste'). */
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-haspopup="dialog"
        title={`Liste: ${prodotto.codice_prodotto}`}
        onClick={() => setOpen(true)}
      >
        <ListIcon />
        {label}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ListeDialog prodotto={prodotto} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

