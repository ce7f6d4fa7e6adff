import { useQuery } from '@tanstack/react-query';
import { TIPOLOGIA_TECNICO } from '../../../shared/accesso.js';
import { MSG_DISPOSITIVI, type Dispositivo } from '../../../shared/dispositivi.js';
import { type Column, DataTable } from '../../components/DataTable';
import { formatDataOra, testoOVuoto } from '../../lib/formato';
import { useAdminUser } from '../adminSession';
import { dispositiviUtenteQuery } from './api';
import { AzioneDispositivo } from './AzioneDispositivo';
import './dispositivi.css';

const data = (v: string) => <time dateTime={v}>{formatDataOra(v)}</time>;

const colonne: Column<Dispositivo>[] = [
  { key: 'platform', header: 'Piattaforma', className: 'nowrap', cell: (d) => testoOVuoto(d.platform) },
  { key: 'ip', header: 'IP', className: 'nowrap', cell: (d) => <span className="codice">{testoOVuoto(d.ip)}</span> },
  { key: 'screen', header: 'Risoluzione', className: 'nowrap', cell: (d) => testoOVuoto(d.screen_resolution) },
  {
    key: 'fingerprint', header: 'Fingerprint',
    cell: (d) => <span className="codice dispositivi-fingerprint" title={d.fingerprint}>{d.fingerprint}</span>,
  },
  { key: 'created', header: 'Data Creazione', className: 'nowrap', cell: (d) => data(d.created_at) },
  { key: 'updated', header: 'Ultima modifica', className: 'nowrap', cell: (d) => data(d.updated_at) },
];

/**
 * One user's devices (devices/byuser, every admin): status
 * 'Autorizzato' or 'In Attesa', platform, ip, dates. 'Abilita'/'Disabilita' only for the tecnico,
 * the only one the server lets change them (docs/regole/accesso.md#access).
 */
export function DispositiviUtente({ utenteId, nome }: { utenteId: number; nome: string }) {
  const tecnico = useAdminUser().tipologia === TIPOLOGIA_TECNICO;
  const query = useQuery({ ...dispositiviUtenteQuery(utenteId), select: (d) => d.devices });
  // The status and its button side by side, first: in view however narrow the table's box.
  const stato: Column<Dispositivo> = {
    key: 'stato', header: 'Stato', className: 'nowrap',
    cell: (d) => (
      <span className="dispositivi-utente-stato">
        <span className={`status-pill${d.authorized === 1 ? ' is-ok' : ' is-wait'}`}>{d.authorized === 1 ? 'Autorizzato' : 'In Attesa'}</span>
        {tecnico && <AzioneDispositivo dispositivo={d} nome={nome} />}
      </span>
    ),
  };
  return (
    <>
      <DataTable
        label={`Dispositivi di ${nome}`}
        className="dispositivi-utente-table"
        query={query}
        columns={[stato, ...colonne]}
        empty="Nessun dispositivo collegato a questo utente."
        loadingLabel="Caricamento dispositivi in corso..."
        errorTitle={MSG_DISPOSITIVI.erroreCaricamento}
        rowClassName={(d) => (d.authorized === 1 ? undefined : 'is-pending')}
      />
      {!tecnico && query.data && query.data.length > 0 && (
        <p className="hint dispositivi-utente-nota">Solo il personale tecnico può abilitare o disabilitare i dispositivi.</p>
      )}
    </>
  );
}
