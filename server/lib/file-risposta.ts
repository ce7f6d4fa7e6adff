import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';

/**
 * A file as a call's answer (an export, a document): sent as a download of its type and name (or,
 * `inline`, for the browser to show: a PDF whose bytes were checked), streamed, never parsed by the
 * call's response schema (which only documents it); a file drawn whole in memory (a PDF) as its bytes.
 * With `fermoMaxMs`, a download whose client takes nothing for that long is cut (tagliaSeFermo).
 */
export class FileRisposta {
  constructor(
    readonly nome: string, readonly tipo: string, readonly corpo: Readable | Buffer, readonly inline = false, readonly fermoMaxMs?: number,
  ) {}
}

/**
 * Cuts a download whose client has taken nothing for `ms`: the answer's writes waited that long for
 * a 'drain' that never came. A slow client that still reads drains now and then and is left alone.
 * The connection is reset (the kernel's buffers go at once, the client learns at once); Fastify
 * then destroys the file's stream, which ends what feeds it (an export's transaction and place).
 */
export function tagliaSeFermo(res: ServerResponse, ms: number, tagliato: () => void): void {
  let fermoDa: number | undefined;
  res.on('drain', () => { fermoDa = undefined; });
  const controllo = setInterval(() => {
    if (!res.writableNeedDrain) {
      fermoDa = undefined;
      return;
    }
    const ora = performance.now();
    fermoDa ??= ora;
    if (ora - fermoDa < ms) return;
    clearInterval(controllo);
    tagliato();
    try {
      res.socket?.resetAndDestroy();
    } catch {
      // Not a TCP socket (TLS): closed the ordinary way below.
    }
    if (!res.destroyed) res.destroy();
  }, Math.min(1000, Math.max(50, ms / 4)));
  controllo.unref();
  res.once('close', () => clearInterval(controllo));
}
