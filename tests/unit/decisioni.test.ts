import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The decision records (docs/decisions/README.md) say whether they still hold, and docs/ links
// only to files that exist: a record merged, renamed or removed leaves no dangling link behind.
const ROOT = path.resolve(import.meta.dirname, '../..');
const DOCS = path.join(ROOT, 'docs');
const DECISIONI = path.join(DOCS, 'decisions');

function mdDi(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return mdDi(p);
    return e.isFile() && e.name.endsWith('.md') ? [p] : [];
  });
}

const record = fs.readdirSync(DECISIONI).filter((n) => n.endsWith('.md') && n !== 'README.md').sort();

/** The status line, right under the title: accepted (a note may follow), or superseded by a link to the record that replaced it. */
const STATO = /^Status: (accepted( \(.+\))?|superseded by \[([\w.-]+\.md)\]\(\3\))$/;

/** Markdown text without code (fenced blocks, inline spans): a link shown as code is no link. */
const senzaCodice = (testo: string) => testo.replace(/^```[\s\S]*?^```/gm, '').replace(/`+[^`\n]*`+/g, '');

describe('decision records', () => {
  it('each says its status on the line under its title', () => {
    expect(record.length).toBeGreaterThan(50);
    const senza = record.filter((n) => {
      const [titolo, stato] = fs.readFileSync(path.join(DECISIONI, n), 'utf8').split('\n');
      return !titolo?.startsWith('# ') || !STATO.test(stato ?? '');
    });
    expect(senza, 'line 2: "Status: accepted" or "Status: superseded by [x.md](x.md)"').toEqual([]);
  });

  it('each is in the index, and the index names no other', () => {
    const indice = fs.readFileSync(path.join(DECISIONI, 'README.md'), 'utf8');
    const indicizzati = [...new Set([...indice.matchAll(/^- \[[^\]]+\]\(([\w.-]+\.md)\)/gm)].map((m) => m[1]!))].sort();
    expect(indicizzati).toEqual(record);
  });
});

describe('docs/', () => {
  it('every link names a file that exists', () => {
    const rotti: string[] = [];
    let link = 0;
    for (const file of mdDi(DOCS)) {
      const testo = senzaCodice(fs.readFileSync(file, 'utf8'));
      // Inline links and images [x](target "title"), and reference definitions [x]: target.
      const destinazioni = [
        ...[...testo.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!),
        ...[...testo.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]!),
      ];
      for (const d of destinazioni) {
        if (/^([a-z][a-z0-9+.-]*:|#)/i.test(d)) continue; // another site, mail, or an anchor of this page
        link++;
        const percorso = decodeURIComponent(d.replace(/[?#].*$/, ''));
        if (!fs.existsSync(path.resolve(path.dirname(file), percorso))) rotti.push(`${path.relative(ROOT, file)} → ${d}`);
      }
    }
    expect(link).toBeGreaterThan(100);
    expect(rotti).toEqual([]);
  });
});
