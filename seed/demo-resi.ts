/**
 * The demo's returns (docs/regole/resi.md): Mario's DDT carry their lines as the ERP would send
 * them (the orders' lines, the first with a lot); one return is authorised on the latest DDT, and
 * one on the oldest is closed by the credit note that credits it (demo-documenti.ts), linked.
 * Runs after seedDocumenti, in the same transaction; numbered as resi/richiedi numbers.
 */
import type postgres from 'postgres';
import { CLIENTI } from './demo-anagrafica.js';

const MARIO = 'mario.rossi@ferramentarossi.it';

export async function seedResi(tx: postgres.TransactionSql): Promise<void> {
  const cliente = CLIENTI.find((c) => c.id === 1)!;
  const ddt = await tx<{ id: number; numero: string; data: string }[]>`
    SELECT id, numero, to_char(data, 'YYYY-MM-DD') AS data FROM documenti WHERE cliente_id = ${cliente.id} AND tipo = 'DDT' ORDER BY data, id`;
  for (const d of ddt) {
    const righe = await tx<{ codice_prodotto: string; descrizione: string; quantita: number }[]>`
      SELECT r.codice_prodotto, r.prodotto_nome AS descrizione, r.qt AS quantita
      FROM documenti_ordini o JOIN ordini_righe r ON r.ordine_id = o.ordine_id WHERE o.documento_id = ${d.id} ORDER BY r.id`;
    const conUnita = righe.map((r, i) => ({ ...r, unita: 'PZ', ...(i === 0 ? { lotto: `L${d.data.replaceAll('-', '')}` } : {}) }));
    await tx`SELECT scrivi_righe_ddt(${d.id}, ${JSON.stringify(conUnita)}::text::jsonb)`;
  }
  const [utente] = await tx<{ id: number }[]>`SELECT id FROM utenti WHERE username = ${MARIO}`;
  const [staff] = await tx<{ id: number; nome: string }[]>`SELECT id, trim(nome || ' ' || cognome) AS nome FROM admin_utenti WHERE username = 'admin'`;
  const [nota] = await tx<{ id: number; numero: string; data: string }[]>`
    SELECT id, numero, to_char(data, 'YYYY-MM-DD') AS data FROM documenti WHERE cliente_id = ${cliente.id} AND tipo = 'NOTA_CREDITO' ORDER BY data LIMIT 1`;
  const piuVecchio = ddt[0]!;
  const ultimo = ddt[ddt.length - 1]!;
  let n = 0;
  const reso = async (d: { id: number; data: string }, stato: string, giorni: number, motivo: string, descrizione: string, chiusa?: { id: number; numero: string; data: string }) => {
    const [riga] = await tx<{ id: number; quantita: number }[]>`SELECT id, quantita FROM documenti_righe WHERE documento_id = ${d.id} ORDER BY riga LIMIT 1`;
    const creato = new Date(Date.parse(`${d.data}T09:30:00Z`) + giorni * 86_400_000);
    const anno = creato.getUTCFullYear();
    // A closed return changed state when its credit note came; an authorised one the day after it was asked.
    const statoAt = chiusa ? new Date(`${chiusa.data}T12:00:00Z`) : new Date(creato.getTime() + 86_400_000);
    n += 1;
    const [{ id }] = await tx<{ id: number }[]>`
      INSERT INTO resi (azienda_codice, anno, numero, cliente_id, documento_id, utente_id, stato, descrizione, giorni_ddt, ddt_reso_richiesto,
        nota_credito_id, erp_stato, erp_tentativi, erp_inviato_at, created_at, stato_at)
      VALUES (${cliente.azienda}, ${anno}, ${`RMA-${anno}-${String(n).padStart(5, '0')}`}, ${cliente.id}, ${d.id}, ${utente!.id}, ${stato},
        ${descrizione}, ${giorni}, true, ${chiusa?.id ?? null}, 'inviato', 1, ${new Date(creato.getTime() + 86_400_000).toISOString()}, ${creato.toISOString()}, ${statoAt.toISOString()})
      RETURNING id`;
    await tx`
      INSERT INTO resi_righe (reso_id, documento_riga_id, quantita, motivo, percentuale_prevista, esito, percentuale_autorizzata,
        quantita_accettata, percentuale_accredito)
      VALUES (${id}, ${riga!.id}, ${Math.min(1, riga!.quantita)}, ${motivo}, 100, 'autorizzata', 100,
        ${stato === 'chiuso' ? Math.min(1, riga!.quantita) : null}, ${stato === 'chiuso' ? 100 : null})`;
    // Its history as the steps would have written it (resi_passi): Mario asked, the staff authorised, the ERP's note closed it.
    const autorizzato = new Date(creato.getTime() + 86_400_000).toISOString();
    await tx`
      INSERT INTO resi_passi (reso_id, da, a, autore_tipo, utente_id, admin_id, autore, nota, created_at)
      VALUES (${id}, NULL, 'richiesto', 'cliente', ${utente!.id}, NULL, 'Mario Rossi', NULL, ${creato.toISOString()}),
        (${id}, 'richiesto', 'autorizzato', 'staff', NULL, ${staff!.id}, ${staff!.nome}, NULL, ${autorizzato})
        ${chiusa ? tx`, (${id}, 'autorizzato', 'chiuso', 'erp', NULL, NULL, 'ERP',
          ${`Nota di credito ${chiusa.numero} del ${chiusa.data.split('-').reverse().join('/')}`}, ${statoAt.toISOString()})` : tx``}`;
    await tx`
      INSERT INTO resi_numeratori (azienda_codice, anno, ultimo) VALUES (${cliente.azienda}, ${anno}, 1)
      ON CONFLICT (azienda_codice, anno) DO UPDATE SET ultimo = resi_numeratori.ultimo + 1`;
  };
  // The oldest DDT's first line came back faulty; the credit note that credits it closed the return.
  await reso(piuVecchio, 'chiuso', 3, 'difettoso', 'Il trapano si ferma dopo pochi secondi.', nota);
  await reso(ultimo, 'autorizzato', 2, 'errato', 'Arrivato un articolo diverso da quello ordinato.');
}
