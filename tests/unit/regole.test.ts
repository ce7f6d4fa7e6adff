import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The product's rules live in docs/regole/: comments, tests and notes point to a rule's anchor
// there, never to documents a reader of the repository does not have.
const ROOT = path.resolve(import.meta.dirname, '../..');
const REGOLE = path.join(ROOT, 'docs', 'regole');
const TESTO = /\.(ts|tsx|js|cjs|mjs|sql|md|css|html|ya?ml|sh|conf)$|^Dockerfile$/;
const SALTA = new Set(['node_modules', 'dist', 'test-results', path.join('bench', 'tmp')]);

function fileDi(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name.startsWith('.') || SALTA.has(path.relative(ROOT, p)) ? [] : fileDi(p);
    return e.isFile() && TESTO.test(e.name) ? [p] : [];
  });
}

// CI's script too (a dot folder, skipped above).
const file = [...fileDi(ROOT), path.join(ROOT, '.ci', 'run')].map((p) => ({ nome: path.relative(ROOT, p), testo: fs.readFileSync(p, 'utf8') }));

/**
 * What a reader reads as prose: a document whole, a source file's comments (its strings and code
 * are paths the program resolves, e.g. inside node_modules), blanked elsewhere so lines keep their numbers.
 */
function prosa(nome: string, testo: string): string {
  if (nome.endsWith('.md')) return testo;
  const tieni = (intervalli: Iterable<[number, number]>) => {
    const out = testo.replace(/[^\n]/g, ' ').split('');
    for (const [da, a] of intervalli) for (let i = da; i < a; i++) out[i] = testo[i]!;
    return out.join('');
  };
  const conRe = (re: RegExp) => tieni([...testo.matchAll(re)].map((m) => [m.index, m.index + m[0].length] as [number, number]));
  if (/\.(ts|tsx|js|cjs|mjs)$/.test(nome)) {
    const sorgente = ts.createSourceFile(nome, testo, ts.ScriptTarget.Latest, false, nome.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const commenti = new Map<number, number>();
    const raccogli = (r: ts.CommentRange[] | undefined) => r?.forEach((c) => commenti.set(c.pos, c.end));
    const visita = (n: ts.Node) => {
      raccogli(ts.getLeadingCommentRanges(testo, n.pos));
      raccogli(ts.getTrailingCommentRanges(testo, n.end));
      n.forEachChild(visita);
    };
    visita(sorgente);
    raccogli(ts.getLeadingCommentRanges(testo, sorgente.endOfFileToken.pos));
    return tieni(commenti);
  }
  if (/\.(sql)$/.test(nome)) return conRe(/--[^\n]*|\/\*[\s\S]*?\*\//g);
  if (/\.(css)$/.test(nome)) return conRe(/\/\*[\s\S]*?\*\//g);
  if (/\.(html)$/.test(nome)) return conRe(/<!--[\s\S]*?-->/g);
  return conRe(/(^|\s)#[^\n]*/g);
}

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

  it('no comment or document points outside the repository', () => {
    // Any relative path from where it is written (a markdown link, `../x` in a comment) that climbs
    // out of the repository names a file a reader of the repository does not have.
    const percorso = /(?<![\w./-])(?:\.\.\/)+[^\s'"`)\]>,;]*/g;
    const esce = (nome: string, p: string) => {
      const dove = path.resolve(ROOT, path.dirname(nome), p);
      return dove !== ROOT && !dove.startsWith(ROOT + path.sep);
    };
    // Only a file whose text climbs out anywhere is read for its prose (parsing every file is slow).
    const sospetti = file.filter((f) => [...f.testo.matchAll(percorso)].some((m) => esce(f.nome, m[0])));
    const fuori = sospetti.flatMap((f) => prosa(f.nome, f.testo).split('\n').flatMap((riga, i) =>
      [...riga.matchAll(percorso)].filter((m) => esce(f.nome, m[0])).map((m) => `${f.nome}:${i + 1}: ${m[0]}`)));
    expect(fuori).toEqual([]);
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
