import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Collegamento } from '../../components/Collegamento';
import type { MultimediaItem } from '../../../shared/media.js';
import { etichettaTipologia, MSG_MULTIMEDIA, MULTIMEDIA_TIPOLOGIE } from '../../../shared/media-costanti.js';
import { type Column, DataTable } from '../../components/DataTable';
import { SelectField } from '../../components/form/SelectField';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { formatDataOra } from '../../lib/formato';
import { fileName, mediaUrl } from '../../lib/media';
import { paths } from '../../paths';
import { multimediaTuttiQuery } from './api';
import { Copertina } from './Copertina';
import { OPZIONI_TIPOLOGIA, MultimediaForm } from './MultimediaForm';
import './multimedia.css';

/** The type filter in the URL, so that back from a detail finds the same list. */
const PARAM = 'tipologia';

const posto = (t: string) => {
  const i = MULTIMEDIA_TIPOLOGIE.indexOf(t as (typeof MULTIMEDIA_TIPOLOGIE)[number]);
  return i < 0 ? MULTIMEDIA_TIPOLOGIE.length : i;
};

/** The columns; links to a detail carry the list to go back to. */
const colonne = (indietro: string): Column<MultimediaItem>[] => [
  { key: 'cover', header: <span className="visually-hidden">Copertina</span>, className: 'mm-col-cover', cell: (m) => <Copertina item={m} piccola /> },
  {
    key: 'nome', header: 'Nome', className: 'mm-col-nome',
    cell: (m) => (
      <>
        <Collegamento to={paths.adminMultimediaDettaglio.href(m.id)} state={{ indietro }} className="strong">{m.nome}</Collegamento>
        {m.descrizione && <span className="mm-desc muted">{m.descrizione}</span>}
        {/* Narrow screens: type and date here, their columns hidden. */}
        <span className="mm-meta muted">{etichettaTipologia(m.tipologia)} · {formatDataOra(m.created_at)}</span>
      </>
    ),
  },
  { key: 'tipologia', header: 'Tipologia', className: 'nowrap mm-col-largo', cell: (m) => etichettaTipologia(m.tipologia) },
  {
    key: 'file', header: 'File o link', className: 'mm-col-file',
    cell: (m) => {
      if (m.link_file) {
        return <a href={mediaUrl(m.link_folder, m.link_file)} download={fileName(m.link_file)} className="mm-file-link">{fileName(m.link_file)}</a>;
      }
      if (m.link) return <span className="mm-file-link codice" title={m.link}>{m.link}</span>;
      return <span className="muted">—</span>;
    },
  },
  { key: 'data', header: 'Data', className: 'nowrap mm-col-largo', cell: (m) => formatDataOra(m.created_at) },
];

/**
 * /admin/multimedia (docs/regole/multimedia.md#multimedia-admin): every item of every type,
 * grouped by type in the order the customer pages show them, with a filter by type kept in the
 * URL; 'Nessuna Media Caricato' when there is none. A row opens its detail.
 */
export function MultimediaPage() {
  useDocumentTitle('Multimedia');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filtro = params.get(PARAM) ?? '';
  const query = useQuery({
    ...multimediaTuttiQuery(),
    select: (items) => items
      .filter((m) => !filtro || m.tipologia === filtro)
      // Stable: within a type the server's order (what customers see) stays.
      .sort((a, b) => posto(a.tipologia) - posto(b.tipologia)),
  });
  const n = query.data?.length;
  const indietro = paths.adminMultimedia.href({ [PARAM]: filtro });

  return (
    <>
      <div className="page-head">
        <h1>Multimedia</h1>
      </div>
      <p className="page-sub">
        Cataloghi, volantini, novità e tabelle che i clienti scaricano dalle pagine del portale; i banner laterali della home sono
        anche in <Collegamento to={paths.adminBanner.path}>Banner</Collegamento>.
      </p>
      <MultimediaForm titolo="Nuovo contenuto" />
      <section className="card mm-lista" aria-label="Elenco multimedia">
        <div className="list-toolbar">
          <SelectField
            layout="inline"
            label="Tipologia"
            value={filtro}
            placeholder="Tutte le tipologie"
            options={OPZIONI_TIPOLOGIA}
            onChange={(e) => setParams((prev) => {
              const p = new URLSearchParams(prev);
              if (e.target.value) p.set(PARAM, e.target.value);
              else p.delete(PARAM);
              return p;
            }, { replace: true })}
          />
          <span className="muted" aria-live="polite">
            {n === undefined ? '' : n === 1 ? '1 contenuto' : `${n} contenuti`}
          </span>
        </div>
        <DataTable
          label="Multimedia"
          className="mm-table"
          query={query}
          columns={colonne(indietro)}
          empty={MSG_MULTIMEDIA.vuoto}
          loadingLabel="Caricamento multimedia…"
          onRowClick={(m) => void navigate(paths.adminMultimediaDettaglio.href(m.id), { state: { indietro } })}
        />
      </section>
    </>
  );
}
