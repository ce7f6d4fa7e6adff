import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Forms one way (docs/decisions/moduli-un-modo.md, web/README.md "Form state and check"): every
// component of web/ that draws a <form> or handles a submit holds its fields in useModulo, the
// call's own schema from shared/; and no box restates a limit as a number: its maxLength (or a
// number field's max) is the contract's constant, which the schema uses too.

const ROOT = path.resolve(import.meta.dirname, '../..');
const WEB = path.join(ROOT, 'web');

/**
 * The components that may draw a form without useModulo, each with its reason. Keep it short: a
 * new form with a call behind it goes on useModulo.
 */
const SENZA_MODULO: Record<string, string> = {
  // The header search: on every page's first load, which stays without zod (docs/decisions/zod-nel-browser.md),
  // and no call behind it: it goes to /ricerca, whose screen calls search/prodotti. It checks the
  // length with that call's constants (LIMITI_RICERCA, catalogo-costanti) and alerts, as the spec says.
  'web/shop/layout/SearchBar.tsx:SearchBar': 'a way to a page, on the first load',
  // The scan dialog's quantity: it goes to the cart in this browser (useAddToCart judges it by the
  // product's pack and stock rules, with its own messages) or to the quick order's text box; no
  // call takes it, so there is no schema to check it with.
  'web/checkout/components/scansione/ScansioneDialog.tsx:ScansioneDialog': 'a quantity for the local cart',
};

/** The attributes that state a limit of a box: never a number written in the JSX. */
const LIMITI = new Set(['maxLength', 'minLength', 'max']);
/** Elements whose `max` is a scale, not a limit of what is typed. */
const SCALE = new Set(['progress', 'meter']);

interface Trovato { dove: string; cosa: string }

function sorgenti(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return sorgenti(p);
    return /\.tsx?$/.test(d.name) ? [p] : [];
  });
}

/** The top-level declaration a node sits in (a component, a hook): its name, or the file's for code at the top. */
function dichiarazioneDi(n: ts.Node): string {
  let corrente: ts.Node = n;
  let nome = '(modulo)';
  while (corrente.parent && !ts.isSourceFile(corrente.parent)) corrente = corrente.parent;
  if (ts.isFunctionDeclaration(corrente) && corrente.name) nome = corrente.name.text;
  else if (ts.isVariableStatement(corrente)) {
    const [d] = corrente.declarationList.declarations;
    if (d && ts.isIdentifier(d.name)) nome = d.name.text;
  } else if (ts.isExportAssignment(corrente)) nome = 'default';
  return nome;
}

/** A numeric literal as written: 40, (40), -1, '40' in an attribute. */
function eNumero(e: ts.Expression | undefined): boolean {
  if (!e) return false;
  if (ts.isParenthesizedExpression(e)) return eNumero(e.expression);
  if (ts.isPrefixUnaryExpression(e)) return ts.isNumericLiteral(e.operand);
  if (ts.isStringLiteral(e)) return /^\s*-?\d+(\.\d+)?\s*$/.test(e.text);
  return ts.isNumericLiteral(e);
}

/**
 * What the rule finds in one file of web/: a component that draws a `<form>` or an `onSubmit` and
 * calls no useModulo (unless SENZA_MODULO names it), and a limit written as a number.
 */
function controlla(file: string, testo: string): Trovato[] {
  const sf = ts.createSourceFile(file, testo, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const trovati: Trovato[] = [];
  const conModulo = new Set<string>();
  const forms = new Map<string, ts.Node>();
  const riga = (n: ts.Node) => `${file}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`;

  const visita = (n: ts.Node): void => {
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'useModulo') conModulo.add(dichiarazioneDi(n));
    if ((ts.isJsxOpeningElement(n) || ts.isJsxSelfClosingElement(n)) && n.tagName.getText(sf) === 'form') {
      const c = dichiarazioneDi(n);
      if (!forms.has(c)) forms.set(c, n);
    }
    if (ts.isJsxAttribute(n)) {
      const nome = n.name.getText(sf);
      const elemento = n.parent.parent;
      if (nome === 'onSubmit') {
        const c = dichiarazioneDi(n);
        if (!forms.has(c)) forms.set(c, n);
      }
      const valore = n.initializer && ts.isJsxExpression(n.initializer) ? n.initializer.expression : n.initializer;
      const scala = SCALE.has(elemento.tagName.getText(sf)) && nome === 'max';
      if (LIMITI.has(nome) && !scala && eNumero(valore as ts.Expression | undefined)) {
        trovati.push({ dove: riga(n), cosa: `${n.getText(sf)}: a limit is the contract's constant from shared/ (e.g. LIMITI_X.campo), not a number` });
      }
    }
    // A field's props built as an object ({ ...modulo.campo(c), maxLength: 40 }).
    if (ts.isPropertyAssignment(n) && ts.isIdentifier(n.name) && (n.name.text === 'maxLength' || n.name.text === 'minLength') && eNumero(n.initializer)) {
      trovati.push({ dove: riga(n), cosa: `${n.getText(sf)}: a limit is the contract's constant from shared/, not a number` });
    }
    ts.forEachChild(n, visita);
  };
  visita(sf);

  for (const [componente, nodo] of forms) {
    if (conModulo.has(componente) || `${file}:${componente}` in SENZA_MODULO) continue;
    trovati.push({ dove: riga(nodo), cosa: `${componente} draws a form without useModulo (web/README.md, "Form state and check")` });
  }
  return trovati;
}

describe('forms one way (web/)', () => {
  it('every component with a <form> or an onSubmit is on useModulo, and no box states a limit as a number', () => {
    const file = sorgenti(WEB);
    expect(file.length).toBeGreaterThan(100);
    const trovati = file.flatMap((f) => controlla(path.relative(ROOT, f).split(path.sep).join('/'), fs.readFileSync(f, 'utf8')));
    expect(trovati).toEqual([]);
  });

  it('the allow-list names components that exist and still draw a form without it', () => {
    for (const voce of Object.keys(SENZA_MODULO)) {
      const [file, componente] = voce.split(':') as [string, string];
      const testo = fs.readFileSync(path.join(ROOT, file), 'utf8');
      expect(testo, voce).toMatch(new RegExp(`function ${componente}\\b`));
      expect(testo, voce).not.toMatch(/\buseModulo\(/);
      expect(testo, voce).toMatch(/<form\b|onSubmit=/);
    }
  });

  it('finds a form without useModulo, per component, and limits written as numbers', () => {
    const senza = `export function A() { return <form onSubmit={() => {}}><input maxLength={40} /></form>; }
      export function B() { const m = useModulo(carica, { x: '' }); return <form><input maxLength={LIMITI.x} /></form>; }
      export const C = () => <div onSubmit={invia}><input type="number" max="99" /></div>;
      const props = { ...campo, maxLength: 120 };
      export function D() { return <progress max={100} value={3} />; }`;
    expect(controlla('web/x/Prova.tsx', senza).map((t) => `${t.dove} ${t.cosa.split(':')[0]}`)).toEqual([
      'web/x/Prova.tsx:1 maxLength={40}',
      'web/x/Prova.tsx:3 max="99"',
      'web/x/Prova.tsx:4 maxLength',
      'web/x/Prova.tsx:1 A draws a form without useModulo (web/README.md, "Form state and check")',
      'web/x/Prova.tsx:3 C draws a form without useModulo (web/README.md, "Form state and check")',
    ]);
  });
});
