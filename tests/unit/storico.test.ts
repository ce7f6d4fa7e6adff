import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AZIONI, azioneTesto } from '../../web/admin/storico/storico.js';

/** Every `azione` the server records, read from its source: 'dominio.cosa' strings on lines naming azione. */
function azioniDelServer(dir: string): Set<string> {
  const trovate = new Set<string>();
  for (const voce of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, voce.name);
    if (voce.isDirectory()) for (const a of azioniDelServer(p)) trovate.add(a);
    else if (voce.name.endsWith('.ts')) {
      for (const riga of fs.readFileSync(p, 'utf8').split('\n').filter((r) => /\bazione:/.test(r))) {
        for (const m of riga.matchAll(/'([a-z_]+(?:\.[a-z_]+)+)'/g)) trovate.add(m[1]!);
      }
    }
  }
  return trovate;
}

describe("the admin's change history (Storico modifiche)", () => {
  it('has words for every action the server records', () => {
    const azioni = azioniDelServer(path.resolve('server'));
    expect(azioni.size).toBeGreaterThan(20);
    expect([...azioni].filter((a) => !(a in AZIONI)).sort()).toEqual([]);
    expect(azioneTesto('prodotto.foto.principale')).toBe('Foto principale scelta');
  });
});
