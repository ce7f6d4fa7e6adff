import type { tokenApi } from '../token.js';
import { rotteDi } from '../chiamata.js';

/** The calls of shared/token.ts as the browser makes them: path and methods, no schema (shared/chiamata.ts). */
export const tokenRotte = rotteDi<typeof tokenApi>({
  elenco: { path: 'token/list', methods: ['GET'] },
  crea: { path: 'token/create', methods: ['POST'] },
  revoca: { path: 'token/revoke', methods: ['POST'] },
});
