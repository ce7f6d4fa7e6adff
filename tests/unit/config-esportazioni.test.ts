import { expect, it } from 'vitest';
import { ConfigError, configFromEnv, parseEnv } from '../../server/config.js';

it('EXPORT_MAX, EXPORT_MAX_PER_USER and EXPORT_STALL_SECONDS are read from the environment and checked', () => {
  const url = 'postgres://localhost/x';
  const predefinito = configFromEnv(parseEnv({}), url);
  expect([predefinito.exportMax, predefinito.exportMaxPerUser, predefinito.exportStallSeconds]).toEqual([4, 2, 30]);
  const dato = configFromEnv(parseEnv({ EXPORT_MAX: '2', EXPORT_MAX_PER_USER: '1', EXPORT_STALL_SECONDS: '1.5' }), url);
  expect([dato.exportMax, dato.exportMaxPerUser, dato.exportStallSeconds]).toEqual([2, 1, 1.5]);
  for (const [nome, env] of [
    ['EXPORT_MAX', { EXPORT_MAX: '0' }], ['EXPORT_MAX', { EXPORT_MAX: 'tre' }], ['EXPORT_STALL_SECONDS', { EXPORT_STALL_SECONDS: '0' }],
    // A user's limit above the process's would never be reached.
    ['EXPORT_MAX_PER_USER', { EXPORT_MAX: '2', EXPORT_MAX_PER_USER: '3' }],
  ] as const) {
    expect(() => parseEnv(env)).toThrow(ConfigError);
    expect(() => parseEnv(env)).toThrow(new RegExp(`${nome}:`));
  }
});
