import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of a PDF as a reader extracts it (pdfjs-dist), one string per page. */
export async function testoPdf(pdf: Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
  try {
    const pagine: string[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const { items } = await page.getTextContent();
      pagine.push(items.map((it) => ('str' in it ? it.str + (it.hasEOL ? '\n' : ' ') : '')).join(''));
    }
    return pagine;
  } finally {
    await doc.destroy();
  }
}

/** An attachment of an .eml written by nodemailer (base64 part named `filename`): its type and bytes. */
export function allegatoEml(eml: string, filename: string): { tipo: string; dati: Buffer } | null {
  for (const parte of eml.split(/\n--[^\n]+\n/)) {
    const [testa, ...corpo] = parte.split('\n\n');
    if (!testa || !new RegExp(`filename=("?)${filename.replace(/\./g, '\\.')}\\1`).test(testa)) continue;
    const tipo = /Content-Type: ([^;\n]+)/i.exec(testa)?.[1] ?? '';
    return { tipo, dati: Buffer.from(corpo.join('\n\n').replace(/\s+/g, ''), 'base64') };
  }
  return null;
}
