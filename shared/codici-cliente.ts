import { z } from 'zod';
import { codice, testo } from './common.js';
import { CODICE_CLIENTE_MAX } from './codici-cliente-costanti.js';
import { contract } from './contract.js';

/** Most products whose own codes one call reads (a page of a list). */
export const MAX_CODICI_LETTI = 100;

/** A client's own code as typed: 1–CODICE_CLIENTE_MAX characters with at least one letter or digit (codes compare on those). */
export const codiceCliente = testo('Codice cliente mancante').trim()
  .min(1, 'Codice cliente mancante').max(CODICE_CLIENTE_MAX, `Codice cliente troppo lungo (massimo ${CODICE_CLIENTE_MAX} caratteri)`)
  .regex(/[A-Za-z0-9]/, 'Il codice cliente deve contenere almeno una lettera o una cifra');

const scope = { azienda_codice: codice, cliente_codice: codice };

export const codiciClienteSalvaRequest = z.object({ ...scope, codice_prodotto: codice, codice: codiceCliente });
export const codiciClienteCancellaRequest = z.object({ ...scope, codice_prodotto: codice });
export const codiciClienteLeggiQuery = z.object({
  ...scope,
  /** Product codes, comma-separated. */
  prodotti: testo().max(MAX_CODICI_LETTI * 41, 'Troppi prodotti').transform((s) => [...new Set(s.split(',').map((c) => c.trim()).filter((c) => c !== ''))])
    .pipe(z.array(z.string()).max(MAX_CODICI_LETTI, `Al massimo ${MAX_CODICI_LETTI} prodotti per richiesta`)),
});
export const codiceClienteProdotto = z.object({ codice_prodotto: z.string(), codice: z.string() });
export type CodiceClienteProdotto = z.infer<typeof codiceClienteProdotto>;
export const codiciClienteLeggiResponse = z.object({ codici: z.array(codiceClienteProdotto) });

const T = 'Codici cliente';
const scopeCliente = { azienda: 'azienda_codice', cliente: 'cliente_codice' } as const;

/** The client's own product codes (docs/regole/ordine-rapido.md#own-codes): seen and changed by that client only. */
export const codiciClienteApi = {
  leggi: contract({
    path: 'codici-cliente/leggi', methods: ['GET'], access: 'cliente', tag: T,
    summary: 'I codici propri del cliente per i prodotti indicati', input: codiciClienteLeggiQuery,
    response: codiciClienteLeggiResponse, scope: scopeCliente,
  }),
  salva: contract({
    path: 'codici-cliente/salva', methods: ['POST'], access: 'cliente', tag: T,
    summary: 'Dà (o cambia) il codice proprio del cliente per un prodotto', input: codiciClienteSalvaRequest,
    response: codiceClienteProdotto, scope: scopeCliente,
  }),
  cancella: contract({
    path: 'codici-cliente/cancella', methods: ['POST'], access: 'cliente', tag: T,
    summary: 'Toglie il codice proprio del cliente da un prodotto', input: codiciClienteCancellaRequest,
    response: z.object({ codice_prodotto: z.string() }), scope: scopeCliente,
  }),
};
