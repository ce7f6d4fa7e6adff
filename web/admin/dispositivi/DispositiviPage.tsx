import { useQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useState } from 'react';
import { MSG_DISPOSITIVI, type Dispositivo } from '../../../shared/dispositivi.js';
import { type Column, DataTable, type TableQuery } from '../../components/DataTable';
import { SelectField } from '../../components/form/SelectField';
import { useConfirmAction } from '../../hooks/useConfirmAction';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { type DatiDispositivi, dispositiviQuery, useCancellaListaAttesa } from './api';
import { AzioneDispositivo } from './AzioneDispositivo';
import { formatDataOra, formatNumero, formatSiNo, testoOVuoto } from '../../lib/formato';
import './dispositivi.css';

const TITOLO = 'Lista Dispositivi Utente';
const LOADING = 'Caricamento dispositivi in corso...';
const EMPTY = 'Nessun dispositivo trovato.';

type Filtro = 'tutti' | '1' | '0';
const FILTRI: { value: Filtro; label: string }[] = [
  { value: 'tutti', label: 'Tutti i dispositivi' },
  { value: '1', label: 'Solo autorizzati' },
  { value: '0', label: 'Solo non autorizzati' },
];

const nomeUtente = (d: Dispositivo) => `${d.utente_nome} ${d.utente_cognome}`.trim();

/** A case-insensitive substring of 'nome cognome' (trimmed term; empty shows all), then the filter. */
function filtra(devices: readonly Dispositivo[], termine: string, filtro: Filtro): Dispositivo[] {
  const t = termine.trim().toLowerCase();
  return devices.filter((d) =>
    (filtro === 'tutti' || d.authorized === Number(filtro)) && (!t || nomeUtente(d).toLowerCase().includes(t)));
}

/**
 * /admin/userdevice/list (docs/regole/admin.md#devices-admin): tecnico
 * only (routes.tsx: SoloTecnico).
 */
export function DispositiviPage() {
  useDocumentTitle(TITOLO);
  const [termine, setTermine] = useState('');
  const [filtro, setFiltro] = useState<Filtro>('tutti');
  const cerca = useDeferredValue(termine);
  // One cached list, two views of it: the rows that pass the search and the filter, and the counts.
  const query = useQuery({
    ...dispositiviQuery(),
    select: useCallback((d: DatiDispositivi) => filtra(d.devices, cerca, filtro), [cerca, filtro]),
  });
  const conteggi = useQuery({ ...dispositiviQuery(), select: (d) => ({ letti: d.devices.length, totale: d.totale }) });
  const righe = query.data;
  const cancellaLista = useCancellaListaAttesa();
  const confermaEFai = useConfirmAction();

  const svuota = () => void confermaEFai({
    question: MSG_DISPOSITIVI.confermaLista,
    confirm: { title: 'Cancella lista di attesa', confirmLabel: 'Cancella', danger: true },
    run: async () => {
      const r = await cancellaLista.mutateAsync();
      return r.status === 'success' ? { status: 0, msg: MSG_DISPOSITIVI.listaCancellata } : { status: 1, msg: '' };
    },
    failure: MSG_DISPOSITIVI.erroreLista,
  });

  const { letti = 0, totale = 0 } = conteggi.data ?? {};
  return (
    <>
      <div className="page-head dispositivi-head">
        <h1>{TITOLO}</h1>
        <div className="page-actions">
          <button type="button" className="btn btn-danger" onClick={svuota} disabled={cancellaLista.isPending}>
            Cancella lista di attesa
          </button>
        </div>
      </div>
      <section className="card dispositivi" aria-label={TITOLO}>
        <div className="card-head dispositivi-toolbar">
          <input
            type="search"
            className="input dispositivi-cerca"
            aria-label="Cerca per nome cliente"
            placeholder="Cerca per nome cliente..."
            value={termine}
            onChange={(e) => setTermine(e.target.value)}
          />
          <SelectField
            label="Mostra"
            layout="inline"
            options={FILTRI}
            value={filtro}
            onChange={(e) => setFiltro(e.target.value as Filtro)}
          />
          <span className="spacer" />
          {righe && (
            <span className="muted dispositivi-conteggio" aria-live="polite">
              {righe.length === letti ? `${letti} dispositivi` : `${righe.length} di ${letti} dispositivi`}
              {totale > letti && ` (i più recenti ${letti} di ${totale})`}
            </span>
          )}
        </div>
        <TabellaDispositivi query={query} />
      </section>
    </>
  );
}

function TabellaDispositivi({ query }: { query: TableQuery<Dispositivo> }) {
  const columns: Column<Dispositivo>[] = [
    {
      key: 'id', header: 'ID', className: 'nowrap',
      cell: (d) => (
        <span className={`status-dot${d.authorized === 1 ? ' is-ok' : ''}`} title={d.authorized === 1 ? 'Autorizzato' : 'Non autorizzato'}>
          <span>{d.id}</span>
          <span className="visually-hidden">{d.authorized === 1 ? 'Autorizzato' : 'Non autorizzato'}</span>
        </span>
      ),
    },
    { key: 'nome', header: 'Nome Utente', className: 'strong nowrap', cell: nomeUtente },
    {
      key: 'fingerprint', header: 'Fingerprint',
      cell: (d) => <span className="codice dispositivi-fingerprint" title={d.fingerprint}>{d.fingerprint}</span>,
    },
    { key: 'ip', header: 'IP', className: 'nowrap', cell: (d) => <span className="codice">{testoOVuoto(d.ip)}</span> },
    { key: 'platform', header: 'Piattaforma', className: 'nowrap', cell: (d) => testoOVuoto(d.platform) },
    { key: 'screen', header: 'Risoluzione Schermo', className: 'nowrap', align: 'end', cell: (d) => testoOVuoto(d.screen_resolution) },
    { key: 'timezone', header: 'Fuso Orario', className: 'nowrap', cell: (d) => testoOVuoto(d.timezone) },
    { key: 'language', header: 'Lingua', className: 'nowrap', cell: (d) => testoOVuoto(d.language) },
    { key: 'color', header: 'Profondità Colore', align: 'end', cell: (d) => formatNumero(d.color_depth) },
    { key: 'ratio', header: 'Pixel Ratio', align: 'end', cell: (d) => formatNumero(d.pixel_ratio) },
    { key: 'cookie', header: 'Cookie Abilitati', align: 'center', cell: (d) => formatSiNo(d.cookie_enabled) },
    {
      key: 'created', header: 'Data Creazione', className: 'nowrap',
      cell: (d) => <time dateTime={d.created_at}>{formatDataOra(d.created_at)}</time>,
    },
  ];
  return (
    <DataTable
      label={TITOLO}
      className="dispositivi-table"
      query={query}
      columns={columns}
      empty={EMPTY}
      loadingLabel={LOADING}
      errorTitle={MSG_DISPOSITIVI.erroreCaricamento}
      rowClassName={(d) => (d.authorized === 1 ? undefined : 'is-pending')}
      actions={(d) => <AzioneDispositivo dispositivo={d} nome={nomeUtente(d)} />}
    />
  );
}
