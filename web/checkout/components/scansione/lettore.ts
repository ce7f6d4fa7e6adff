/**
 * The barcode reader of the scan dialog (docs/decisions/scansione-codici.md): the browser's own
 * BarcodeDetector when it reads both EAN-13 and CODE128, else ZXing compiled to WebAssembly
 * (zxing-wasm), loaded by a dynamic import only now that the camera is open.
 */
import type { Lettore } from './tipi';

/** The part of the Barcode Detection API used here (not in TypeScript's DOM types). */
interface BarcodeDetectorNativo {
  detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClasse {
  new (opzioni: { formats: string[] }): BarcodeDetectorNativo;
  getSupportedFormats: () => Promise<string[]>;
}

const FORMATI = ['ean_13', 'code_128'];

/** The native detector, when the browser has one that reads both formats (Chrome on Android, Safari on macOS). */
async function nativo(): Promise<Lettore | null> {
  const Classe = (globalThis as { BarcodeDetector?: BarcodeDetectorClasse }).BarcodeDetector;
  if (!Classe) return null;
  const supportati = await Classe.getSupportedFormats().catch(() => [] as string[]);
  if (!FORMATI.every((f) => supportati.includes(f))) return null;
  const detector = new Classe({ formats: FORMATI });
  return { leggi: async (video) => (await detector.detect(video))[0]?.rawValue ?? null };
}

export async function creaLettore(): Promise<Lettore> {
  const lettore = await nativo();
  if (lettore) return lettore;
  const { lettoreZxing } = await import('./lettoreZxing');
  return lettoreZxing();
}
