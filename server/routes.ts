import { agentiAdminRoutes, agentiRoutes } from './agenti/agenti.routes.js';
import { anagraficaRoutes } from './anagrafica/anagrafica.routes.js';
import { approvazioniRoutes } from './approvazioni/approvazioni.routes.js';
import { auditRoutes } from './audit/audit.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { budgetRoutes } from './budget/budget.routes.js';
import { carrelloRoutes } from './carrello/carrello.routes.js';
import { catalogoRoutes } from './catalogo/catalogo.routes.js';
import { contabilitaRoutes } from './contabilita/contabilita.routes.js';
import { contattiRoutes } from './contatti/contatti.routes.js';
import { erpRoutes } from './erp/erp.routes.js';
import { importazioniRoutes } from './import/importazioni.routes.js';
import { tokenRoutes } from './token/token.routes.js';
import { documentiRoutes } from './documenti/documenti.routes.js';
import { dispositiviRoutes } from './dispositivi/dispositivi.routes.js';
import { impostazioniRoutes } from './impostazioni/impostazioni.routes.js';
import { listeRoutes } from './liste/liste.routes.js';
import { listinoRoutes } from './listino/listino.routes.js';
import { mediaRoutes } from './media/media.routes.js';
import { prodottiMediaRoutes } from './media/prodotti-media.routes.js';
import { ordiniRoutes } from './ordini/ordini.routes.js';
import { preventiviRoutes } from './preventivi/preventivi.routes.js';
import { preventiviClienteRoutes } from './preventivi-cliente/preventivi-cliente.routes.js';
import { ordineRapidoRoutes } from './ordine-rapido/ordine-rapido.routes.js';
import { organizzazioneRoutes } from './organizzazione/organizzazione.routes.js';
import { resiRoutes } from './resi/resi.routes.js';
import { codiciClienteRoutes } from './codici-cliente/codici-cliente.routes.js';
import { statisticheRoutes } from './statistiche/statistiche.routes.js';
import { utentiRoutes } from './utenti/utenti.routes.js';

/** Every domain's calls: contracts from shared/ with their handlers (server/<domain>/*.routes.ts). */
export const API_ROUTES = [
  authRoutes, catalogoRoutes, mediaRoutes, ordiniRoutes, listeRoutes, contattiRoutes, auditRoutes,
  budgetRoutes, dispositiviRoutes, impostazioniRoutes, utentiRoutes, anagraficaRoutes, statisticheRoutes, erpRoutes, tokenRoutes, importazioniRoutes,
  prodottiMediaRoutes, ordineRapidoRoutes, codiciClienteRoutes, contabilitaRoutes, documentiRoutes, listinoRoutes, carrelloRoutes,
  organizzazioneRoutes,
  approvazioniRoutes,
  resiRoutes,
  preventiviRoutes,
  preventiviClienteRoutes,
  agentiRoutes, agentiAdminRoutes,
];
