import { MB } from './upload.js';

/**
 * Bounds of one quick order (docs/regole/ordine-rapido.md#bounds): refused whole beyond them, never
 * cut. A line is a code and its quantity: one longer than maxCaratteriRiga is answered as too long
 * before it is split.
 */
export const ORDINE_RAPIDO = { maxRighe: 5_000, maxByte: 500 * 1024, maxFileBytes: 5 * MB, maxCaratteriRiga: 200 } as const;
