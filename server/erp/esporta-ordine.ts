import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Task } from 'graphile-worker';
import { DecimaleCsv, fileCsv } from '../../shared/csv.js';
import { ordineInviatoErp, type OrdineInviatoErp } from '../../shared/erp.js';
import { ordine, type Ordine } from '../../shared/ordini.js';
import type { ErpConfig } from '../config.js';
import type { Db } from '../db/client.js';
import type { ArchivioMedia } from '../lib/archivio/archivio.js';

/** How long the ERP's webhook may take to answer before the attempt counts as failed. */
const WEBHOOK_TIMEOUT_MS = 10_000;

export const chiaveIdempotenza = (ordineId: number) => `portale-ordine-${ordineId}`;

/** Orders go somewhere (a webhook, a folder, the media store): each then gets its export job. */
export const erpConfigurato = (erp: ErpConfig | undefined): erp is ErpConfig => Boolean(erp?.webhookUrl || erp?.exportDir || erp?.exportPrefix);

/** The signature header's value: HMAC-SHA256 of "<timestamp>.<body>" (a replayed old body is recognisable). */
export function firma(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** An amount as the ERP reads it: decimal text with a point and 3 decimals (the amounts of an order have 3). */
const decimale = (n: number) => n.toFixed(3);

/** The order (its read model) as the ERP receives it (docs/erp.md): its fields, checked against the ERP's schema. */
export function ordinePerErp(o: Ordine): OrdineInviatoErp {
  return ordineInviatoErp.parse({
    ...o,
    chiave_idempotenza: chiaveIdempotenza(o.id),
    ordine_id: o.id,
    data: o.created_at.replace(/\.\d+Z$/, 'Z'),
    totale: decimale(o.totale),
    approvato_da: o.approvazione === 'approvato' && o.approvazione_decisa_at
      ? { nome: o.approvatore_nome ?? '', data: o.approvazione_decisa_at.replace(/\.\d+Z$/, 'Z') }
      : null,
    righe: o.prodotti.map((r, i) => ({
      riga: i + 1, codice_prodotto: r.codice_prodotto, descrizione: r.prodotto_nome, quantita: r.qt,
      qt_in_consegna: r.qt_in_consegna, qt_in_arrivo: r.qt_in_arrivo, prezzo_unitario: decimale(r.prezzo_reale), importo: decimale(r.importo),
    })),
  });
}

/** The order read whole (ordini_letti) for the ERP; undefined when it is gone. */
async function leggiOrdine(db: Db, id: number): Promise<OrdineInviatoErp | undefined> {
  const [r] = await db.$client<{ ordine: unknown }[]>`SELECT ordine FROM ordini_letti(ARRAY[${id}::int])`;
  return r ? ordinePerErp(ordine.parse(r.ordine)) : undefined;
}

const CSV_COLONNE = [
  'ordine_id', 'data', 'azienda_codice', 'cliente_codice', 'utente_codice', 'nome_ordine', 'note',
  'riga', 'codice_prodotto', 'descrizione', 'quantita', 'qt_in_consegna', 'qt_in_arrivo', 'prezzo_unitario', 'importo',
  // Added after the first ERPs read this file: last, so that the columns before keep their places.
  'riferimento_cantiere',
  // Who approved an order held over its user's limits, and when ('' for one confirmed when placed).
  'approvato_da', 'approvato_at',
  // The sales agent who placed it in the client's name ('' for the client's own people).
  'inserito_da_agente',
] as const;

/**
 * One line per order line, ';'-separated, UTF-8 with BOM (Excel reads the accents), texts quoted
 * (shared/csv.ts); amounts bare with the decimal comma and their three decimals.
 */
export function ordineCsv(o: OrdineInviatoErp): string {
  return fileCsv(CSV_COLONNE, o.righe.map((r) => [
    o.ordine_id, o.data, o.azienda_codice, o.cliente_codice, o.utente_codice, o.nome, o.note,
    r.riga, r.codice_prodotto, r.descrizione, r.quantita, r.qt_in_consegna, r.qt_in_arrivo,
    // A text column: '' (quoted) when the order has none, as an empty note.
    new DecimaleCsv(r.prezzo_unitario), new DecimaleCsv(r.importo), o.riferimento_cantiere ?? '',
    o.approvato_da?.nome ?? '', o.approvato_da?.data ?? '', o.inserito_da_agente ?? '',
  ]));
}

/** Written under a temporary name, then renamed: the ERP never picks up half a file. */
async function scriviAtomico(file: string, dati: string): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(tmp, dati, 'utf8');
  await fs.rename(tmp, file);
}

/**
 * The CSV first, the JSON last, each whole (a folder: renamed into place; S3: one PUT is atomic):
 * an ERP that finds ordine-<id>.json finds the CSV beside it.
 */
async function consegna(erp: ErpConfig, archivio: ArchivioMedia, o: OrdineInviatoErp): Promise<void> {
  const json = `${JSON.stringify(o, null, 2)}\n`;
  const nome = `ordine-${o.ordine_id}`;
  if (erp.exportDir) {
    await fs.mkdir(erp.exportDir, { recursive: true });
    await scriviAtomico(path.join(erp.exportDir, `${nome}.csv`), ordineCsv(o));
    await scriviAtomico(path.join(erp.exportDir, `${nome}.json`), json);
  }
  if (erp.exportPrefix) {
    await archivio.salva(`${erp.exportPrefix}${nome}.csv`, ordineCsv(o));
    await archivio.salva(`${erp.exportPrefix}${nome}.json`, json);
  }
  if (erp.webhookUrl) {
    const body = JSON.stringify(o);
    const ts = Math.floor(Date.now() / 1000);
    const res = await fetch(erp.webhookUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Idempotency-Key': o.chiave_idempotenza,
        'X-Portale-Firma': firma(erp.webhookSecret ?? '', ts, body),
      },
      body,
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    // The ERP's answer is not needed: read it so that the connection is free again.
    const testo = await res.text().catch(() => '');
    if (!res.ok) throw new Error(`ERP: risposta HTTP ${res.status}${testo ? ` — ${testo.slice(0, 200)}` : ''}`);
  }
}

/**
 * The job `esporta_ordine` (queued by crea_ordine in the order's transaction, or by a resend): hands
 * the order to the ERP (files in a folder or in the media store, and/or webhook) and records the
 * outcome on the order. A failure is recorded and thrown: the queue retries with a growing pause
 * (25 attempts, some four days), so an ERP that is down gets every order once it is back. The ERP drops repeats by the idempotency key.
 */
export function esportaOrdine(db: Db, erp: ErpConfig | undefined, archivio: ArchivioMedia): Task {
  const sql = db.$client;
  return async (payload) => {
    const id = Number((payload as { id?: unknown }).id);
    if (!erpConfigurato(erp)) {
      await sql`UPDATE ordini SET erp_stato = 'non_configurato' WHERE id = ${id}`;
      return;
    }
    const o = await leggiOrdine(db, id);
    if (!o) return;
    try {
      await consegna(erp, archivio, o);
    } catch (err) {
      const msg = err instanceof Error ? (err.name === 'TimeoutError' ? 'ERP: nessuna risposta entro 10 s' : err.message) : String(err);
      await sql`
        UPDATE ordini SET erp_stato = 'errore', erp_tentativi = erp_tentativi + 1, erp_errore = ${msg.slice(0, 500)}
        WHERE id = ${id}`;
      throw err;
    }
    await sql`
      UPDATE ordini SET erp_stato = 'inviato', erp_tentativi = erp_tentativi + 1, erp_errore = NULL, erp_inviato_at = now()
      WHERE id = ${id}`;
  };
}
