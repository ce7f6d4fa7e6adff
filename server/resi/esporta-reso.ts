import fs from 'node:fs/promises';
import path from 'node:path';
import type { Task } from 'graphile-worker';
import { fileCsv } from '../../shared/csv.js';
import type { ErpConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { erpConfigurato, firma } from '../erp/esporta-ordine.js';
import type { ArchivioMedia } from '../lib/archivio/archivio.js';

const WEBHOOK_TIMEOUT_MS = 10_000;

/** An authorised return as the ERP receives it (docs/erp.md#resi): the lines authorised, with their credit. */
interface ResoPerErp {
  tipo: 'reso';
  chiave_idempotenza: string;
  reso_id: number;
  numero: string;
  stato: string;
  data: string;
  azienda_codice: string;
  cliente_codice: string;
  ddt: { numero: string; data: string };
  righe: { riga: number; codice_prodotto: string; descrizione: string; quantita: number; motivo: string; lotto: string; nota: string; percentuale_accredito: string }[];
}

async function leggiReso(db: Db, id: number): Promise<ResoPerErp | undefined> {
  const [r] = await db.$client<ResoPerErp[]>`
    SELECT 'reso' AS tipo, 'portale-reso-' || s.id AS chiave_idempotenza, s.id AS reso_id, s.numero, s.stato,
      to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS data, s.azienda_codice, c.codice AS cliente_codice,
      json_build_object('numero', d.numero, 'data', to_char(d.data, 'YYYY-MM-DD')) AS ddt,
      coalesce((SELECT json_agg(json_build_object('riga', r.riga, 'codice_prodotto', r.codice_prodotto, 'descrizione', r.descrizione,
          'quantita', x.quantita, 'motivo', x.motivo, 'lotto', coalesce(x.lotto, r.lotto, ''), 'nota', coalesce(x.nota, ''),
          'percentuale_accredito', to_char(x.percentuale_autorizzata, 'FM990.00')) ORDER BY r.riga, x.id)
        FROM resi_righe x JOIN documenti_righe r ON r.id = x.documento_riga_id WHERE x.reso_id = s.id AND x.esito = 'autorizzata'), '[]') AS righe
    FROM resi s JOIN clienti c ON c.id = s.cliente_id JOIN documenti d ON d.id = s.documento_id
    WHERE s.id = ${id}`;
  return r;
}

const COLONNE = ['reso_id', 'numero', 'data', 'azienda_codice', 'cliente_codice', 'ddt_numero', 'ddt_data',
  'riga', 'codice_prodotto', 'descrizione', 'quantita', 'motivo', 'lotto', 'nota', 'percentuale_accredito'] as const;

async function scriviAtomico(file: string, dati: string): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(tmp, dati, 'utf8');
  await fs.rename(tmp, file);
}

/** As an order's hand-over: the CSV then the JSON (folder, media store), and the signed webhook. */
async function consegna(erp: ErpConfig, archivio: ArchivioMedia, r: ResoPerErp): Promise<void> {
  const json = `${JSON.stringify(r, null, 2)}\n`;
  const csv = fileCsv(COLONNE, r.righe.map((x) => [
    r.reso_id, r.numero, r.data, r.azienda_codice, r.cliente_codice, r.ddt.numero, r.ddt.data,
    x.riga, x.codice_prodotto, x.descrizione, x.quantita, x.motivo, x.lotto, x.nota, x.percentuale_accredito,
  ]));
  const nome = `reso-${r.reso_id}`;
  if (erp.exportDir) {
    await fs.mkdir(erp.exportDir, { recursive: true });
    await scriviAtomico(path.join(erp.exportDir, `${nome}.csv`), csv);
    await scriviAtomico(path.join(erp.exportDir, `${nome}.json`), json);
  }
  if (erp.exportPrefix) {
    await archivio.salva(`${erp.exportPrefix}${nome}.csv`, csv);
    await archivio.salva(`${erp.exportPrefix}${nome}.json`, json);
  }
  if (erp.webhookUrl) {
    const body = JSON.stringify(r);
    const ts = Math.floor(Date.now() / 1000);
    const res = await fetch(erp.webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': r.chiave_idempotenza, 'X-Portale-Firma': firma(erp.webhookSecret ?? '', ts, body) },
      body,
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    const testo = await res.text().catch(() => '');
    if (!res.ok) throw new Error(`ERP: risposta HTTP ${res.status}${testo ? ` — ${testo.slice(0, 200)}` : ''}`);
  }
}

/**
 * The job `esporta_reso`, queued once by resi/autorizza in its transaction (job key erp-reso:<id>):
 * hands the authorised return to the ERP and records the outcome; a failure is retried by the queue.
 */
export function esportaReso(db: Db, erp: ErpConfig | undefined, archivio: ArchivioMedia): Task {
  const sql = db.$client;
  return async (payload) => {
    const id = Number((payload as { id?: unknown }).id);
    if (!erpConfigurato(erp)) {
      await sql`UPDATE resi SET erp_stato = 'non_configurato' WHERE id = ${id}`;
      return;
    }
    const r = await leggiReso(db, id);
    if (!r) return;
    try {
      await consegna(erp, archivio, r);
    } catch (err) {
      const msg = err instanceof Error ? (err.name === 'TimeoutError' ? 'ERP: nessuna risposta entro 10 s' : err.message) : String(err);
      await sql`UPDATE resi SET erp_stato = 'errore', erp_tentativi = erp_tentativi + 1, erp_errore = ${msg.slice(0, 500)} WHERE id = ${id}`;
      throw err;
    }
    await sql`UPDATE resi SET erp_stato = 'inviato', erp_tentativi = erp_tentativi + 1, erp_errore = NULL, erp_inviato_at = now() WHERE id = ${id}`;
  };
}
