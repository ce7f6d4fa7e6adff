import type { FormatoListino } from './listino.js';

/** The name a download is saved under. */
export const nomeFileListino = (formato: FormatoListino) => `listino.${formato === 'metel' ? 'txt' : formato}`;
