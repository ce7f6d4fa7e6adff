import type { Importazione } from '../../../shared/importazioni.js';
import { formatIntero } from '../../lib/formato';

/** The counts of a run, as a short list: read, new, changed, unchanged, withdrawn, refused. */
export function Conteggi({ i }: { i: Importazione }) {
  return (
    <dl className="imp-conteggi">
      <div><dt>Lette</dt><dd>{formatIntero(i.righe_lette)}</dd></div>
      <div><dt>Nuove</dt><dd>{formatIntero(i.nuove)}</dd></div>
      <div><dt>Modificate</dt><dd>{formatIntero(i.modificate)}</dd></div>
      <div><dt>Invariate</dt><dd>{formatIntero(i.invariate)}</dd></div>
      <div><dt>Ritirate</dt><dd>{formatIntero(i.ritirate)}</dd></div>
      <div className={i.scartate > 0 ? 'is-ko' : undefined}><dt>Scartate</dt><dd>{formatIntero(i.scartate)}</dd></div>
    </dl>
  );
}
