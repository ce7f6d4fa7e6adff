import type { OutputOf } from '../../../shared/contract.js';
import { importazioniRotte } from '../../../shared/rotte/importazioni.js';

export { TIPI_IMPORT, type TipoImport } from '../../../shared/importazioni-costanti.js';
/** A run's report (importazioni/carica, importazioni/rapporto): its record and its first refused rows. */
export type OutputOfRapporto = OutputOf<typeof importazioniRotte.rapporto>;
