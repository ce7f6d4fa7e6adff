import type { Readable } from 'node:stream';

/**
 * A file as a call's answer (an export): sent as a download of its type and name, streamed, never
 * parsed by the call's response schema (which only documents it).
 */
export class FileRisposta {
  constructor(readonly nome: string, readonly tipo: string, readonly corpo: Readable) {}
}
