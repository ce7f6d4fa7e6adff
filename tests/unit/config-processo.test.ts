import path from 'node:path';
import { expect, it } from 'vitest';
import { ConfigError, configFromEnv, parseEnv } from '../../server/config.js';

it('PROCESS_ROLE and SHUTDOWN_DRAIN_SECONDS are read from the environment and checked', () => {
  const url = 'postgres://localhost/x';
  const tutto = configFromEnv(parseEnv({}), url);
  expect([tutto.processRole, tutto.shutdownDrainSeconds, tutto.webDir]).toEqual(['all', 3, path.resolve('dist/web')]);
  // A worker serves no SPA (and builds none at start).
  const worker = configFromEnv(parseEnv({ PROCESS_ROLE: 'worker', SHUTDOWN_DRAIN_SECONDS: '0' }), url);
  expect([worker.processRole, worker.shutdownDrainSeconds, worker.webDir]).toEqual(['worker', 0, undefined]);
  expect(configFromEnv(parseEnv({ PROCESS_ROLE: 'web', SHUTDOWN_DRAIN_SECONDS: '1.5' }), url).shutdownDrainSeconds).toBe(1.5);
  for (const [nome, valore] of [['PROCESS_ROLE', 'cron'], ['PROCESS_ROLE', 'WEB'], ['SHUTDOWN_DRAIN_SECONDS', '9'], ['SHUTDOWN_DRAIN_SECONDS', '-1'], ['SHUTDOWN_DRAIN_SECONDS', 'tre']] as const) {
    expect(() => parseEnv({ [nome]: valore })).toThrow(ConfigError);
    expect(() => parseEnv({ [nome]: valore })).toThrow(new RegExp(`${nome}:`));
  }
});
