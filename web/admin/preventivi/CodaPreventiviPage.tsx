import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PreventivoElenco } from '../../../shared/preventivi.js';
import { STATI_STAFF } from '../../../shared/preventivi-costanti.js';
import { Collegamento } from '../../components/Collegamento';
import { type Column, DataTable } from '../../components/DataTable';
import { InputField } from '../../components/form/InputField';
import { useModulo } from '../../components/form/useModulo';
import { PannelloFiltri } from '../../components/PannelloFiltri';
import { QueryView } from '../../components/QueryView';
import { useToast } from '../../components/Toast';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useFiltriUrl } from '../../hooks/useFiltriUrl';
import { totaleDi, usePaginaElenco } from '../../hooks/usePaginaElenco';
import { usePaging } from '../../hooks/usePaging';
import { errorMessage } from '../../lib/api';
import { formatData, formatImporto } from '../../lib/formato';
import { paths } from '../../paths';
import { EtichettaStato } from '../../preventivi/EtichettaStato';
import { FiltriPreventivi } from '../../preventivi/FiltriPreventivi';
import '../../preventivi/preventivi.css';
import { ElencoPaginato } from '../ElencoPaginato';
import { CAMPI_FILTRI_CODA, codaQuery, type FiltriCoda, useImpostaValidita, validitaQuery } from './api';

const COLONNE: Column<PreventivoElenco>[] = [
  {
    key: 'numero', header: 'Numero', className: 'codice strong nowrap',
    cell: (p) => <Collegamento to={paths.adminPreventivoDettaglio.href({ id: p.id })}>{p.numero}</Collegamento>,
  },
  { key: 'cliente', header: 'Cliente', cell: (p) => <>{p.cliente.ragione_sociale} <span className="muted codice">({p.cliente.codice})</span></> },
  { key: 'richiesto', header: 'Richiesto il', className: 'nowrap', cell: (p) => formatData(p.created_at) },
  { key: 'stato', header: 'Stato', cell: (p) => <EtichettaStato testo={p.stato_staff} stato={p.stato} /> },
  { key: 'presa', header: 'In carico a', cell: (p) => p.presa_da ?? <span className="muted">—</span> },
  { key: 'totale', header: 'Totale', align: 'end', className: 'nowrap', cell: (p) => (p.totale === null ? '—' : formatImporto(p.totale)) },
];

/**
 * /admin/preventivi (issue 37): every client's quote requests, the last touched first, a page at a
 * time, by the staff's label, number, period, client code, or only one's own; who has each in charge.
 */
export function CodaPreventiviPage() {
  useDocumentTitle('Preventivi');
  const paging = usePaging();
  const { filtri, applica, attivi, quanti } = useFiltriUrl<FiltriCoda>(CAMPI_FILTRI_CODA, { stato: STATI_STAFF, miei: ['1'] });
  const pagina = usePaginaElenco(codaQuery(filtri, paging.start, paging.limit), (d) => d.preventivi, totaleDi);
  return (
    <>
      <div className="page-head">
        <h1>Preventivi</h1>
        <Collegamento className="btn btn-primary" to={paths.adminPreventivoNuovo.path}>Nuovo preventivo</Collegamento>
      </div>
      <ElencoPaginato voce={['richiesta', 'richieste']} paging={paging} pagina={pagina} etichetta="Richieste di preventivo"
        filtri={(
          <PannelloFiltri attivi={quanti}>
            {/* What Filtri applies passed preventivi/coda's schema: its state is one of STATI_STAFF. */}
            <FiltriPreventivi key={JSON.stringify(filtri)} filtri={filtri} applica={(f) => applica(f as FiltriCoda)} stati={STATI_STAFF} staff />
          </PannelloFiltri>
        )}>
        <DataTable label="Richieste di preventivo" className="preventivi-tabella" query={pagina.righe} columns={COLONNE}
          empty={attivi ? 'Nessuna richiesta con i filtri scelti.' : 'Nessuna richiesta di preventivo.'}
          loadingLabel="Caricamento delle richieste…" errorTitle="Impossibile leggere le richieste" />
      </ElencoPaginato>
      <Validita />
    </>
  );
}

/** The default validity of an answer (impostazioni 'giorni_validita_preventivo'). */
function Validita() {
  const query = useQuery(validitaQuery);
  return (
    <section className="card card-body preventivo-validita" aria-label="Validità predefinita delle offerte">
      <QueryView query={query} riga loadingLabel="Caricamento…">
        {(d) => <ModuloValidita key={d.giorni_validita} giorni={d.giorni_validita} />}
      </QueryView>
    </section>
  );
}

function ModuloValidita({ giorni }: { giorni: number }) {
  const imposta = useImpostaValidita();
  const toast = useToast();
  const modulo = useModulo(() => import('../../../shared/preventivi.js').then((m) => m.giorniValiditaRequest), { giorni_validita: String(giorni) });
  const [errore, setErrore] = useState('');
  const salva = async () => {
    const esito = await modulo.valida(modulo.valori);
    if (!esito.ok) return;
    try {
      await imposta.mutateAsync(esito.dati.giorni_validita);
      toast.success('Validità predefinita delle offerte salvata.');
    } catch (err) {
      if (!modulo.mostraDalServer(err)) setErrore(errorMessage(err));
    }
  };
  return (
    <form className="preventivo-validita-modulo" noValidate onSubmit={(e) => { e.preventDefault(); void salva(); }}>
      <InputField label="Validità predefinita delle offerte (giorni)" inputMode="numeric" {...modulo.campo('giorni_validita')} />
      <button type="submit" className="btn" disabled={imposta.isPending}>Salva</button>
      {errore && <p className="field-error" role="alert">{errore}</p>}
    </form>
  );
}
