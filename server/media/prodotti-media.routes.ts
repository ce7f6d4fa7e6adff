import { prodottiMediaApi } from '../../shared/prodotti-media.js';
import { badRequest } from '../lib/errors.js';
import { routeGroup } from '../lib/route.js';
import { cancellaMedia, caricaMedia, elencoMedia, impostaPrincipale, togliFotoPrincipale } from './prodotti-media.service.js';

/** Photos and attachments of a product (admin product page). */
export const prodottiMediaRoutes = routeGroup(prodottiMediaApi, {
  carica: async ({ deps, admin, input, files }) => caricaMedia(
    deps.db, deps.archivio, deps.catalogo, admin, { codice: input.codice_prodotto, tipologia: input.tipologia, nome: input.nome }, files,
  ),
  elenco: async ({ deps, input }) => elencoMedia(deps.db, input.codice_prodotto, input.tipologia),
  cancella: async ({ deps, admin, input, req }) =>
    cancellaMedia(deps.db, deps.archivio, deps.catalogo, admin, input.codice_prodotto, input.media_id, req.log),
  impostaPrincipale: async ({ deps, admin, input }) =>
    impostaPrincipale(deps.db, deps.catalogo, admin, input.codice_prodotto, input.media_id),
  nessunaPrincipale: async ({ deps, admin, input }) => togliFotoPrincipale(deps.db, deps.catalogo, admin, input.codice_prodotto),
  // foto1, foto2, foto3 in that order, whatever order they came in; foto1 is the main photo.
  caricaFoto: async ({ deps, admin, input, files }) => {
    const campi = files.map((f) => f.campo);
    const doppio = campi.find((c, i) => campi.indexOf(c) !== i);
    if (doppio) throw badRequest(`Il campo ${doppio} può contenere una sola foto.`);
    const ordinati = [...files].sort((a, b) => a.campo.localeCompare(b.campo));
    return caricaMedia(
      deps.db, deps.archivio, deps.catalogo, admin, { codice: input.codice_prodotto, tipologia: 'foto', principale: campi.includes('foto1') }, ordinati,
    );
  },
});
