import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AgenteAdmin } from '../../../shared/agenti-admin.js';
import { BackButton } from '../../components/BackButton';
import { PaginaDettaglio } from '../../components/PaginaDettaglio';
import { Scheda } from '../../components/Scheda';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { paths } from '../../paths';
import { StoricoModifiche } from '../storico/StoricoModifiche';
import { PillStatoLogin } from '../utenti/StatoLogin';
import { AgenteForm } from './AgenteForm';
import { agenteQuery } from './api';
import { Portafoglio } from './Portafoglio';
import { PulsanteStatoAgente } from './PulsanteStatoAgente';
import './agenti.css';

const indietro = <BackButton to={paths.adminAgenti.path}>Torna agli agenti</BackButton>;

/**
 * /admin/agenti/dettaglio?id= (docs/regole/agenti.md#admin): an agent's login (enable, disable),
 * data to edit, the portfolio (the ERP's and the clients added by hand: add, remove) and the
 * 'Storico modifiche' of the agent.
 */
export function AgenteDettaglioPage() {
  const [params] = useSearchParams();
  const testo = params.get('id') ?? '';
  const valido = /^\d{1,9}$/.test(testo) && Number(testo) > 0;
  const query = useQuery({ ...agenteQuery(Number(testo)), enabled: valido });
  useDocumentTitle(query.data ? `Agente ${query.data.nome} ${query.data.cognome}` : 'Agente');
  return (
    <PaginaDettaglio query={query} titolo="Agente" indietro={indietro}
      errore={valido ? undefined : 'ID agente non disponibile.'} nonTrovato="Agente non trovato.">
      {(a) => <Agente key={a.utente_id} agente={a} />}
    </PaginaDettaglio>
  );
}

function Agente({ agente: a }: { agente: AgenteAdmin }) {
  const formId = useId();
  return (
    <>
      <div className="page-head">
        <h1>{a.nome} {a.cognome}</h1>
        {indietro}
      </div>
      <p className="page-sub">{a.username} · codice agente <span className="codice">{a.agente_codice}</span></p>
      <div className="agente-pagina">
        <Scheda titolo="Accesso" aDestra={<PillStatoLogin utente={a} />}>
          <div className="card-body agente-accesso">
            <p className="muted">L&apos;agente accede dal login dei clienti e vede solo i clienti del suo portafoglio.</p>
            <PulsanteStatoAgente agente={a} />
          </div>
        </Scheda>
        <Scheda titolo="Dati agente">
          <div className="card-body">
            <AgenteForm id={formId} agente={a} azioni={(inCorso) => (
              <div className="agente-form-azioni">
                <button type="submit" className="btn btn-primary" disabled={inCorso}>{inCorso ? 'Salvataggio…' : 'Salva modifiche'}</button>
              </div>
            )} />
          </div>
        </Scheda>
        <Portafoglio agente={a} />
        <StoricoModifiche utenteId={a.utente_id} />
      </div>
    </>
  );
}
