import { MB } from './upload.js';

/** Bounds of one quick order (docs/regole/ordine-rapido.md#bounds): refused whole beyond them, never cut. */
export const ORDINE_RAPIDO = { maxRighe: 5_000, maxByte: 500 * 1024, maxFileBytes: 5 * MB } as const;
