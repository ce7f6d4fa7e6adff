/**
 * The app as a process of its own, for a test that kills it: DATABASE_URL and DATA_DIR from the
 * environment; prints its address once it listens.
 */
import { buildApp } from '../../server/app.js';
import { configDiTest } from './config.js';

const app = await buildApp(configDiTest(process.env.DATABASE_URL!, process.env.DATA_DIR!), { logger: false });
console.log(await app.listen({ port: 0, host: '127.0.0.1' }));
