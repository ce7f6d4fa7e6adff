import sharp, { type Metadata } from 'sharp';
import type { z } from 'zod';
import type { intestazionePreventivi, intestazioneResponse } from '../../shared/preventivi-cliente.js';
import { LIMITI_PREVENTIVO_CLIENTE, MSG_PREVENTIVI_CLIENTE as MSG } from '../../shared/preventivi-cliente-costanti.js';
import { MAX_LATO_IMMAGINE, MAX_PIXEL_IMMAGINE, MSG_UPLOAD } from '../../shared/upload.js';
import type { ClienteSessione } from '../auth/utente-sessione.js';
import type { Db } from '../db/client.js';
import { badRequest, notFound } from '../lib/errors.js';
import type { FileRicevuto } from '../lib/upload/ricevi-file.js';
import { eImmagine } from '../lib/upload/tipo-file.js';

type Intestazione = z.output<typeof intestazioneResponse>;

/**
 * The client's header on its quotes; until one is saved, the client's name and VAT number as the
 * wholesaler has them, so that a first PDF is not anonymous.
 */
export async function leggiIntestazione(db: Db, cliente: ClienteSessione): Promise<Intestazione> {
  const [r] = await db.$client<Intestazione[]>`
    SELECT coalesce(i.ragione_sociale, c.ragione_sociale) AS ragione_sociale, coalesce(i.indirizzo, '') AS indirizzo,
      coalesce(i.partita_iva, c.partita_iva) AS partita_iva, i.logo IS NOT NULL AS logo
    FROM clienti c LEFT JOIN preventivi_cliente_intestazioni i ON i.cliente_id = c.id
    WHERE c.id = ${cliente.id}`;
  return r!;
}

export async function salvaIntestazione(db: Db, cliente: ClienteSessione, i: z.output<typeof intestazionePreventivi>): Promise<Intestazione> {
  await db.$client`
    INSERT INTO preventivi_cliente_intestazioni (cliente_id, ragione_sociale, indirizzo, partita_iva)
    VALUES (${cliente.id}, ${i.ragione_sociale}, ${i.indirizzo}, ${i.partita_iva})
    ON CONFLICT (cliente_id) DO UPDATE SET ragione_sociale = excluded.ragione_sociale, indirizzo = excluded.indirizzo,
      partita_iva = excluded.partita_iva, updated_at = now()`;
  return leggiIntestazione(db, cliente);
}

/**
 * The logo as stored: an image judged by its bytes (the upload layer's riconosciTipo), its header's
 * size checked before anything is decoded (as every stored picture, server/lib/upload/immagine-pulita.ts),
 * upright, fitted into LIMITI_PREVENTIVO_CLIENTE.logoLato and written as PNG, the one format the
 * PDF embeds besides JPEG: sharp writes no EXIF, XMP or other metadata of the original.
 */
async function logoPulito(f: FileRicevuto): Promise<Buffer> {
  if (!f.tipo || !eImmagine(f.tipo)) throw badRequest(MSG.logoNonImmagine);
  let meta: Metadata;
  try {
    meta = await sharp(f.percorso, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(MSG_UPLOAD.immagineIlleggibile(f.nome));
  }
  const fotogrammi = meta.pages ?? 1;
  if (meta.width > MAX_LATO_IMMAGINE || meta.height > MAX_LATO_IMMAGINE || meta.width * meta.height * fotogrammi > MAX_PIXEL_IMMAGINE) {
    throw badRequest(MSG_UPLOAD.immagineTroppoGrande(f.nome, meta.width, meta.height, fotogrammi));
  }
  const lato = LIMITI_PREVENTIVO_CLIENTE.logoLato;
  try {
    return await sharp(f.percorso, { limitInputPixels: MAX_PIXEL_IMMAGINE }).autoOrient()
      .resize({ width: lato, height: lato, fit: 'inside', withoutEnlargement: true }).png().toBuffer();
  } catch {
    throw badRequest(MSG_UPLOAD.immagineIlleggibile(f.nome));
  }
}

export async function caricaLogo(db: Db, cliente: ClienteSessione, files: readonly FileRicevuto[]): Promise<Intestazione> {
  const f = files[0];
  if (!f) throw badRequest('Scegli il file del logo (campo logo).', { logo: 'Scegli il file del logo.' });
  const png = await logoPulito(f);
  const i = await leggiIntestazione(db, cliente);
  await db.$client`
    INSERT INTO preventivi_cliente_intestazioni (cliente_id, ragione_sociale, indirizzo, partita_iva, logo)
    VALUES (${cliente.id}, ${i.ragione_sociale}, ${i.indirizzo}, ${i.partita_iva}, ${png})
    ON CONFLICT (cliente_id) DO UPDATE SET logo = excluded.logo, updated_at = now()`;
  return { ...i, logo: true };
}

export async function eliminaLogo(db: Db, cliente: ClienteSessione): Promise<Intestazione> {
  await db.$client`UPDATE preventivi_cliente_intestazioni SET logo = NULL, updated_at = now() WHERE cliente_id = ${cliente.id}`;
  return leggiIntestazione(db, cliente);
}

export async function logoDi(db: Db, clienteId: number): Promise<Buffer | null> {
  const [r] = await db.$client<{ logo: Buffer | null }[]>`SELECT logo FROM preventivi_cliente_intestazioni WHERE cliente_id = ${clienteId}`;
  return r?.logo ?? null;
}

export async function logoObbligatorio(db: Db, clienteId: number): Promise<Buffer> {
  const l = await logoDi(db, clienteId);
  if (!l) throw notFound(MSG.logoMancante);
  return l;
}
