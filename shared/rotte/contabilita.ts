import type { contabilitaApi } from '../contabilita.js';
import { rotteDi } from '../chiamata.js';

/** The calls of shared/contabilita.ts as the browser makes them: path and methods, no schema (shared/chiamata.ts). */
export const contabilitaRotte = rotteDi<typeof contabilitaApi>({
  situazione: { path: 'contabilita/situazione', methods: ['GET'] },
  cliente: { path: 'contabilita/cliente', methods: ['GET'] },
  blocco: { path: 'contabilita/blocco', methods: ['POST'] },
});
