/** A barcode reader of the scan dialog (lettore.ts builds the one the browser allows). */
export interface Lettore {
  /** The code in the video's current frame, or null when none is read. */
  leggi: (video: HTMLVideoElement) => Promise<string | null>;
}
