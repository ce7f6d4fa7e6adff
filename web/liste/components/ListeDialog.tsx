import { PencilIcon } from '../../components/Icone';
import { useCallback, useState } from 'react';
import type { Lista } from '../../../shared/liste.js';
import { EmptyState } from '../../components/EmptyState';
import { CheckboxField } from '../../components/form/CheckboxField';
import { Modal } from '../../components/Modal';
import { PulsanteCestino } from '../../components/PulsanteCestino';
import { QueryView } from '../../components/QueryView';
import { Spinner } from '../../components/Spinner';
import { errorMessage } from '../../lib/api';
import { useListe, useListeMutations } from '../api';
import { MSG, useListeAzioni } from '../azioni';
import { ListaForm } from '../ListaForm';
import '../liste.css';

/** The product fields the lists dialog needs (any catalogue product or cart line has them). */
export interface ProdottoPerListe {
  id: number;
  codice_prodotto: string;
  titolo?: string;
}

/** The dialog of the card's 'Liste' button, loaded when first opened (it is not on a page's first load). */
export function ListeDialog({ prodotto, onClose }: { prodotto: ProdottoPerListe; onClose: () => void }) {
  const query = useListe();
  const [modifica, setModifica] = useState<Lista | null>(null);
  // The outcome of the last action only: every action clears it when it starts, so that
  // 'Prodotto Assegnato…' never stays beside a later rename or delete.
  const [stato, setStato] = useState<{ text: string; error?: boolean } | null>(null);
  const avvio = useCallback(() => setStato(null), []);
  const fineModifica = useCallback(() => setModifica(null), []);
  return (
    <Modal
      open
      onClose={onClose}
      size="wide"
      className="liste-dialog"
      title={
        <>
          Liste <span className="muted codice liste-dialog-code">{prodotto.codice_prodotto}</span>
        </>
      }
      footer={<button type="button" className="btn" onClick={onClose}>Chiudi</button>}
    >
      {prodotto.titolo && <p className="liste-dialog-product">{prodotto.titolo}</p>}
      <ListaForm modifica={modifica} onFineModifica={fineModifica} onAvvio={avvio} nomeVuoto={MSG.nomeNonInserito} compact />
      <p className={`liste-status${stato?.error ? ' is-error' : ''}`} role="status" aria-live="polite">
        {stato?.text ?? ''}
      </p>
      <QueryView
        query={query}
        loadingLabel="Caricamento liste…"
        isEmpty={(d) => d.liste.length === 0}
        empty={<EmptyState title={MSG.vuote}>Crea la prima lista con il modulo qui sopra.</EmptyState>}
      >
        {({ liste }) => (
          <ul className="liste-check" aria-label="Le tue liste">
            {liste.map((l) => (
              <ListaRiga
                key={l.id}
                lista={l}
                prodotto={prodotto}
                inModifica={modifica?.id === l.id}
                onModifica={() => {
                  avvio();
                  setModifica(l);
                }}
                onCancellata={() => modifica?.id === l.id && setModifica(null)}
                onAvvio={avvio}
                onStato={setStato}
              />
            ))}
          </ul>
        )}
      </QueryView>
    </Modal>
  );
}

function ListaRiga({ lista, prodotto, inModifica, onModifica, onCancellata, onAvvio, onStato }: {
  lista: Lista;
  prodotto: ProdottoPerListe;
  inModifica: boolean;
  onModifica: () => void;
  onCancellata: () => void;
  /** An action starts: the previous action's message goes. */
  onAvvio: () => void;
  onStato: (s: { text: string; error?: boolean }) => void;
}) {
  const { aggiungi, rimuovi } = useListeMutations();
  const { cancellaLista } = useListeAzioni();
  const [busy, setBusy] = useState(false);
  const presente = lista.prodotti.some((p) => p.prodotto_id === prodotto.id);

  const toggle = async (on: boolean) => {
    onAvvio();
    setBusy(true);
    try {
      const r = await (on ? aggiungi : rimuovi).mutateAsync({ lista_id: lista.id, prodotto_id: prodotto.id });
      onStato({ text: r.status === 0 ? (on ? MSG.assegnato : r.msg) : r.msg, error: r.status !== 0 });
    } catch (err) {
      onStato({ text: errorMessage(err), error: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className={`liste-check-row${inModifica ? ' is-editing' : ''}`}>
      <CheckboxField
        className="liste-check-field"
        label={
          <>
            <span className="liste-check-name">{lista.nome}</span>
            <span className="muted codice"> #{lista.id}</span>
            <span className="liste-check-count muted">
              {lista.prodotti.length === 1 ? '1 prodotto' : `${lista.prodotti.length} prodotti`}
            </span>
          </>
        }
        checked={presente}
        disabled={busy}
        onChange={(e) => void toggle(e.target.checked)}
      />
      {busy && <Spinner label="Aggiornamento…" />}
      <button type="button" className="btn btn-ghost icon-btn" aria-label={`Rinomina lista #${lista.id} ${lista.nome}`} title="Rinomina" onClick={onModifica}>
        <PencilIcon />
      </button>
      <PulsanteCestino
        label={`Cancella lista #${lista.id} ${lista.nome}`}
        title="Cancella"
        onClick={async () => {
          onAvvio();
          if (await cancellaLista(lista)) onCancellata();
        }}
      />
    </li>
  );
}
