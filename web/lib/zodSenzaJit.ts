import { z } from 'zod/v4';

/*
 * What `import { z } from 'zod'` gives in the browser (vite.config.ts aliases it here): zod with its
 * compiled parsers off. The CSP has no 'unsafe-eval': zod's probe for it (a caught `new Function`,
 * run as the first object schema is built) is still reported as a violation on every page
 * (Lighthouse's best practices). Evaluated before any module that imports it, so before any schema
 * is built. The server keeps zod's faster compiled parsers.
 */
z.config({ jitless: true });

export { z };
