import type { Importazione } from '../../../shared/importazioni.js';

/** The counts of a run, as a short list: read, new, changed, unchanged, withdrawn, refused. */
export function Conteggi({ i }: { i: Importazione }) {
  const n = (v: number) => v.toLocaleString('it-IT');
  return (
    <dl className="imp-conteggi">
      <div><dt>Lette</dt><dd>{n(i.righe_lette)}</dd></div>
      <div><dt>Nuove</dt><dd>{n(i.nuove)}</dd></div>
      <div><dt>Modificate</dt><dd>{n(i.modificate)}</dd></div>
      <div><dt>Invariate</dt><dd>{n(i.invariate)}</dd></div>
      <div><dt>Ritirate</dt><dd>{n(i.ritirate)}</dd></div>
      <div className={i.scartate > 0 ? 'is-ko' : undefined}><dt>Scartate</dt><dd>{n(i.scartate)}</dd></div>
    </dl>
  );
}
