import type { PassoReso, Reso } from '../../../shared/resi.js';
import { ETICHETTE_STATO_RESO } from '../../../shared/resi-costanti.js';
import { type Column, DataTable } from '../../components/DataTable';
import { Scheda } from '../../components/Scheda';
import { formatDataOra, VUOTO } from '../../lib/formato';

const CHI: Record<PassoReso['autore_tipo'], string> = { cliente: 'Cliente', staff: 'Ufficio resi', erp: 'Gestionale (ERP)' };

const colonne: Column<PassoReso & { i: number }>[] = [
  { key: 'quando', header: 'Quando', className: 'nowrap', cell: (p) => <time dateTime={p.created_at}>{formatDataOra(p.created_at)}</time> },
  {
    key: 'passo', header: 'Passo',
    cell: (p) => (p.da === null ? ETICHETTE_STATO_RESO[p.a] : `${ETICHETTE_STATO_RESO[p.da]} → ${ETICHETTE_STATO_RESO[p.a]}`),
  },
  { key: 'chi', header: 'Chi', cell: (p) => <>{p.autore} <span className="muted">({CHI[p.autore_tipo]})</span></> },
  { key: 'nota', header: 'Note', cell: (p) => p.nota || VUOTO },
];

/**
 * A return's history (docs/regole/resi.md#history), the same on the customer's and the staff's
 * detail: every step, who made it, when, and what it added (a reason, the inspection, the credit note).
 */
export function StoricoReso({ reso }: { reso: Reso }) {
  return (
    <Scheda titolo="Storico del reso">
      <DataTable
        label={`Storico del reso ${reso.numero}`}
        className="reso-storico"
        rows={reso.storico.map((p, i) => ({ ...p, i }))}
        rowKey={(p) => p.i}
        columns={colonne}
        empty="Nessun passo registrato."
      />
    </Scheda>
  );
}
