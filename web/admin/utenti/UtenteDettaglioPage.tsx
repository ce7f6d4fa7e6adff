import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { MSG_UTENTI, type UtenteAdmin } from '../../../shared/utenti.js';
import { BackButton } from '../../components/BackButton';
import { PaginaDettaglio } from '../../components/PaginaDettaglio';
import { Scheda } from '../../components/Scheda';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { formatDataOra } from '../../lib/formato';
import { paths } from '../../paths';
import { DispositiviUtente } from '../dispositivi/DispositiviUtente';
import { StoricoModifiche } from '../storico/StoricoModifiche';
import { utenteQuery } from './api';
import { AccessoUtente } from './AccessoUtente';
import { BudgetUtente } from './BudgetUtente';
import { CollegamentiUtente } from './CollegamentiUtente';
import { nominativo } from './nominativo';
import { UtenteForm } from './UtenteForm';
import './utenti.css';

/**
 * /admin/utenti/dettaglio/:id (docs/regole/admin.md#users): the user's access
 * (login, turnover flag, credentials, deletion), its data and clients to edit, its role, limits and
 * switches on each client (docs/regole/organizzazione.md), its devices, its
 * clients' budgets and its 'Storico modifiche'. An id that is not one shows 'ID utente non
 * disponibile.', an unknown one 'Utente non trovato.'.
 */
export function UtenteDettaglioPage() {
  const { id = '' } = useParams();
  const valido = /^\d{1,9}$/.test(id) && Number(id) > 0;
  const query = useQuery({ ...utenteQuery(Number(id)), enabled: valido });
  const utente = query.data;
  useDocumentTitle(utente ? `Utente ${nominativo(utente)}` : 'Utente');
  return (
    <PaginaDettaglio
      query={query}
      titolo="Utente"
      indietro={indietro}
      errore={valido ? undefined : MSG_UTENTI.idNonDisponibile}
      nonTrovato={MSG_UTENTI.utenteSconosciuto}
    >
      {(u) => <Utente key={u.id} utente={u} />}
    </PaginaDettaglio>
  );
}

const indietro = <BackButton to={paths.adminUtenti.path}>Torna agli utenti</BackButton>;

function Utente({ utente: u }: { utente: UtenteAdmin }) {
  const formId = useId();
  const nome = nominativo(u);
  return (
    <>
      <div className="page-head">
        <h1>{nome}</h1>
        {indietro}
      </div>
      <p className="page-sub">
        {u.username} · creato il {formatDataOra(u.created_at)} · ultima modifica {formatDataOra(u.updated_at)}
      </p>
      <AccessoUtente utente={u} />
      <Sezione titolo="Dati utente">
        <UtenteForm
          id={formId}
          utente={u}
          azioni={(inCorso) => (
            <div className="utente-form-azioni">
              <button type="submit" className="btn btn-primary" disabled={inCorso}>{inCorso ? 'Salvataggio…' : 'Salva modifiche'}</button>
            </div>
          )}
        />
      </Sezione>
      <Sezione titolo="Ruolo e limiti per cliente">
        <CollegamentiUtente utente={u} />
      </Sezione>
      <Sezione titolo="Dispositivi" piatta>
        <DispositiviUtente utenteId={u.id} nome={nome} />
      </Sezione>
      <Sezione titolo="Budget">
        <BudgetUtente clienti={u.clienti} />
      </Sezione>
      <StoricoModifiche utenteId={u.id} />
    </>
  );
}

/** A card of the page with its heading; `piatta` for a table that fills it edge to edge. */
function Sezione({ titolo, piatta = false, children }: { titolo: string; piatta?: boolean; children: ReactNode }) {
  return (
    <Scheda titolo={titolo} className="utente-sezione">
      <div className={piatta ? undefined : 'card-body'}>{children}</div>
    </Scheda>
  );
}
