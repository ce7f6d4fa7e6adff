import { testoSuperamento } from '../../shared/approvazioni-costanti.js';
import type { Ordine } from '../../shared/ordini.js';
import { formatData, formatDataOraOrdine } from '../lib/formato';
import { useRiordina } from '../ordini/useRiordina';

const TITOLI = {
  in_attesa: 'In attesa di approvazione',
  approvato: 'Approvato',
  rifiutato: 'Non approvato',
  scaduto: 'Approvazione scaduta',
} as const;

/**
 * An order's approval on its detail page (docs/regole/organizzazione.md#limits-and-approvals): the
 * limit it passed and by how much, who decided and when, the reason of a rejection; a rejected or
 * expired order's lines go back to the cart with one click (the reorder of the history).
 */
export function ApprovazioneOrdine({ ordine }: { ordine: Ordine }) {
  const { riordina, busy } = useRiordina();
  const stato = ordine.approvazione;
  if (!stato) return null;
  const chiuso = stato === 'rifiutato' || stato === 'scaduto';
  return (
    <section className={`card card-body approvazione-ordine is-${stato}`} aria-label="Approvazione">
      <h2 className="approvazione-ordine-titolo">{TITOLI[stato]}</h2>
      <ul className="approvazione-ordine-righe">
        {(ordine.approvazione_superamento ?? []).map((s) => <li key={s.limite}>L'ordine {s.limite === 'ruolo' ? 'è stato ' : ''}{testoSuperamento(s)}.</li>)}
        {stato === 'in_attesa' && ordine.approvazione_scade_at && <li>Gli approvatori possono decidere fino al {formatData(ordine.approvazione_scade_at)}.</li>}
        {ordine.approvatore_nome && ordine.approvazione_decisa_at && (
          <li>{stato === 'approvato' ? 'Approvato' : 'Rifiutato'} da <strong>{ordine.approvatore_nome}</strong> il {formatDataOraOrdine(ordine.approvazione_decisa_at)}.</li>
        )}
        {stato === 'scaduto' && ordine.approvazione_decisa_at && <li>Scaduta il {formatDataOraOrdine(ordine.approvazione_decisa_at)}.</li>}
        {ordine.approvazione_motivo && <li>Motivo: <strong>{ordine.approvazione_motivo}</strong></li>}
      </ul>
      {chiuso && (
        <button type="button" className="btn btn-primary" disabled={busy || ordine.prodotti.length === 0} aria-busy={busy} onClick={() => void riordina(ordine)}>
          {busy ? 'Un momento…' : 'Rimetti nel carrello'}
        </button>
      )}
    </section>
  );
}
