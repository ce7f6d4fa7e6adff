import { auditRoutes } from './audit/audit.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { catalogoRoutes } from './catalogo/catalogo.routes.js';
import { contattiRoutes } from './contatti/contatti.routes.js';
import { listeRoutes } from './liste/liste.routes.js';
import { mediaRoutes } from './media/media.routes.js';
import { ordiniRoutes } from './ordini/ordini.routes.js';
import { statisticheRoutes } from './statistiche/statistiche.routes.js';

/** Every domain's calls: contracts from shared/ with their handlers (server/<domain>/*.routes.ts). */
export const API_ROUTES = [authRoutes, catalogoRoutes, mediaRoutes, ordiniRoutes, listeRoutes, contattiRoutes, auditRoutes, statisticheRoutes];
