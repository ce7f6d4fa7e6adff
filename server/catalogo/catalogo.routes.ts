import { catalogoApi } from '../../shared/catalogo.js';
import { MSG_CATALOGO } from '../../shared/catalogo-costanti.js';
import type { ClienteSessione } from '../auth/utente-sessione.js';
import type { Deps } from '../deps.js';
import { notFound } from '../lib/errors.js';
import { routeGroup } from '../lib/route.js';
import {
  alberoCategorie, categoriaIdByCodice, elencoMarchi, elencoVolantini, infoMarchio, type Pagina, toPagina,
} from './catalogo.service.js';
import { cambiaStatoCategoria, modificaProdotto } from './gestione.service.js';
import {
  type Elenco, elencoCategoria, elencoCustom, elencoMarchio, elencoNovita, elencoVolantino, idByCodice, prodottiCasuali,
  ultimiOrdinati,
} from './pagine.queries.js';
import { prezziDi } from './prezzi.js';
import { leggiProdotti } from './prodotti.queries.js';
import { cercaProdotti, ricercaSource } from './ricerca.queries.js';
import { codiceClienteCercato } from '../codici-cliente/codici-cliente.service.js';

interface PageInput { start: number; limit: number }

/** A browse list's page of ids with its total. */
const page = async (e: Elenco, i: PageInput): Promise<Pagina> => {
  const [prodotti, totale] = await Promise.all([e.pagina(i.start, i.limit), e.totale()]);
  return { prodotti, totale };
};

/** A paged product list priced for the call's client. */
const paged = <I extends PageInput>(pagina: (deps: Deps, i: I) => Promise<Pagina>) =>
  async ({ deps, input, cliente }: { deps: Deps; input: I; cliente: ClienteSessione }) =>
    toPagina(deps.db, deps.catalogo, prezziDi(cliente), await pagina(deps, input), input.start, input.limit);

export const catalogoRoutes = routeGroup(catalogoApi, {
  // Customers see the enabled categories; the admin's 'Gestione Categorie' every one, with its status.
  categorie: async ({ deps, admin }) => ({ categorie: await alberoCategorie(deps.db, admin === undefined) }),
  marchi: async ({ deps }) => elencoMarchi(deps.db),
  marchio: async ({ deps, input }) => infoMarchio(deps.db, input.brand_id),
  volantini: async ({ deps }) => ({ volantini: await elencoVolantini(deps.db) }),
  categoria: paged(async (deps, i) =>
    page(elencoCategoria(deps.db, deps.catalogo, await categoriaIdByCodice(deps.db, deps.catalogo, i.categoria_cod)), i)),
  volantino: paged(async (deps, i) => page(elencoVolantino(deps.db, deps.catalogo, i.volantino_id), i)),
  marchioProdotti: paged(async (deps, i) => page(elencoMarchio(deps.db, deps.catalogo, i.brand_id), i)),
  novita: paged(async (deps, i) => page(elencoNovita(deps.db, deps.catalogo), i)),
  ricerca: async ({ deps, input: i, cliente }) => toPagina(deps.db, deps.catalogo, prezziDi(cliente), {
    prodotti: ricercaSource(deps.db, i.stringa, cliente.id, i.start, i.limit),
    totaleVuota: async () => (await cercaProdotti(deps.db, i.stringa, cliente.id, i.start, i.limit)).total,
  }, i.start, i.limit, codiceClienteCercato(deps.db, cliente.id, i.stringa).then((codice_cliente) => ({ codice_cliente }))),
  ultimiOrdinati: async ({ deps, input, cliente, utente }) => {
    const ids = await ultimiOrdinati(deps.db, utente.id, cliente.id, input.limit);
    return { prodotti: await leggiProdotti(deps.db, deps.catalogo, prezziDi(cliente), ids) };
  },
  casuali: async ({ deps, input, cliente }) => ({
    prodotti: await leggiProdotti(deps.db, deps.catalogo, prezziDi(cliente), await prodottiCasuali(deps.db, input.limit)),
  }),
  custom: paged(async (deps, i) => page(elencoCustom(deps.db, deps.catalogo), i)),
  dettaglio: async ({ deps, input, cliente }) => {
    const id = await idByCodice(deps.db, input.codice_prodotto);
    if (id === undefined) throw notFound(MSG_CATALOGO.prodottoSconosciuto(input.codice_prodotto));
    const [prodotto] = await leggiProdotti(deps.db, deps.catalogo, prezziDi(cliente), [id]);
    return { prodotto: prodotto! };
  },
  perCodice: async ({ deps, input, cliente }) => {
    const id = await idByCodice(deps.db, input.codice_prodotto);
    return { prodotto: id === undefined ? [] : await leggiProdotti(deps.db, deps.catalogo, prezziDi(cliente), [id]) };
  },
  modificaProdotto: async ({ deps, admin, input }) => modificaProdotto(deps.db, deps.catalogo, admin, input),
  cambiaStatoCategoria: async ({ deps, admin, input }) => cambiaStatoCategoria(deps.db, deps.catalogo, admin, input.cod_cat),
});
