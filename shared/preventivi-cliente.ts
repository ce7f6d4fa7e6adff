import { z } from 'zod';
import { codice, idParam, paginaDi, paginazione, testo, testoMultiriga } from './common.js';
import { carrelloResponse } from './carrello.js';
import { contract } from './contract.js';
import { MAX_FOTO_BYTES } from './upload.js';
import { ALIQUOTE_PREVENTIVO, TIPI_RIGA_PREVENTIVO } from './preventivi-cliente-calcolo.js';
import {
  LIMITI_PREVENTIVO_CLIENTE as L, MSG_PREVENTIVI_CLIENTE as MSG, STATI_PREVENTIVO_CLIENTE,
} from './preventivi-cliente-costanti.js';

/**
 * The installer's own quotes to their end customers (docs/regole/preventivi-cliente.md): the
 * client's documents, made by its users who may see net prices (permesso `prezzi_netti`), never
 * shown to the wholesaler's staff (every call is `cliente`: an admin session alone is not one).
 */

const scope = { utente_codice: codice, azienda_codice: codice, cliente_codice: codice };
const SCOPE = { azienda: 'azienda_codice', cliente: 'cliente_codice', utente: 'utente_codice' } as const;
const T = 'Preventivi ai clienti';
const P = 'preventivi_cliente' as const;

/** A decimal from a JSON number or the editor's text ("12,5"), at most `decimali` decimals, from 0 to `max`. */
const decimale = (nome: string, decimali: number, max: number) =>
  z.union([z.number(), z.string().trim().regex(/^\d+([.,]\d+)?$/, `${nome} non valido`).transform((s) => Number(s.replace(',', '.')))], {
    error: (i) => (i.input === undefined ? undefined : `${nome} non valido`),
  }).pipe(z.number().finite(`${nome} non valido`).min(0, `${nome} non può essere negativo`).max(max, `${nome} troppo alto`)
    .refine((n) => Math.abs(Math.round(n * 10 ** decimali) - n * 10 ** decimali) < 1e-6, `${nome}: al massimo ${decimali} decimali`));

const percento = (nome: string) => decimale(nome, 2, L.ricaricoMax);
const aliquota = z.union(ALIQUOTE_PREVENTIVO.map((a) => z.literal(a)), { error: 'Aliquota IVA non valida: 22, 10 o 4' });
const breve = (nome: string) => testo(`${nome} non valido`).trim().max(L.testo, `${nome} troppo lungo (massimo ${L.testo} caratteri)`);
const lungo = (nome: string) => testoMultiriga(`${nome} non valido`).max(L.note, `${nome} troppo lungo (massimo ${L.note} caratteri)`);

export const rigaPreventivoCliente = z.object({
  tipo: z.enum(TIPI_RIGA_PREVENTIVO),
  /** Catalogue lines: the product's code. */
  codice_prodotto: z.string().nullable(),
  descrizione: z.string(),
  /** The product's family (the key of a markup per category); '' for other lines. */
  categoria: z.string(),
  quantita: z.number(),
  /** Unit cost (net price when added, or a price given); labour: the hourly rate. */
  costo: z.number(),
  /** The line's own markup (percent); null: its family's or the general one. */
  ricarico: z.number().nullable(),
  aliquota,
  beni_significativi: z.boolean(),
  /** As computed: the markup applied, the selling unit price (3 decimals) and the amount (2). */
  ricarico_applicato: z.number(),
  prezzo: z.number(),
  importo: z.number(),
});
export type RigaPreventivoCliente = z.infer<typeof rigaPreventivoCliente>;

const quotaIva = z.object({ aliquota, imponibile: z.number(), imposta: z.number() });
export const calcoloPreventivoCliente = z.object({
  totale_righe: z.number(),
  sconto: z.number(),
  imponibile: z.number(),
  iva: z.array(quotaIva),
  beni_significativi: z.object({ valore_lavori: z.number(), valore_beni: z.number(), al_10: z.number(), al_22: z.number() }).nullable(),
  totale_iva: z.number(),
  totale: z.number(),
  costo: z.number(),
  margine: z.number(),
});

const ricaricoCategoria = z.object({ categoria: z.string(), ricarico: z.number() });

export const preventivoCliente = z.object({
  id: z.number().int(),
  anno: z.number().int(),
  numero: z.number().int(),
  stato: z.enum(STATI_PREVENTIVO_CLIENTE),
  /** Grows at each change: modifica sends the one it read. */
  versione: z.number().int(),
  cliente_finale_nome: z.string(),
  cliente_finale_indirizzo: z.string(),
  ricarico_generale: z.number(),
  ricarichi_categoria: z.array(ricaricoCategoria),
  sconto_percentuale: z.number(),
  note: z.string(),
  condizioni: z.string(),
  utente_nome: z.string(),
  /** ISO 8601, UTC. */
  created_at: z.string(),
  updated_at: z.string(),
  righe: z.array(rigaPreventivoCliente),
  calcolo: calcoloPreventivoCliente,
});
export type PreventivoCliente = z.infer<typeof preventivoCliente>;

export const preventivoClienteInElenco = preventivoCliente.pick({
  id: true, anno: true, numero: true, stato: true, cliente_finale_nome: true, utente_nome: true, updated_at: true,
}).extend({ totale: z.number(), righe_n: z.number().int() });
export type PreventivoClienteInElenco = z.infer<typeof preventivoClienteInElenco>;

export const preventiviClienteElencoQuery = z.object({
  ...scope, ...paginazione(L.pagina, 20),
  stato: z.enum(STATI_PREVENTIVO_CLIENTE, { error: 'Stato non valido' }).optional(),
});
export const preventiviClienteElencoResponse = paginaDi('preventivi', preventivoClienteInElenco);

export const unPreventivoCliente = z.object({ ...scope, id: idParam('Preventivo') });
export const preventivoClienteResponse = z.object({ preventivo: preventivoCliente });

const idempotency_key = testo().min(8).max(100).optional();

export const preventiviClienteCreaRequest = z.object({
  ...scope,
  /**
   * Where the first lines come from: none, the user's cart, or one of their lists (each at today's
   * net price), or a quote of the wholesaler with prices for the client (each at its quoted price).
   */
  da: z.enum(['vuoto', 'carrello', 'lista', 'preventivo'], { error: 'Origine non valida: vuoto, carrello, lista o preventivo' }),
  lista_id: idParam('Lista').optional(),
  /** With `preventivo`: the id of the wholesaler's quote (preventivi/dettaglio). */
  preventivo_id: idParam('Preventivo').optional(),
  /**
   * With `carrello`: the cart as the device holds it (its last change may still be on its way to
   * the server's cart); left out: the server's cart.
   */
  righe: z.array(z.object({ codice_prodotto: codice, quantita: decimale('Quantità', 2, L.quantitaMax).refine((n) => n > 0, 'Quantità non valida') }))
    .min(1, MSG.carrelloVuoto).max(L.righe, `Al massimo ${L.righe} righe`).optional(),
  cliente_finale_nome: breve('Nome del cliente').optional(),
  /** Or the Idempotency-Key header: the same key again answers the same quote. */
  idempotency_key,
}).refine((i) => i.da !== 'lista' || i.lista_id !== undefined, { message: 'Indica la lista (lista_id)', path: ['lista_id'] })
  .refine((i) => i.da !== 'preventivo' || i.preventivo_id !== undefined, { message: 'Indica il preventivo del grossista (preventivo_id)', path: ['preventivo_id'] });
export const preventiviClienteCreatoResponse = z.object({ id: z.number().int(), anno: z.number().int(), numero: z.number().int() });

export const preventiviClienteCopiaRequest = z.object({ ...scope, id: idParam('Preventivo'), idempotency_key });

/** A line as the editor sends it: a catalogue line without `costo` takes today's net price (and the product's description and family). */
export const rigaPreventivoClienteInput = z.object({
  tipo: z.enum(TIPI_RIGA_PREVENTIVO, { error: 'Tipo di riga non valido: catalogo, manodopera o libera' }),
  codice_prodotto: codice.optional(),
  descrizione: breve('Descrizione').optional(),
  categoria: breve('Categoria').optional(),
  quantita: decimale('Quantità', 2, L.quantitaMax).refine((n) => n > 0, 'Quantità non valida'),
  costo: decimale('Costo', 3, L.costoMax).optional(),
  ricarico: percento('Ricarico').nullable().optional(),
  aliquota,
  beni_significativi: z.boolean().default(false),
}).superRefine((r, ctx) => {
  if (r.tipo === 'catalogo' && !r.codice_prodotto) ctx.addIssue({ code: 'custom', message: 'Codice prodotto mancante', path: ['codice_prodotto'] });
  if (r.tipo !== 'catalogo' && !r.descrizione) ctx.addIssue({ code: 'custom', message: 'Descrizione mancante', path: ['descrizione'] });
  if (r.tipo !== 'catalogo' && r.costo === undefined) {
    ctx.addIssue({ code: 'custom', message: r.tipo === 'manodopera' ? 'Tariffa oraria mancante' : 'Prezzo mancante', path: ['costo'] });
  }
  if (r.beni_significativi && r.aliquota !== 10) ctx.addIssue({ code: 'custom', message: MSG.beniSoloAl10, path: ['beni_significativi'] });
  if (r.beni_significativi && r.tipo === 'manodopera') ctx.addIssue({ code: 'custom', message: MSG.beniSoloArticoli, path: ['beni_significativi'] });
});
export type RigaPreventivoClienteInput = z.input<typeof rigaPreventivoClienteInput>;

/** The quote's own fields, as the editor's form checks them too. */
export const testataPreventivoCliente = z.object({
  cliente_finale_nome: breve('Nome del cliente'),
  cliente_finale_indirizzo: lungo('Indirizzo'),
  ricarico_generale: percento('Ricarico generale'),
  ricarichi_categoria: z.array(z.object({ categoria: breve('Categoria').min(1, 'Categoria mancante'), ricarico: percento('Ricarico') }))
    .max(L.categorie).refine((rr) => new Set(rr.map((r) => r.categoria)).size === rr.length, MSG.categoriaDoppia),
  sconto_percentuale: decimale('Sconto', 2, 100),
  note: lungo('Note'),
  condizioni: lungo('Condizioni'),
});

export const preventiviClienteModificaRequest = testataPreventivoCliente.extend({
  ...scope,
  id: idParam('Preventivo'),
  versione: idParam('Versione'),
  righe: z.array(rigaPreventivoClienteInput).max(L.righe, `Al massimo ${L.righe} righe`),
});
export type PreventiviClienteModificaRequest = z.input<typeof preventiviClienteModificaRequest>;

export const preventiviClienteStatoRequest = z.object({
  ...scope, id: idParam('Preventivo'), stato: z.enum(STATI_PREVENTIVO_CLIENTE, { error: 'Stato non valido' }),
});

/** `righe`: the quote's products as the cart now holds them (priced today), for the device's copy of the cart. */
export const preventiviClienteNelCarrelloResponse = z.object({ righe_n: z.number().int(), msg: z.string(), righe: carrelloResponse.shape.righe });

export const intestazionePreventivi = z.object({
  ragione_sociale: breve('Ragione sociale'),
  indirizzo: lungo('Indirizzo'),
  partita_iva: breve('Partita IVA').regex(/^[A-Za-z0-9 ]*$/, 'Partita IVA non valida'),
});
export const intestazioneResponse = intestazionePreventivi.extend({ logo: z.boolean() });
export const intestazioneSalvaRequest = intestazionePreventivi.extend(scope);

/** The files themselves, not JSON. */
const pdfResponse = z.string().meta({ description: 'Il preventivo in PDF (application/pdf), in italiano, con la propria intestazione' });
const logoResponse = z.string().meta({ description: 'Il logo (image/png)' });

export const preventiviClienteApi = {
  elenco: contract({
    path: 'preventivi-cliente/elenco', methods: ['GET'], access: 'cliente', permesso: P, tag: T,
    summary: 'I preventivi del cliente ai suoi clienti, dal più recente', input: preventiviClienteElencoQuery,
    response: preventiviClienteElencoResponse, scope: SCOPE,
  }),
  dettaglio: contract({
    path: 'preventivi-cliente/dettaglio', methods: ['GET'], access: 'cliente', permesso: P, tag: T,
    summary: 'Un preventivo con le righe, i totali e la ripartizione IVA', input: unPreventivoCliente,
    response: preventivoClienteResponse, scope: SCOPE,
  }),
  crea: contract({
    path: 'preventivi-cliente/crea', methods: ['POST'], access: 'cliente', permesso: P, tag: T,
    summary: 'Un nuovo preventivo in bozza, vuoto, con le righe del carrello o di una lista al prezzo netto di oggi, o di un preventivo del grossista ai prezzi quotati (Idempotency-Key)',
    input: preventiviClienteCreaRequest, response: preventiviClienteCreatoResponse, scope: SCOPE,
  }),
  modifica: contract({
    path: 'preventivi-cliente/modifica', methods: ['POST'], access: 'cliente', permesso: P, tag: T,
    summary: 'Cambia un preventivo in bozza: testata e righe, tutte insieme, dalla versione letta', input: preventiviClienteModificaRequest,
    response: preventivoClienteResponse, scope: SCOPE,
  }),
  copia: contract({
    path: 'preventivi-cliente/copia', methods: ['POST'], access: 'cliente', permesso: P, tag: T,
    summary: 'Una copia in bozza di un preventivo, con gli stessi prezzi (Idempotency-Key)', input: preventiviClienteCopiaRequest,
    response: preventiviClienteCreatoResponse, scope: SCOPE,
  }),
  stato: contract({
    path: 'preventivi-cliente/stato', methods: ['POST'], access: 'cliente', permesso: P, tag: T,
    summary: 'Cambia lo stato: bozza, inviato, accettato, perso', input: preventiviClienteStatoRequest,
    response: preventivoClienteResponse, scope: SCOPE,
  }),
  nelCarrello: contract({
    path: 'preventivi-cliente/nel-carrello', methods: ['POST'], access: 'cliente', permesso: P, tag: T,
    summary: 'Mette nel carrello gli articoli di un preventivo accettato, ai prezzi di oggi', input: unPreventivoCliente,
    response: preventiviClienteNelCarrelloResponse, scope: SCOPE,
  }),
  pdf: contract({
    path: 'preventivi-cliente/pdf', methods: ['GET'], access: 'cliente', permesso: P, tag: T,
    summary: 'Il preventivo in PDF da mandare al cliente', input: unPreventivoCliente, response: pdfResponse, scope: SCOPE,
  }),
  intestazione: contract({
    path: 'preventivi-cliente/intestazione', methods: ['GET'], access: 'cliente', permesso: P, tag: T,
    summary: "L'intestazione dei preventivi del cliente", input: z.object(scope), response: intestazioneResponse, scope: SCOPE,
  }),
  salvaIntestazione: contract({
    path: 'preventivi-cliente/intestazione/salva', methods: ['POST'], access: 'cliente', permesso: P, tag: T,
    summary: "Salva l'intestazione dei preventivi", input: intestazioneSalvaRequest, response: intestazioneResponse, scope: SCOPE,
  }),
  logo: contract({
    path: 'preventivi-cliente/logo', methods: ['GET'], access: 'cliente', permesso: P, tag: T,
    summary: 'Il logo dei preventivi', input: z.object(scope), response: logoResponse, scope: SCOPE,
  }),
  caricaLogo: contract({
    path: 'preventivi-cliente/logo/carica', methods: ['POST'], access: 'cliente', permesso: P, tag: T,
    upload: { campi: ['logo'], maxFile: 1, maxBytes: MAX_FOTO_BYTES },
    summary: "Carica il logo (multipart: logo): un'immagine, riconosciuta dai byte, ripulita dai metadati",
    input: z.object(scope), response: intestazioneResponse, scope: SCOPE,
  }),
  eliminaLogo: contract({
    path: 'preventivi-cliente/logo/elimina', methods: ['POST'], access: 'cliente', permesso: P, tag: T,
    summary: 'Toglie il logo', input: z.object(scope), response: intestazioneResponse, scope: SCOPE,
  }),
};
