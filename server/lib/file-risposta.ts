import type { Readable } from 'node:stream';

/**
 * A file as a call's answer (an export, a document): sent as a download of its type and name (or,
 * `inline`, for the browser to show: a PDF whose bytes were checked), streamed, never parsed by the
 * call's response schema (which only documents it); a file drawn whole in memory (a PDF) as its bytes.
 */
export class FileRisposta {
  constructor(readonly nome: string, readonly tipo: string, readonly corpo: Readable | Buffer, readonly inline = false) {}
}
