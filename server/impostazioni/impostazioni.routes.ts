import { impostazioniApi, type ImpostazioniStato } from '../../shared/impostazioni.js';
import { routeGroup } from '../lib/route.js';
import { aggiornaImpostazioni, type Chiave } from './impostazioni.service.js';

const stato = (s: Record<Chiave, boolean>): ImpostazioniStato => ({
  manutenzione: s.manutenzione ? 1 : 0, approvazione_dispositivi: s.approvazione_dispositivi ? 1 : 0,
});

export const impostazioniRoutes = routeGroup(impostazioniApi, {
  leggi: async ({ deps }) => stato(await deps.impostazioni.leggiTutte()),
  aggiorna: async ({ deps, admin, input }) => {
    const cambi: Partial<Record<Chiave, 0 | 1>> = {};
    if (input.manutenzione !== undefined) cambi.manutenzione = input.manutenzione;
    if (input.approvazione_dispositivi !== undefined) cambi.approvazione_dispositivi = input.approvazione_dispositivi;
    return stato(await aggiornaImpostazioni(deps.db, deps.impostazioni, admin, cambi));
  },
});
