/**
 * An import's own process, started by avvia.ts: runs one file with the engine on connections and
 * a media store of its own and writes the run's progress on its record, under a memory ceiling of its own, so that
 * no file can take the web server's memory. It ends with its server: a server that dies, even
 * killed, closes the channel, and this process exits at once; Postgres then rolls back the run's
 * transaction (importa.ts: client_connection_check_interval).
 */
import { connect, type Db } from '../../db/client.js';
import { creaArchivio } from '../../lib/archivio/crea-archivio.js';
import { cartellaTemporanea } from '../../lib/upload/ricevi-file.js';
import type { Avanzamento } from '../esecuzione.js';
import { importa } from '../importa.js';
import type { EsitoFiglio, LavoroImport } from './messaggi.js';

/** Progress is written at most this often while reading (each write is one short UPDATE). */
const OGNI_MS = 500;

process.on('disconnect', () => process.exit(1));
process.once('message', (m) => void esegui(m as LavoroImport));

function avanzamento(db: Db): (a: Avanzamento) => void {
  let ultimo = 0;
  return (a) => {
    const ora = Date.now();
    if (a.fase === 'lettura' && ora - ultimo < OGNI_MS) return;
    ultimo = ora;
    const percentuale = a.quota === undefined ? null : Math.min(99, Math.floor(a.quota * 100));
    db.$client`UPDATE importazioni SET fase = ${a.fase}, percentuale = ${percentuale}, righe_lette = ${a.righe} WHERE id = ${a.id} AND stato = 'in_corso'`
      // stderr reaches the server's log (avvia.ts).
      .catch((err: unknown) => console.warn(`avanzamento importazione non registrato: ${(err as Error).message}`));
  };
}

async function esegui(l: LavoroImport): Promise<void> {
  const db = connect(l.databaseUrl, { max: 2, applicationName: `portale-import-${process.pid}` });
  // The store of the server's config, its own: the documenti kind keeps files there (folder or S3).
  const archivio = await creaArchivio(l.archivio);
  let esito: EsitoFiglio = { tipo: 'fatto' };
  try {
    const media = { archivio, tmpDir: cartellaTemporanea(l.archivio.mediaDir), urlPortale: l.urlPortale };
    await importa(db.db, l.percorso, { ...l.opzioni, media, onProgress: avanzamento(db.db) });
  } catch (err) {
    esito = { tipo: 'errore', messaggio: (err as Error).message };
  }
  await archivio.chiudi().catch(() => undefined);
  await db.close().catch(() => undefined);
  process.send!(esito, () => process.exit(0));
}
