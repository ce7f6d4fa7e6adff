import type { z } from 'zod';
import { MSG_PREVENTIVI } from '../../shared/preventivi-costanti.js';
import { preventiviApi, type preventiviDettaglioQuery } from '../../shared/preventivi.js';
import { urlPortale } from '../approvazioni/approvazioni.service.js';
import { clienteDelCatalogo, resolveScope } from '../auth/access.js';
import type { AdminSessione, ClienteSessione, UtenteSessione } from '../auth/utente-sessione.js';
import { badRequest, forbidden } from '../lib/errors.js';
import { FileRisposta } from '../lib/file-risposta.js';
import { routeGroup } from '../lib/route.js';
import { chiaveIdempotenza } from '../ordini/ordini.service.js';
import { giudicaAllegati, salvaAllegati } from './allegati.js';
import { pdfPreventivo } from './pdf-preventivo.js';
import { codaStaff, daLavorare, elencoCliente, leggiAllegato, leggiPreventivo } from './preventivi.queries.js';
import {
  accetta, domanda, giorniValidita, impostaGiorniValidita, prendi, revisione, riapri, richiedi, rifiuta, rispondi,
} from './preventivi.service.js';

/**
 * Whose quotes a 'sessione' call reads: staff any (clienteId null), a customer only their client's,
 * named by the scope codes (403 for codes not theirs).
 */
function lettore(s: { utente: UtenteSessione | undefined; admin: AdminSessione | undefined }, input: z.output<typeof preventiviDettaglioQuery>):
  { clienteId: number | null; netti: boolean; cliente?: ClienteSessione } {
  if (s.admin) return { clienteId: null, netti: true };
  const cliente = resolveScope(s.utente!, { azienda: input.azienda_codice, cliente: input.cliente_codice, utente: input.utente_codice });
  return { clienteId: cliente.id, netti: cliente.vedePrezzi, cliente };
}

export const preventiviRoutes = routeGroup(preventiviApi, {
  richiedi: async ({ deps, input, utente, cliente, files }) => {
    const allegati = await giudicaAllegati(files);
    return richiedi(deps.db, { utente }, cliente, input, (tx, id) => salvaAllegati(tx, id, allegati));
  },
  elenco: async ({ deps, input, cliente }) => elencoCliente(deps.db, cliente.id, cliente.vedePrezzi, input),
  dettaglio: async ({ deps, input, utente, admin }) => {
    const l = lettore({ utente, admin }, input);
    const preventivo = await leggiPreventivo(deps.db, input.id, l.clienteId, l.netti);
    if (!preventivo) throw forbidden(MSG_PREVENTIVI.sconosciuto);
    return { preventivo };
  },
  allegato: async ({ deps, input, utente, admin }) => {
    const l = lettore({ utente, admin }, input);
    const a = await leggiAllegato(deps.db, input.id, input.allegato_id, l.clienteId);
    if (!a) throw forbidden(MSG_PREVENTIVI.sconosciuto);
    return new FileRisposta(a.nome.replace(/[^\w.-]/g, '_'), a.mime, a.contenuto);
  },
  pdf: async ({ deps, input, utente, admin }) => {
    const l = lettore({ utente, admin }, input);
    return pdfPreventivo(deps.db, input.id, input.versione, l.clienteId, l.netti);
  },
  accetta: async ({ deps, input, req, utente, cliente }) => {
    const key = chiaveIdempotenza(req.headers['idempotency-key'], input.idempotency_key);
    if (key === null) throw badRequest('Idempotency-Key non valida.');
    return accetta(deps.db, deps.config.erp, utente, cliente, input, key, req.log, urlPortale(deps.config));
  },
  revisione: async ({ deps, input, utente, cliente }) => revisione(deps.db, utente, cliente, input.id, input.messaggio, urlPortale(deps.config)),
  rifiuta: async ({ deps, input, utente, cliente }) => rifiuta(deps.db, utente, cliente, input.id, input.motivo, urlPortale(deps.config)),
  coda: async ({ deps, input, admin }) => codaStaff(deps.db, admin.id, input),
  contatore: async ({ deps }) => ({ da_lavorare: await daLavorare(deps.db) }),
  crea: async ({ deps, input, req, admin }) => {
    const key = chiaveIdempotenza(req.headers['idempotency-key'], input.idempotency_key);
    if (key === null) throw badRequest('Idempotency-Key non valida.');
    const cliente = await clienteDelCatalogo(deps.db, { azienda: input.azienda_codice, cliente: input.cliente_codice });
    if (cliente.id === 0) throw badRequest(MSG_PREVENTIVI.clienteSconosciuto);
    return richiedi(deps.db, { admin, chiave: key, perConto: input.utente_id }, cliente, input);
  },
  prendi: async ({ deps, input, admin }) => prendi(deps.db, admin, input.id),
  rispondi: async ({ deps, input, admin }) => rispondi(deps.db, admin, input, urlPortale(deps.config)),
  domanda: async ({ deps, input, admin }) => domanda(deps.db, admin, input.id, input.messaggio, urlPortale(deps.config)),
  validita: async ({ deps }) => ({ giorni_validita: await giorniValidita(deps.db) }),
  impostaValidita: async ({ deps, input, admin }) => impostaGiorniValidita(deps.db, admin, input.giorni_validita),
  riapri: async ({ deps, input, admin }) => riapri(deps.db, admin, input.id, input.validita, urlPortale(deps.config)),
});
