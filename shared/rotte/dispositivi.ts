import type { dispositiviApi } from '../dispositivi.js';
import { rotteDi } from '../chiamata.js';

/** The calls of shared/dispositivi.ts as the browser makes them: path and methods, no schema (shared/chiamata.ts). */
export const dispositiviRotte = rotteDi<typeof dispositiviApi>({
  tutti: { path: 'devices/all', methods: ['GET'] },
  perUtente: { path: 'devices/byuser', methods: ['GET'] },
  accetta: { path: 'device/accept', methods: ['POST'] },
  revoca: { path: 'device/revoke', methods: ['POST'] },
});
