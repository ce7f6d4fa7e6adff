import type { Importazione } from '../../../shared/importazioni.js';
import { formatIntero } from '../../lib/formato';

const FASI: Record<string, string> = { lettura: 'lettura del file', verifica: 'verifica', scrittura: 'scrittura', ricerca: 'aggiornamento della ricerca' };

/** A run that has not ended: queued, or its phase with a bar (the share of the file read, while reading). */
export function AvanzamentoImport({ i }: { i: Importazione }) {
  const testo = i.stato === 'in_attesa'
    ? 'in coda'
    : `${i.fase ? FASI[i.fase] ?? i.fase : 'avvio'}${i.righe_lette ? ` · ${formatIntero(i.righe_lette)} righe` : ''}`;
  return (
    <div className="imp-incorso" role="status">
      <progress max={100} value={i.percentuale ?? undefined} aria-label={`Avanzamento dell'importazione ${i.id}`} />
      <span className="muted">{testo}</span>
    </div>
  );
}
