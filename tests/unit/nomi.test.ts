import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The naming rules of the README ("Names"), held for server/ and shared/: one file-name convention,
// and the domain's Italian word for a concept that also has an English one in the spec.

const RADICI = ['server', 'shared'];
const FILE_TS = /^[a-z0-9]+(-[a-z0-9]+)*(\.(routes|service|queries|cache|table))?\.ts$/;
const FILE_SQL = /^[a-z0-9]+(_[a-z0-9]+)*\.sql$/;
/** English words the code names in Italian: sessione, dispositivo, marchio, carrello. */
const INGLESI = /(^|[a-z0-9_-])(session|Session|SESSION|device|Device|DEVICE|brand|Brand|BRAND|cart|Cart|CART)[sS]?(?=[A-Z0-9_.-]|$)/;
/**
 * Names that mirror what the outside world names: a call's schemas after its path (devices/all,
 * brand/info, prodotti/brandwithcustominfo), an environment variable, a table and its columns.
 */
const DAL_MONDO = /^(devices?|brand)([A-Z]\w*)?(Query|Request|Response)$|^DEFAULT_SESSION_IDLE_MINUTES$|^brand(Codice|Nome)?$/;

function file(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true })
    .flatMap((d) => (d.isDirectory() ? file(path.join(dir, d.name)) : [path.join(dir, d.name)]));
}

/** Every name the code declares (functions, classes, types, variables, parameters), by file. */
function nomiDichiarati(f: string): string[] {
  const nomi: string[] = [];
  const visita = (n: ts.Node): void => {
    if ((ts.isFunctionDeclaration(n) || ts.isClassDeclaration(n) || ts.isInterfaceDeclaration(n)
      || ts.isTypeAliasDeclaration(n) || ts.isVariableDeclaration(n) || ts.isParameter(n)
      || ts.isBindingElement(n)) && n.name && ts.isIdentifier(n.name)) nomi.push(n.name.text);
    ts.forEachChild(n, visita);
  };
  visita(ts.createSourceFile(f, fs.readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, false));
  return nomi;
}

describe('names in server/ and shared/', () => {
  const tutti = RADICI.flatMap((r) => file(r));

  it('files are kebab-case with their kind as a suffix; SQL functions snake_case', () => {
    const fuori = tutti.filter((f) => !(f.endsWith('.sql') ? FILE_SQL : FILE_TS).test(path.basename(f)));
    expect(fuori).toEqual([]);
  });

  it("a concept has one name, the domain's Italian one", () => {
    const inglesi = tutti.filter((f) => f.endsWith('.ts'))
      .flatMap((f) => [path.basename(f), ...nomiDichiarati(f)].filter((n) => INGLESI.test(n) && !DAL_MONDO.test(n)).map((n) => `${f}: ${n}`));
    expect(inglesi).toEqual([]);
  });
});
