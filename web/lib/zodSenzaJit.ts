import { z } from 'zod';

/*
 * The CSP has no 'unsafe-eval': zod's probe for it (a caught `new Function`, run as the first object
 * schema is built) is still reported as a violation on every page (Lighthouse's best practices).
 * Imported first by main.tsx and bundled right after zod (vite.config.ts), so that it runs before any
 * schema of shared/ is built. The server keeps zod's faster compiled parsers.
 */
z.config({ jitless: true });
