import { impostazioniApi, type ImpostazioniStato } from '../../shared/impostazioni.js';
import { registraModifica } from '../audit/audit.service.js';
import { routeGroup } from '../lib/route.js';
import type { Chiave } from './impostazioni.service.js';

const stato = (s: Record<Chiave, boolean>): ImpostazioniStato => ({
  manutenzione: s.manutenzione ? 1 : 0, approvazione_dispositivi: s.approvazione_dispositivi ? 1 : 0,
});

export const impostazioniRoutes = routeGroup(impostazioniApi, {
  leggi: async ({ deps }) => stato(await deps.impostazioni.leggiTutte()),
  aggiorna: async ({ deps, admin, input }) => {
    try {
      return await deps.db.transaction(async (tx) => {
        const cambi: Partial<Record<Chiave, 0 | 1>> = {};
        if (input.manutenzione !== undefined) cambi.manutenzione = input.manutenzione;
        if (input.approvazione_dispositivi !== undefined) cambi.approvazione_dispositivi = input.approvazione_dispositivi;
        for (const [k, v] of Object.entries(cambi) as [Chiave, 0 | 1][]) await deps.impostazioni.set(k, v === 1, tx);
        await registraModifica(tx, admin, { azione: 'impostazioni.aggiorna', entita: 'impostazioni', dettagli: cambi });
        return stato(await deps.impostazioni.leggiTutte(tx));
      });
    } catch (err) {
      // set() remembered values that were not committed.
      deps.impostazioni.svuota();
      throw err;
    }
  },
});
