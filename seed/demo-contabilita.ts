/**
 * Demo credit lines and payment schedules (docs/regole/contabilita.md), dates relative to `now`:
 * Mario's client (Ferramenta Rossi, 0001/001001) has a 20.000 € line with an overdue transfer, an
 * unpaid RiBa, a RiBa presented and not yet due, open RiBa and a paid item; Giulia's first client
 * a smaller line with 'blocca oltre fido'. The schedule was last sent two days ago: orders since
 * then count as not yet invoiced.
 */
import type postgres from 'postgres';
import { copyObjects } from '../server/db/copy.js';

const giorno = (now: Date, delta: number) => new Date(now.getTime() + delta * 86_400_000).toISOString().slice(0, 10);

const FIDI = [
  { cliente: 1, fido: '20000.00', blocca: false },
  { cliente: 2, fido: '8000.00', blocca: true },
];

const SCADENZE = [
  { cliente: 1, documento: 'FT 2026/0298', giorni: -60, importo: '1950.00', modalita: 'MP05', stato: 'pagata' },
  { cliente: 1, documento: 'FT 2026/0377', giorni: -33, importo: '1185.40', modalita: 'MP12', stato: 'insoluta' },
  { cliente: 1, documento: 'FT 2026/0412', giorni: -18, importo: '2340.80', modalita: 'MP05', stato: 'aperta' },
  { cliente: 1, documento: 'FT 2026/0455', giorni: 12, importo: '3120.00', modalita: 'MP12', stato: 'pagata' },
  { cliente: 1, documento: 'FT 2026/0501', giorni: 42, importo: '2870.50', modalita: 'MP12', stato: 'aperta' },
  { cliente: 1, documento: 'FT 2026/0501', giorni: 72, importo: '2870.50', modalita: 'MP12', stato: 'aperta' },
  { cliente: 2, documento: 'FT 2026/0460', giorni: 25, importo: '4410.00', modalita: 'MP12', stato: 'aperta' },
];

export async function seedContabilita(tx: postgres.TransactionSql, now: Date): Promise<void> {
  const aggiornata = new Date(now.getTime() - 2 * 86_400_000).toISOString();
  for (const f of FIDI) {
    await tx`UPDATE clienti SET fido = ${f.fido}, blocca_oltre_fido = ${f.blocca}, contabilita_aggiornata_at = ${aggiornata}::timestamptz WHERE id = ${f.cliente}`;
  }
  await copyObjects(tx, 'scadenze', SCADENZE.map((s) => ({
    cliente_id: s.cliente, documento: s.documento, data_scadenza: giorno(now, s.giorni), importo: s.importo, modalita: s.modalita, stato: s.stato,
  })));
}
