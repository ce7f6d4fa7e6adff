/**
 * An answer already serialised to JSON, as pieces (large product pages are assembled from cached
 * JSON fragments kept as bytes). In production it is sent as one buffer built with a single
 * allocation, never as a string; in development and tests it is parsed and checked against the
 * route's response schema like any other answer.
 */
export class RawJson {
  constructor(readonly parts: readonly (string | Buffer)[]) {}

  bytes(): Buffer {
    let length = 0;
    for (const p of this.parts) length += typeof p === 'string' ? Buffer.byteLength(p) : p.length;
    const out = Buffer.allocUnsafe(length);
    let at = 0;
    for (const p of this.parts) at += typeof p === 'string' ? out.write(p, at) : p.copy(out, at);
    return out;
  }

  text(): string {
    return this.bytes().toString();
  }
}
