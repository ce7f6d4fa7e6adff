import type { ProcessRole } from '../config.js';

/*
 * One image, three roles by PROCESS_ROLE (docs/decisions/ruoli-processi.md):
 * - all (the default, `npm start`): the portal and every job, one process as before;
 * - web: the portal only. It queues jobs (in SQL, in the transaction of what they are about) and
 *   runs none: no runner, no schedule, no heartbeat or sweep of dead workers, so that the
 *   customers' requests never share its cores with mail, exports, imports or folds;
 * - worker (`npm run worker`): every job lane and schedule, the heartbeat and the sweep; its HTTP
 *   listener answers the health checks (/api/health, /api/ready) and 404 to anything else.
 */

/** Whether a process of this role serves the portal: the API, media and the SPA. */
export const servePortale = (ruolo: ProcessRole): boolean => ruolo !== 'worker';

/**
 * Whether it runs the job queue: its runners, the scheduled folds, and the heartbeat and sweep
 * that hand a dead process's jobs back (server/lavori/worker-vivi.ts). The sweep belongs with
 * the runners: freed jobs matter only to a process that takes them, and a worker sweeps at its
 * start, so jobs of dead workers wait for the next live worker in any case.
 */
export const eseguiLavori = (ruolo: ProcessRole): boolean => ruolo !== 'web';
