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
  const a = ordine.approvazione;
  if (!a) return null;
  const chiuso = a.stato === 'rifiutato' || a.stato === 'scaduto';
  return (
    <section className={`card card-body approvazione-ordine is-${a.stato}`} aria-label="Approvazione">
      <h2 className="approvazione-ordine-titolo">{TITOLI[a.stato]}</h2>
      <ul className="approvazione-ordine-righe">
        {a.superamento.map((s) => <li key={s.limite}>L'ordine {s.limite === 'ruolo' ? 'è stato ' : ''}{testoSuperamento(s)}.</li>)}
        {a.stato === 'in_attesa' && a.scade_at && <li>Gli approvatori possono decidere fino al {formatData(a.scade_at)}.</li>}
        {a.approvatore_nome && a.decisa_at && (
          <li>{a.stato === 'approvato' ? 'Approvato' : 'Rifiutato'} da <strong>{a.approvatore_nome}</strong> il {formatDataOraOrdine(a.decisa_at)}.</li>
        )}
        {a.motivo && <li>Motivo: <strong>{a.motivo}</strong></li>}
      </ul>
      {chiuso && (
        <button type="button" className="btn btn-primary" disabled={busy || ordine.prodotti.length === 0} aria-busy={busy} onClick={() => void riordina(ordine)}>
          {busy ? 'Un momento…' : 'Rimetti nel carrello'}
        </button>
      )}
    </section>
  );
}
