import type postgres from 'postgres';

/**
 * Demo quotes (issue 37): three of Mario's, so that the screens show every state a customer meets
 * from the first start: one answered and waiting for him, one expired, one ordered (with its
 * order at the quoted prices). Answered by Laura Conti (the admin 'admin'), numbered from 1 in the
 * current year. Prices are his client's net prices of today (prezzo_netto, as every answer
 * computes them) less a discount chain, so the saving shows; the ordered one is his latest confirmed
 * order of the history, at its prices.
 */
const DAY_MS = 86_400_000;

const PREVENTIVI = [
  { progressivo: 1, stato: 'scaduta', creato: 40, scade: -5, sconti: '10+5', messaggio: 'Prezzi per la scorta di fine anno.' },
  { progressivo: 2, stato: 'ordinata', creato: 0, scade: 10, sconti: '', messaggio: 'Ci serve entro fine mese.' },
  { progressivo: 3, stato: 'offerta', creato: 3, scade: 27, sconti: '15+5', messaggio: 'Per il cantiere di via Roma: potete fare meglio del netto?' },
] as const;

export async function seedPreventivi(tx: postgres.TransactionSql, now: Date): Promise<void> {
  const [ctx] = await tx<{ anno: number; admin_id: number; admin_nome: string }[]>`
    SELECT extract(year FROM ${now.toISOString()}::timestamptz AT TIME ZONE 'Europe/Rome')::int AS anno, a.id AS admin_id,
      trim(a.nome || ' ' || a.cognome) AS admin_nome
    FROM admin_utenti a WHERE a.username = 'admin'`;
  const { anno, admin_id, admin_nome } = ctx!;
  // The ordered quote became Mario's latest confirmed order of the history: its lines, at its prices.
  const [riga] = await tx<{ id: number; ms: string }[]>`
    SELECT id, (extract(epoch FROM created_at) * 1000)::bigint::text AS ms FROM ordini WHERE utente_id = 1 AND cliente_id = 1 AND response_code = '201'
    ORDER BY created_at DESC, id DESC LIMIT 1`;
  const ordine = riga ? { id: riga.id, created_at: new Date(Number(riga.ms)) } : undefined;
  const ordineId = ordine?.id;
  for (const [k, q] of PREVENTIVI.entries()) {
    if (q.stato === 'ordinata' && !ordine) continue;
    const creato = q.stato === 'ordinata' ? new Date(ordine!.created_at.getTime() - 2 * DAY_MS) : new Date(now.getTime() - q.creato * DAY_MS);
    const scade = q.stato === 'ordinata' ? new Date(creato.getTime() + 30 * DAY_MS) : new Date(now.getTime() + q.scade * DAY_MS);
    const numero = `P${anno}/${String(q.progressivo).padStart(6, '0')}`;
    const [p] = await tx<{ id: number }[]>`
      INSERT INTO preventivi (cliente_id, azienda_codice, anno, progressivo, numero, utente_id, utente_nome, stato, versione, scade_at,
        presa_admin_id, presa_nome, presa_at, created_at, updated_at)
      VALUES (1, '0001', ${anno}, ${q.progressivo}, ${numero}, 1, 'Mario Rossi', ${q.stato}, 1, ${scade.toISOString()}::timestamptz,
        ${admin_id}, ${admin_nome}, ${creato.toISOString()}::timestamptz, ${creato.toISOString()}::timestamptz, ${creato.toISOString()}::timestamptz)
      RETURNING id`;
    if (q.stato === 'ordinata') await righeDellOrdine(tx, p!.id, ordineId!);
    else {
      // Three priced products of Mario's client, different for each quote, in single pieces.
      await tx`
        WITH scelti AS (
          SELECT p.id, p.codice_prodotto, coalesce(nullif(p.titolo_portale, ''), p.descrizione1) AS descrizione,
            prezzo_netto(lp.prezzo, ps.prezzo, coalesce(sp.fattore, sf.fattore), c.sconto) AS netto,
            row_number() OVER (ORDER BY p.id) AS posizione
          FROM clienti c JOIN prodotti p ON p.status = 0 AND p.deleted_at IS NULL AND p.multiplo = 1 AND p.minimo = 1
          JOIN prodotti_prezzi lp ON lp.prodotto_id = p.id AND lp.listino = 1
          LEFT JOIN prezzi_speciali ps ON ps.prodotto_id = p.id AND ps.cliente_id = c.id
          LEFT JOIN sconti_clienti sp ON sp.cliente_id = c.id AND sp.prodotto_id = p.id
          LEFT JOIN sconti_clienti sf ON sf.cliente_id = c.id AND sf.famiglia_sconto = p.famiglia_sconto
          WHERE c.id = 1 AND lp.prezzo BETWEEN 5 AND 120 AND p.id % 97 = ${k + 1}
          ORDER BY p.id LIMIT 3),
        v AS (SELECT generate_series(0, 1) AS versione)
        INSERT INTO preventivi_righe (preventivo_id, versione, posizione, codice_prodotto, descrizione, quantita, prezzo_netto, prezzo, sconti, giorni_consegna)
        SELECT ${p!.id}, v.versione, s.posizione, s.codice_prodotto, s.descrizione, 10 * s.posizione, s.netto,
          CASE WHEN v.versione = 1 THEN round(s.netto * (SELECT exp(sum(ln(1 - x::numeric / 100))) FROM unnest(string_to_array(${q.sconti}, '+')) x), 3) END,
          CASE WHEN v.versione = 1 THEN ${q.sconti} END, CASE WHEN v.versione = 1 THEN 3 END
        FROM scelti s CROSS JOIN v`;
    }
    await tx`INSERT INTO preventivi_versioni (preventivo_id, versione, scade_at, admin_id, admin_nome, created_at)
      VALUES (${p!.id}, 1, ${scade.toISOString()}::timestamptz, ${admin_id}, ${admin_nome}, ${new Date(creato.getTime() + DAY_MS).toISOString()}::timestamptz)`;
    await tx`INSERT INTO preventivi_messaggi (preventivo_id, autore, autore_nome, tipo, versione, testo, created_at) VALUES
      (${p!.id}, 'cliente', 'Mario Rossi', 'richiesta', 0, ${q.messaggio}, ${creato.toISOString()}::timestamptz),
      (${p!.id}, 'staff', ${admin_nome}, 'risposta', 1, 'Ecco la nostra offerta.', ${new Date(creato.getTime() + DAY_MS).toISOString()}::timestamptz)`;
    if (q.stato === 'ordinata') {
      await tx`UPDATE preventivi SET ordine_id = ${ordineId!}, accettata_utente_id = 1 WHERE id = ${p!.id}`;
      await tx`INSERT INTO preventivi_messaggi (preventivo_id, autore, autore_nome, tipo, versione, testo, created_at)
        VALUES (${p!.id}, 'cliente', 'Mario Rossi', 'accettazione', 1, ${`Ordine #${ordineId!}`}, ${ordine!.created_at.toISOString()}::timestamptz)`;
    }
  }
  await tx`INSERT INTO preventivi_numeratori (azienda_codice, anno, ultimo) VALUES ('0001', ${anno}, ${PREVENTIVI.length})`;
}

/**
 * The ordered quote's lines: those of the order it became, at the order's prices (the quoted ones),
 * with the customer's net of today beside them (prezzo_netto) and the request as version 0.
 */
async function righeDellOrdine(tx: postgres.TransactionSql, preventivoId: number, ordineId: number): Promise<void> {
  await tx`
    INSERT INTO preventivi_righe (preventivo_id, versione, posizione, codice_prodotto, descrizione, quantita, prezzo_netto, prezzo, giorni_consegna)
    SELECT ${preventivoId}, v, row_number() OVER (PARTITION BY v ORDER BY r.id), r.codice_prodotto, r.prodotto_nome, r.qt,
      prezzo_netto(lp.prezzo, ps.prezzo, coalesce(sp.fattore, sf.fattore), c.sconto),
      CASE WHEN v = 1 THEN r.prezzo_reale END, CASE WHEN v = 1 THEN 2 END
    FROM ordini_righe r JOIN clienti c ON c.id = 1 CROSS JOIN generate_series(0, 1) v
    LEFT JOIN prodotti p ON p.id = r.prodotto_id
    LEFT JOIN prodotti_prezzi lp ON lp.prodotto_id = p.id AND lp.listino = 1
    LEFT JOIN prezzi_speciali ps ON ps.prodotto_id = p.id AND ps.cliente_id = c.id
    LEFT JOIN sconti_clienti sp ON sp.cliente_id = c.id AND sp.prodotto_id = p.id
    LEFT JOIN sconti_clienti sf ON sf.cliente_id = c.id AND sf.famiglia_sconto = p.famiglia_sconto
    WHERE r.ordine_id = ${ordineId}`;
}
