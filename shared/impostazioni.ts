import { z } from 'zod';
import { intParam } from './common.js';
import { contract } from './contract.js';
import { LIMITI_GIORNI_APPROVAZIONE } from './organizzazione-costanti.js';

/** A switch: 0 off, 1 on; "0"/"1" from a query string, true/false from a JSON body too. */
const interruttore = (name: string) => z.union([
  z.literal(0), z.literal(1), z.literal('0').transform(() => 0 as const), z.literal('1').transform(() => 1 as const),
  z.boolean().transform((b) => (b ? 1 : 0) as 0 | 1),
], { error: `${name} deve valere 0 o 1` });

export const stato01 = z.union([z.literal(0), z.literal(1)]);

/** How many days an order held for approval may wait at most (docs/regole/organizzazione.md#limits-and-approvals). */
const MSG_GIORNI = `giorni_approvazione: un numero intero di giorni da ${LIMITI_GIORNI_APPROVAZIONE.min} a ${LIMITI_GIORNI_APPROVAZIONE.max}`;

const giorni = () => intParam(MSG_GIORNI).pipe(z.number().min(LIMITI_GIORNI_APPROVAZIONE.min, MSG_GIORNI).max(LIMITI_GIORNI_APPROVAZIONE.max, MSG_GIORNI));

/** The settings of the admin page Impostazioni: two switches and the days an order waits for approval. */
export const impostazioniResponse = z.object({ manutenzione: stato01, approvazione_dispositivi: stato01, giorni_approvazione: z.number().int() });
export type ImpostazioniStato = z.infer<typeof impostazioniResponse>;

export const impostazioniUpdateRequest = z.object({
  manutenzione: interruttore('manutenzione').optional(),
  approvazione_dispositivi: interruttore('approvazione_dispositivi').optional(),
  giorni_approvazione: giorni().optional(),
}).refine((r) => r.manutenzione !== undefined || r.approvazione_dispositivi !== undefined || r.giorni_approvazione !== undefined, {
  message: 'Indicare manutenzione o approvazione_dispositivi (0 o 1), o giorni_approvazione',
});

/** The days field alone, for the admin page's form. */
export const giorniApprovazioneRequest = z.object({ giorni_approvazione: giorni() });

const T = 'Impostazioni';

/** Impostazioni (tecnico only, docs/regole/admin.md#settings): maintenance and device approval. */
export const impostazioniApi = {
  leggi: contract({
    path: 'impostazioni/read', methods: ['GET'], access: 'tecnico', tag: T,
    summary: 'Stato di manutenzione e approvazione dispositivi', response: impostazioniResponse,
  }),
  aggiorna: contract({
    path: 'impostazioni/update', methods: ['POST'], access: 'tecnico', tag: T,
    summary: "Cambia manutenzione e/o approvazione dispositivi; risponde lo stato dopo la modifica",
    input: impostazioniUpdateRequest, response: impostazioniResponse,
  }),
};
