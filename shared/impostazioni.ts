import { z } from 'zod';
import { contract } from './contract.js';

/** A switch: 0 off, 1 on; "0"/"1" from a query string, true/false from a JSON body too. */
const interruttore = (name: string) => z.union([
  z.literal(0), z.literal(1), z.literal('0').transform(() => 0 as const), z.literal('1').transform(() => 1 as const),
  z.boolean().transform((b) => (b ? 1 : 0) as 0 | 1),
], { error: `${name} deve valere 0 o 1` });

export const stato01 = z.union([z.literal(0), z.literal(1)]);

/** The switches of the admin page Impostazioni. */
export const impostazioniResponse = z.object({ manutenzione: stato01, approvazione_dispositivi: stato01 });
export type ImpostazioniStato = z.infer<typeof impostazioniResponse>;

export const impostazioniUpdateRequest = z.object({
  manutenzione: interruttore('manutenzione').optional(),
  approvazione_dispositivi: interruttore('approvazione_dispositivi').optional(),
}).refine((r) => r.manutenzione !== undefined || r.approvazione_dispositivi !== undefined, {
  message: 'Indicare manutenzione o approvazione_dispositivi (0 o 1)',
});

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
