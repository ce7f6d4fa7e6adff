import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { Lettore } from './tipi';

// The .wasm is one of our built assets: the library's default fetches it from a CDN, which the
// CSP (connect-src 'self') refuses and a shop on a site may not reach.
prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) } });

/** ZXing (zxing-cpp in WebAssembly) on the video's frames, drawn into one reused canvas. */
export function lettoreZxing(): Lettore {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  return {
    leggi: async (video) => {
      const { videoWidth: w, videoHeight: h } = video;
      if (!ctx || w === 0 || h === 0) return null;
      if (canvas.width !== w || canvas.height !== h) Object.assign(canvas, { width: w, height: h });
      ctx.drawImage(video, 0, 0, w, h);
      const letti = await readBarcodes(ctx.getImageData(0, 0, w, h), { formats: ['EAN13', 'Code128'], tryHarder: true, maxNumberOfSymbols: 1 });
      return letti.find((r) => r.isValid)?.text ?? null;
    },
  };
}
