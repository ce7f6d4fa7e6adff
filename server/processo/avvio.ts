import type { AppConfig } from '../config.js';
import { connect } from '../db/client.js';
import { conLucchettoMigrazioni, runMigrations } from '../db/migrate.js';
import { creaArchivio } from '../lib/archivio/crea-archivio.js';
import { isDatabaseEmpty, seedDemo } from '../../seed/index.js';

/**
 * What a process does to its database before it serves: the migrations, then the demo data when
 * SEED_DEMO asks for it and the database is empty. Each happens once however many processes start
 * together: the migrator takes its advisory lock, and the demo is loaded under the same lock,
 * where the first process loads it and the others, waiting, then find the database full.
 */
export async function preparaDatabase(config: Pick<AppConfig, 'databaseUrl' | 'seedDemo' | 'mediaDir' | 's3'>): Promise<void> {
  const setup = connect(config.databaseUrl, { max: 2 });
  try {
    await runMigrations(setup);
    if (!config.seedDemo) return;
    await conLucchettoMigrazioni(setup.sql, async () => {
      if (!(await isDatabaseEmpty(setup.sql))) return;
      console.log('Database vuoto: caricamento dei dati dimostrativi…');
      const archivio = await creaArchivio(config);
      await seedDemo(setup.db, setup.sql, { archivio }).finally(() => archivio.chiudi());
    });
  } finally {
    await setup.close();
  }
}
