import type { Db } from '../db/client.js';
import { tooManyRequests } from './errors.js';
import { FileRisposta } from './file-risposta.js';

/** What a refused export is told to wait, in seconds: a download of the whole catalogue takes a few. */
const RIPROVA_TRA_SECONDI = 5;

export interface LimitiEsportazioni {
  /** Exports at once in this process: also the size of the pool they run on. */
  massimo: number;
  /** Exports at once of one user in this process. */
  perUtente: number;
  /** A download whose client takes nothing for this long is cut (tagliaSeFermo). */
  fermoMaxMs: number;
}

const troppe = (msg: string) => tooManyRequests(msg, RIPROVA_TRA_SECONDI, 'troppe_richieste');

/**
 * The exports' budget in this process (docs/decisions/esportazioni-limitate.md): at most
 * `massimo` at once and `perUtente` for one user, beyond which 429 with Retry-After; each runs on
 * the exports' own pool (`db`, `massimo` connections), so that a download, however slow its
 * client, holds one of those and never one of the portal's. Counted per process: N processes
 * allow N × `massimo`.
 */
export class Esportazioni {
  #totale = 0;
  readonly #perUtente = new Map<number, number>();

  constructor(private readonly db: Db, readonly limiti: LimitiEsportazioni) {}

  /** Exports holding a place now. */
  get inCorso(): number {
    return this.#totale;
  }

  /**
   * Takes a place for the user (or refuses with 429), builds the file with the exports' handle,
   * and holds the place until the file's stream has closed: read to its end, broken by an error,
   * left by its client or cut as stalled. A failure before the file frees it at once.
   */
  async esegui(utenteId: number, crea: (db: Db) => Promise<FileRisposta>): Promise<FileRisposta> {
    const libera = this.#prendi(utenteId);
    let file: FileRisposta;
    try {
      file = await crea(this.db);
    } catch (err) {
      libera();
      throw err;
    }
    // A file already whole in memory holds nothing while it is sent.
    if (Buffer.isBuffer(file.corpo) || file.corpo.closed) libera();
    else file.corpo.once('close', libera);
    return new FileRisposta(file.nome, file.tipo, file.corpo, file.inline, this.limiti.fermoMaxMs);
  }

  #prendi(utenteId: number): () => void {
    const mie = this.#perUtente.get(utenteId) ?? 0;
    if (mie >= this.limiti.perUtente) {
      throw troppe(this.limiti.perUtente === 1
        ? "Hai già un'esportazione in corso: attendi che finisca e riprova."
        : `Hai già ${this.limiti.perUtente} esportazioni in corso: attendi che finiscano e riprova.`);
    }
    if (this.#totale >= this.limiti.massimo) throw troppe('Troppe esportazioni in corso: riprova tra qualche secondo.');
    this.#totale++;
    this.#perUtente.set(utenteId, mie + 1);
    let libero = false;
    return () => {
      if (libero) return;
      libero = true;
      this.#totale--;
      const n = (this.#perUtente.get(utenteId) ?? 1) - 1;
      if (n > 0) this.#perUtente.set(utenteId, n);
      else this.#perUtente.delete(utenteId);
    };
  }
}
