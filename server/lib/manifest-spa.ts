import fs from 'node:fs';
import path from 'node:path';

/** One module of the build's manifest (vite.config.ts `build.manifest`), keyed by its source under web/. */
interface Voce {
  file: string;
  css?: string[];
  imports?: string[];
}

/**
 * The scripts and styles a lazily loaded module of the SPA needs, beyond what index.html loads
 * itself, as values of a `Link: rel=preload` header: sent with a page's HTML they are fetched beside
 * the entry's scripts, instead of after those have run and the router has asked for the module.
 * `crossorigin` on both: the SPA asks for its modules, and the bundler's loader for their styles, in
 * CORS mode, and a preload is used only by a request of the same mode.
 * The manifest is read once, here. Without one (the SPA not built, a test's one-file SPA) it names
 * nothing; a module the manifest does not know is named in `mancanti`, for the server's log.
 */
export function preloadDellaSpa(webDir: string): (moduli: readonly string[]) => { link: string[]; mancanti: string[] } {
  let manifest: Record<string, Voce>;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, Voce>;
  } catch {
    return () => ({ link: [], mancanti: [] });
  }
  const file = (chiave: string, raccolti = new Set<string>(), visti = new Set<string>()): Set<string> => {
    const voce = manifest[chiave];
    if (!voce || visti.has(chiave)) return raccolti;
    visti.add(chiave);
    raccolti.add(voce.file);
    for (const css of voce.css ?? []) raccolti.add(css);
    for (const dipendenza of voce.imports ?? []) file(dipendenza, raccolti, visti);
    return raccolti;
  };
  const giaNellaPagina = file('index.html');
  return (moduli) => {
    const servono = new Set<string>();
    for (const m of moduli) for (const f of file(m)) if (!giaNellaPagina.has(f)) servono.add(f);
    const link = [...servono].map((f) => `</${f}>; rel=preload; as=${f.endsWith('.css') ? 'style' : 'script'}; crossorigin`);
    return { link, mancanti: moduli.filter((m) => !manifest[m]) };
  };
}
