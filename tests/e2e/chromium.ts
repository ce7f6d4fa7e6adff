import fs from 'node:fs';

/** The Chromium to drive (browser tests, the bench's bytes on the wire): CHROMIUM_PATH, else the usual places. */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((p): p is string => !!p && fs.existsSync(p));
}

/** Flags this machine needs (TOOLCHAIN.md): no sandbox as root, no background network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-dev-shm-usage',
];
