/** Imports over real HTTP (multipart) to a listening app, followed until the run has ended. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

export function modulo(campi: Record<string, string>, contenuto: string | Uint8Array, nome = 'giacenze.csv'): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(campi)) f.append(k, v);
  f.append('file', new Blob([typeof contenuto === 'string' ? contenuto : new Uint8Array(contenuto)]), nome);
  return f;
}

export const carica = (base: string, form: FormData, headers: Record<string, string>, path = 'importazioni/carica') =>
  fetch(`${base}/api/${path}`, { method: 'POST', body: form, headers });

export type Rapporto = {
  status: number; msg: string; importazione: { id: number; stato: string } & Record<string, unknown>; errori: Record<string, unknown>[];
};

/**
 * Reads a queued run's report until the run has ended; meanwhile the server answers its health
 * check every time (the run's work is in a process of its own).
 */
export async function finita(app: FastifyInstance, r: Response, headers: Record<string, string>, path = 'importazioni/rapporto'): Promise<Rapporto> {
  expect(r.status).toBe(200);
  const coda = (await r.json()) as Rapporto;
  expect(coda).toMatchObject({ status: 0, msg: 'File ricevuto: importazione in coda.', importazione: { stato: 'in_attesa' }, errori: [] });
  let ultimo = coda;
  await expect.poll(async () => {
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    ultimo = (await app.inject({ url: `/api/${path}?id=${coda.importazione.id}`, headers })).json();
    return ultimo.importazione.stato;
  }, { timeout: 30_000, interval: 50 }).toMatch(/^(applicata|verificata|rifiutata|fallita)$/);
  return ultimo;
}
