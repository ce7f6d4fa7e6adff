import { impostazioniApi, type ImpostazioniStato } from '../../shared/impostazioni.js';
import { routeGroup } from '../lib/route.js';
import { aggiornaImpostazioni, type Chiave, giorniApprovazione } from './impostazioni.service.js';

const stato = (s: Record<Chiave, boolean>, giorni: number): ImpostazioniStato => ({
  manutenzione: s.manutenzione ? 1 : 0, approvazione_dispositivi: s.approvazione_dispositivi ? 1 : 0, giorni_approvazione: giorni,
});

export const impostazioniRoutes = routeGroup(impostazioniApi, {
  leggi: async ({ deps }) => stato(await deps.impostazioni.leggiTutte(), await giorniApprovazione(deps.db)),
  aggiorna: async ({ deps, admin, input }) => {
    const cambi: Partial<Record<Chiave, 0 | 1>> = {};
    if (input.manutenzione !== undefined) cambi.manutenzione = input.manutenzione;
    if (input.approvazione_dispositivi !== undefined) cambi.approvazione_dispositivi = input.approvazione_dispositivi;
    const s = await aggiornaImpostazioni(deps.db, deps.impostazioni, admin, cambi, input.giorni_approvazione);
    return stato(s, await giorniApprovazione(deps.db));
  },
});
