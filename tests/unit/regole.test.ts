import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The product's rules live in docs/regole/: comments, tests and notes point to a rule's anchor
// there, never to documents a reader of the repository does not have.
const ROOT = path.resolve(import.meta.dirname, '../..');
const REGOLE = path.join(ROOT, 'docs', 'regole');
const TESTO = /\.(ts|tsx|js|cjs|mjs|sql|md|css|html|ya?ml)$/;
const SALTA = new Set(['node_modules', 'dist', 'test-results', path.join('bench', 'tmp')]);

function fileDi(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name.startsWith('.') || SALTA.has(path.relative(ROOT, p)) ? [] : fileDi(p);
    return e.isFile() && TESTO.test(e.name) ? [p] : [];
  });
}

const file = fileDi(ROOT).map((p) => ({ nome: path.relative(ROOT, p), testo: fs.readFileSync(p, 'utf8') }));

/** Every line of every file that matches, as 'file:line: text'. */
function righe(re: RegExp): string[] {
  return file.flatMap((f) => f.testo.split('\n').flatMap((riga, i) => (re.test(riga) ? [`${f.nome}:${i + 1}: ${riga.trim()}`] : [])));
}

/** The anchors of each page of docs/regole/. */
const ancore = new Map(fs.readdirSync(REGOLE).filter((n) => n.endsWith('.md')).map((n) => {
  const ids = [...fs.readFileSync(path.join(REGOLE, n), 'utf8').matchAll(/<a id="([\w-]+)"><\/a>/g)].map((m) => m[1]!);
  return [n, ids];
}));

describe('docs/regole', () => {
  it('no comment, test or note cites the outside specification', () => {
    // Built from parts, so that this file does not match itself.
    const citazione = new RegExp(['(SPEC|DESIGN)', '(\\.md)? ?\\u00a7'].join(''));
    const documento = new RegExp(['(SPEC|DESIGN)', '\\.md'].join(''));
    expect(righe(citazione)).toEqual([]);
    expect(righe(documento)).toEqual([]);
  });

  it('every page of rules has its anchors, each once', () => {
    expect(ancore.size).toBeGreaterThan(1);
    for (const [pagina, ids] of ancore) {
      // README.md is the index.
      if (pagina !== 'README.md') expect(ids.length, pagina).toBeGreaterThan(0);
      expect(ids.filter((id, i) => ids.indexOf(id) !== i), pagina).toEqual([]);
    }
  });

  it('every pointer to a rule names a page and an anchor that exist', () => {
    const rotti: string[] = [];
    const verifica = (dove: string, pagina: string, ancora: string | undefined) => {
      const ids = ancore.get(pagina);
      if (!ids || (ancora !== undefined && !ids.includes(ancora))) rotti.push(`${dove} → ${pagina}${ancora ? `#${ancora}` : ''}`);
    };
    let puntatori = 0;
    for (const f of file) {
      for (const m of f.testo.matchAll(/regole\/([\w-]+\.md)(?:#([\w-]+))?/g)) {
        puntatori++;
        verifica(f.nome, m[1]!, m[2]);
      }
      // Links between the pages themselves: (pagina.md#ancora) or (#ancora).
      if (path.dirname(f.nome) !== path.join('docs', 'regole')) continue;
      for (const m of f.testo.matchAll(/\]\(([\w-]+\.md)?#([\w-]+)\)/g)) verifica(f.nome, m[1] ?? path.basename(f.nome), m[2]);
    }
    expect(puntatori).toBeGreaterThan(100);
    expect(rotti).toEqual([]);
  });
});
