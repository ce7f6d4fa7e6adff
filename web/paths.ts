/**
 * Every route of the SPA (docs/regole/generale.md#routes) and the builders of its links. Screens never write
 * a path by hand: `paths.categoria.href('012', 'Cacciaviti')`, `<Route path={paths.home2.path}>`.
 * Detail screens keep the spec's path and name their item in the query string (prodotto ?codice=,
 * ordini/dettaglio, liste/dettaglio and admin/multimedia/dettaglio ?id=), so that a reload, back, a
 * bookmark or a shared link finds it; the customer's screens also take the item in navigation state,
 * to show it at once.
 */
type Query = Record<string, string | number | null | undefined>;

const enc = encodeURIComponent;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** A route without URL parameters; the optional query is appended to the link. */
function fixed<P extends string>(path: P) {
  return { path, href: (query?: Query) => withQuery(path, query) };
}

/** Paging parameters of the paged product lists (docs/regole/generale.md#pagination). */
export interface Paging {
  start?: number;
  limit?: number;
}

export const paths = {
  // Customer access
  login: fixed('/'),
  /** Alias of the customer login. */
  loginAlias: fixed('/login'),
  dispatcher: fixed('/dispatcher'),
  manutenzione: fixed('/manutenzione'),
  /** The password change a temporary password requires (docs/regole/accesso.md#temporary-passwords), before the shop. */
  cambiaPassword: fixed('/cambia-password'),
  /** 'Password dimenticata?': the e-mail to send a link to (docs/regole/accesso.md#password-reset). */
  passwordDimenticata: fixed('/password-dimenticata'),
  /** Where that link leads: its token in the fragment, a new password to choose. */
  reimpostaPassword: fixed('/reimposta-password'),
  /** An invitation's link (docs/regole/organizzazione.md#invites): its token in the query (?token=), a password to choose. */
  invito: fixed('/invito'),

  /** A sales agent's portfolio (docs/regole/agenti.md#portfolio). */
  agente: fixed('/agente'),
  /** A client of the portfolio: its codes in the query (?azienda_codice=&cliente_codice=). */
  agenteCliente: fixed('/agente/cliente'),

  // Shop
  home: fixed('/home'),
  home2: fixed('/home2'),
  categoria: {
    path: '/categoria/:id/:nome',
    href: (codCat: string, nome: string, paging?: Paging) => withQuery(`/categoria/${enc(codCat)}/${enc(nome)}`, { ...paging }),
  },
  ricerca: {
    path: '/ricerca',
    href: (q: { stringaRicerca: string } & Paging) => withQuery('/ricerca', { stringaRicerca: q.stringaRicerca, start: q.start ?? 0, limit: q.limit }),
  },
  /** Product detail: the product travels in navigation state. */
  prodotto: fixed('/prodotto'),
  checkout: fixed('/checkout'),
  /** Beyond the spec: the quick order from pasted lines or a file (docs/regole/ordine-rapido.md#page). */
  ordineRapido: fixed('/ordine-rapido'),
  mieiDati: fixed('/mieidati'),
  /** Beyond the spec: credit line and payment schedule (docs/regole/contabilita.md#page). */
  situazioneContabile: fixed('/situazione-contabile'),
  /** The Titolare's people, invitations and history (docs/regole/organizzazione.md#people). */
  laMiaAzienda: fixed('/la-mia-azienda'),
  ordini: fixed('/ordini'),
  /** The orders waiting for the user's approval (docs/regole/organizzazione.md#limits-and-approvals), for Titolare and Acquisti. */
  approvazioni: fixed('/approvazioni'),
  /** The installer's quotes to their own customers (docs/regole/preventivi-cliente.md), for who sees net prices. */
  preventiviCliente: fixed('/preventivi-cliente'),
  /** One of them, to change or send: its id in the query string (?id=). */
  preventiviClienteDettaglio: fixed('/preventivi-cliente/dettaglio'),
  /** The header and logo of those quotes. */
  preventiviClienteIntestazione: fixed('/preventivi-cliente/intestazione'),
  /** Order detail: the order travels in navigation state. */
  ordiniDettaglio: fixed('/ordini/dettaglio'),
  /** The client's quotes (issue 37): the list with its filters in the query string. */
  preventivi: fixed('/preventivi'),
  /** "Richiedi preventivo": the cart's lines, or an expired quote's in navigation state. */
  preventiviRichiedi: fixed('/preventivi/richiedi'),
  /** A quote: its id in the query string (?id=). */
  preventiviDettaglio: fixed('/preventivi/dettaglio'),
  /** The client's delivery notes, invoices and credit notes (docs/regole/documenti.md#page). */
  documenti: fixed('/documenti'),
  /** An invoice's FatturaPA as a readable page: the document in the query string (?id=), so that a reload finds it. */
  documentiFattura: fixed('/documenti/fattura'),
  /** The client's returns (docs/regole/resi.md); a new one from a DDT (?documento_id=), one return (?id=). */
  resi: fixed('/resi'),
  resiNuovo: fixed('/resi/nuovo'),
  resiDettaglio: fixed('/resi/dettaglio'),
  liste: fixed('/liste'),
  /** Beyond the spec: the customer's own price list as a file (docs/regole/listino.md#page). */
  listino: fixed('/listino'),
  /** List detail: the list travels in navigation state. */
  listeDettaglio: fixed('/liste/dettaglio'),
  marchi: fixed('/marchi'),
  marchiProdotti: {
    path: '/marchi-prodotti/:id/:descrizione',
    href: (brandCodice: string, descrizione: string, paging?: Paging) =>
      withQuery(`/marchi-prodotti/${enc(brandCodice)}/${enc(descrizione)}`, { ...paging }),
  },
  novita: fixed('/novita'),
  novitaProdotti: fixed('/novitaprodotti'),
  /** Alias of novitaprodotti used by some links. */
  prodottiNovita: fixed('/prodotti-novita'),
  novitaDispatcher: fixed('/novita-dispatcher'),
  nuoviInserimenti: fixed('/nuovi-inserimenti'),
  contatti: fixed('/contatti'),
  volantini: fixed('/volantini'),
  volantiniList: fixed('/volantini-list'),
  prodottiVolantino: {
    path: '/prodotti-volantino/:id',
    href: (volantinoId: string | number, paging?: Paging) => withQuery(`/prodotti-volantino/${enc(String(volantinoId))}`, { ...paging }),
  },
  tabelleComparative: fixed('/tabellecomparative'),
  catalogo: fixed('/catalogo'),
  prodotti: fixed('/prodotti'),

  // Admin
  adminLogin: fixed('/admin'),
  adminHome: fixed('/adminhome'),
  adminAziende: fixed('/admin/aziende'),
  adminClienti: fixed('/admin/clienti'),
  adminClienteDettaglio: {
    path: '/admin/cliente/dettaglio/:id',
    href: (id: string | number) => `/admin/cliente/dettaglio/${enc(String(id))}`,
  },
  adminUtenti: fixed('/admin/utenti'),
  adminAgenti: fixed('/admin/agenti'),
  adminAgenteDettaglio: fixed('/admin/agenti/dettaglio'),
  adminUtenteDettaglio: {
    path: '/admin/utenti/dettaglio/:id',
    href: (id: string | number) => `/admin/utenti/dettaglio/${enc(String(id))}`,
  },
  adminCategorie: fixed('/admin/categorie'),
  adminImpostazioni: fixed('/admin/impostazioni'),
  adminProdotti: fixed('/admin/prodotti'),
  adminProdottoDettaglio: {
    path: '/admin/prodotti/dettaglio/:codice_prodotto',
    href: (codiceProdotto: string) => `/admin/prodotti/dettaglio/${enc(codiceProdotto)}`,
  },
  /** Admin products of a category (category code and name). */
  adminProdottiCategoria: {
    path: '/admin/prodotti/:id/:nome',
    href: (codCat: string, nome: string, paging?: Paging) => withQuery(`/admin/prodotti/${enc(codCat)}/${enc(nome)}`, { ...paging }),
  },
  adminProdottiCustom: fixed('/admin/prodotti-custom'),
  adminStatistiche: fixed('/admin/statistiche'),
  /** The staff's queue of quotes (issue 37). */
  adminPreventivi: fixed('/admin/preventivi'),
  /** A quote for staff: its id in the query string (?id=), the answer form. */
  adminPreventivoDettaglio: fixed('/admin/preventivi/dettaglio'),
  /** Staff open a quote for a client (a phone request): the client, the lines, a message. */
  adminPreventivoNuovo: fixed('/admin/preventivi/nuovo'),
  adminBanner: fixed('/admin/banner'),
  adminMultimedia: fixed('/admin/multimedia'),
  /** Multimedia detail: the item's id in the query string. */
  adminMultimediaDettaglio: {
    path: '/admin/multimedia/dettaglio',
    href: (id: number) => withQuery('/admin/multimedia/dettaglio', { id }),
  },
  adminUserDevices: fixed('/admin/userdevice/list'),
  /** Beyond the spec: the orders' hand-over to the ERP. */
  adminOrdiniErp: fixed('/admin/ordini-erp'),
  /** Returns waiting for the staff (docs/regole/resi.md#states), and one return (?id=). */
  adminResi: fixed('/admin/resi'),
  adminResoDettaglio: fixed('/admin/resi/dettaglio'),
  /** Beyond the spec (tecnico): imports from the ERP's exports. */
  adminImportazioni: fixed('/admin/importazioni'),
} as const;
