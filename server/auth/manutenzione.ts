import { registraModifica } from '../audit/audit.service.js';
import { type Db, inTransazione } from '../db/client.js';
import type { AdminSessione } from './utente-sessione.js';

/** The switch it flips (impostazioni.service.ts's Impostazioni, which auth, below that domain, does not import). */
export interface SwitchManutenzione {
  toggle(chiave: 'manutenzione', db: Db): Promise<boolean>;
  svuota(): void;
}

/** manutenzione/cambia: flips maintenance with its audit record in one transaction; the new value. */
export async function cambiaManutenzione(db: Db, imp: SwitchManutenzione, admin: AdminSessione): Promise<boolean> {
  try {
    return await inTransazione(db, async (tx) => {
      const manutenzione = (await imp.toggle('manutenzione', tx)) ? 1 : 0;
      await registraModifica(tx, admin, { azione: 'manutenzione.cambia', entita: 'impostazioni', entitaId: 'manutenzione', dettagli: { manutenzione } });
      return manutenzione === 1;
    });
  } finally {
    // Reads while the transaction ran may have kept the value before it: forgotten once it has ended.
    imp.svuota();
  }
}
