import { MOTIVI_RESO, percentualePrevista, POLITICA_RESI_PREDEFINITA, type PoliticaResi } from '../../shared/resi-costanti.js';
import { registraModifica } from '../audit/audit.service.js';
import type { AdminSessione } from '../auth/utente-sessione.js';
import { type Db, inTransazione } from '../db/client.js';

/** The row of impostazioni that holds the returns' policy as JSON (the admin page Impostazioni writes it). */
export const CHIAVE_POLITICA = 'politica_resi';

/** The wholesaler's policy as stored, the default without a row. */
export async function leggiPolitica(db: Db): Promise<PoliticaResi> {
  const [r] = await db.$client<{ valore: string }[]>`SELECT valore FROM impostazioni WHERE chiave = ${CHIAVE_POLITICA}`;
  return r ? JSON.parse(r.valore) as PoliticaResi : POLITICA_RESI_PREDEFINITA;
}

/** What the policy foresees for a DDT of that age, for each reason (shown before the customer sends). */
export function anteprima(p: PoliticaResi, giorni: number) {
  return {
    giorni_ddt: giorni,
    ddt_reso_richiesto: p.ddt_reso_richiesto,
    percentuali: Object.fromEntries(MOTIVI_RESO.map((m) => [m, percentualePrevista(p, m, giorni)])) as Record<(typeof MOTIVI_RESO)[number], number | null>,
  };
}

/** resi/politica/salva: the new policy, with its audit record; requests from then on are judged by it. */
export async function salvaPolitica(db: Db, admin: AdminSessione, p: PoliticaResi): Promise<PoliticaResi> {
  await inTransazione(db, async (tx) => {
    const prima = await leggiPolitica(tx);
    await tx.$client`
      INSERT INTO impostazioni (chiave, valore) VALUES (${CHIAVE_POLITICA}, ${JSON.stringify(p)})
      ON CONFLICT (chiave) DO UPDATE SET valore = excluded.valore, updated_at = now()`;
    await registraModifica(tx, admin, { azione: 'resi.politica', entita: 'impostazioni', entitaId: CHIAVE_POLITICA, dettagli: { prima, dopo: p } });
  });
  return p;
}
