/**
 * `npm run seed [-- --products N]`: migrates, loads the demo into an empty database and, with
 * --products, grows the catalogue to N products. Uses DATABASE_URL, else the embedded Postgres
 * in ${DATA_DIR:-.data}/postgres (started and stopped here).
 */
import path from 'node:path';
import { configFromEnv, parseEnv } from '../server/config.js';
import { connect } from '../server/db/client.js';
import { startEmbeddedPostgres, type EmbeddedDb } from '../server/db/embedded.js';
import { runMigrations } from '../server/db/migrate.js';
import { creaArchivio } from '../server/lib/archivio/crea-archivio.js';
import { isDatabaseEmpty, seedDemo } from './demo.js';
import { LARGE_CLIENTI, LARGE_UTENTI, seedLargeCatalogue } from './large.js';

const USAGE = `Uso: npm run seed -- [--products N] [--clienti N] [--utenti N]

  --products N   porta il catalogo a N prodotti (es. 200000) per i benchmark
  --clienti N    porta i clienti a N (con --products, default ${LARGE_CLIENTI})
  --utenti N     porta gli utenti clienti a N (con --products, default ${LARGE_UTENTI})
  --help         mostra questo aiuto

Variabili: DATABASE_URL (altrimenti Postgres integrato in DATA_DIR/postgres),
DATA_DIR (default .data), MEDIA_DIR (default DATA_DIR/media) o MEDIA_STORE=s3 con S3_* (README).`;

interface Args { products?: number; clienti?: number; utenti?: number; help: boolean }
const NUMERICI = ['products', 'clienti', 'utenti'] as const;

function parseArgs(argv: string[]): Args {
  const args: Args = { help: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const nome = NUMERICI.find((k) => a === `--${k}` || a.startsWith(`--${k}=`));
    if (a === '--help' || a === '-h') args.help = true;
    else if (nome) {
      const raw = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      const n = Number(raw?.replace(/[_.]/g, ''));
      if (!raw || !Number.isInteger(n) || n < 0) throw new Error(`--${nome} vuole un numero intero positivo, non '${raw ?? ''}'`);
      args[nome] = n;
    } else throw new Error(`Argomento sconosciuto: ${a}\n\n${USAGE}`);
  }
  return args;
}

const secs = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const started = performance.now();
  const env = parseEnv();
  const dataDir = path.resolve(env.DATA_DIR);
  let embedded: EmbeddedDb | undefined;
  let url = env.DATABASE_URL;
  if (!url) {
    console.log(`Postgres integrato in ${path.join(dataDir, 'postgres')}`);
    embedded = await startEmbeddedPostgres(path.join(dataDir, 'postgres'));
    url = embedded.url;
  }
  const database = connect(url, { max: 2 });
  const { db, sql, close } = database;
  try {
    await runMigrations(database);
    if (await isDatabaseEmpty(sql)) {
      const t0 = performance.now();
      const config = configFromEnv(env, url);
      const archivio = await creaArchivio(config);
      try {
        await seedDemo(db, sql, { archivio });
      } finally {
        await archivio.chiudi();
      }
      console.log(`Dati dimostrativi caricati in ${secs(t0)} (media in ${config.s3 ? `s3://${config.s3.bucket}/` : config.mediaDir})`);
    } else {
      console.log('Il database contiene già dati: dati dimostrativi non ricaricati');
    }
    if (args.products !== undefined || args.clienti !== undefined || args.utenti !== undefined) {
      const t0 = performance.now();
      let last = 0;
      const grande = args.products !== undefined;
      const res = await seedLargeCatalogue(sql, {
        products: args.products ?? 0,
        clienti: args.clienti ?? (grande ? LARGE_CLIENTI : undefined),
        utenti: args.utenti ?? (grande ? LARGE_UTENTI : undefined),
        onProgress: (done, todo) => {
          if (done - last >= 50_000 || done === todo) {
            last = done;
            console.log(`  ${done.toLocaleString('it-IT')} / ${todo.toLocaleString('it-IT')} prodotti (${secs(t0)})`);
          }
        },
      });
      if (res.added > 0) console.log(`  fasi: ${res.times.toString()}`);
      console.log(res.added > 0
        ? `Aggiunti ${res.added.toLocaleString('it-IT')} prodotti in ${secs(t0)}: catalogo di ${res.total.toLocaleString('it-IT')} prodotti`
        : `Il catalogo ha già ${res.total.toLocaleString('it-IT')} prodotti: nulla da aggiungere`);
      if (res.clientiAggiunti + res.utentiAggiunti > 0) {
        console.log(`Aggiunti ${res.clientiAggiunti.toLocaleString('it-IT')} clienti e ${res.utentiAggiunti.toLocaleString('it-IT')} utenti`);
      }
    }
  } finally {
    await close();
    await embedded?.stop();
  }
  console.log(`Tempo totale: ${secs(started)}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
