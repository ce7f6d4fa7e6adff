import type { OutputOf } from '../../../shared/contract.js';
import type { importazioniApi } from '../../../shared/importazioni.js';

export { ERRORI_NEL_RAPPORTO, TIPI_IMPORT, type TipoImport } from '../../../shared/importazioni.js';
/** The answer of importazioni/carica: the run's record and its first refused rows. */
export type OutputOfRapporto = OutputOf<typeof importazioniApi.carica>;
