import fs from 'node:fs/promises';
import { MSG_PREVENTIVI } from '../../shared/preventivi-costanti.js';
import type { Db } from '../db/client.js';
import { badRequest } from '../lib/errors.js';
import { scriviImmaginePulita } from '../lib/upload/immagine-pulita.js';
import type { FileRicevuto } from '../lib/upload/ricevi-file.js';
import { eImmagine, type TipoFile } from '../lib/upload/tipo-file.js';

/**
 * A request's attachments (issue 37): PDF or pictures, judged by their bytes (as received: ricevi-file.ts), each
 * under the call's 10 MB; a picture is written again without its metadata (GPS, camera) as every
 * stored picture is (immagine-pulita.ts). Judged all before any is stored, so a refused file
 * leaves nothing behind; stored in the request's transaction.
 */
export async function giudicaAllegati(files: readonly FileRicevuto[]): Promise<(FileRicevuto & { tipo: TipoFile })[]> {
  const out: (FileRicevuto & { tipo: TipoFile })[] = [];
  for (const f of files) {
    const tipo = f.tipo;
    if (!tipo || (!eImmagine(tipo) && tipo.ext !== 'pdf')) throw badRequest(MSG_PREVENTIVI.allegato);
    out.push({ ...f, tipo });
  }
  return out;
}

export async function salvaAllegati(tx: Db, preventivoId: number, files: readonly (FileRicevuto & { tipo: TipoFile })[]): Promise<void> {
  for (const f of files) {
    let percorso = f.percorso;
    if (eImmagine(f.tipo)) {
      percorso = `${f.percorso}.pulita.${f.tipo.ext}`;
      await scriviImmaginePulita(f.percorso, percorso, f.tipo.ext, f.nome);
    }
    try {
      const contenuto = await fs.readFile(percorso);
      await tx.$client`
        INSERT INTO preventivi_allegati (preventivo_id, nome, mime, bytes, contenuto)
        VALUES (${preventivoId}, ${f.nome.slice(0, 200)}, ${f.tipo.mime}, ${contenuto.length}, ${contenuto})`;
    } finally {
      if (percorso !== f.percorso) await fs.rm(percorso, { force: true });
    }
  }
}
