import { useState, type FormEvent } from 'react';
import { LIMITI_CONTATTO } from '../../shared/contatti-costanti.js';
import { type Column, DataTable } from '../components/DataTable';
import { Scheda } from '../components/Scheda';
import { InputField } from '../components/form/InputField';
import { TextareaField } from '../components/form/TextareaField';
import { useModulo } from '../components/form/useModulo';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { errorMessage } from '../lib/api';
import { useShopSession } from '../session/shopSession';
import { useInviaContatto } from './api';
import { AGENTI, AZIENDA, type Casella, CASELLE, telHref } from '../lib/azienda';
import './account.css';

const colonneCaselle: Column<Casella>[] = [
  { key: 'reparto', header: 'Ufficio', cell: (c) => c.reparto },
  { key: 'email', header: 'Email', cell: (c) => <a href={`mailto:${c.email}`}>{c.email}</a> },
  { key: 'telefono', header: 'Telefono', className: 'nowrap', cell: (c) => c.telefono && <a href={telHref(c.telefono)}>{c.telefono}</a> },
];

/** /contatti: office address, phones, mailboxes, the four agents and a message form. */
export function ContattiPage() {
  useDocumentTitle('Contatti');
  return (
    <>
      <div className="page-head">
        <h1>Contatti</h1>
      </div>
      <div className="contatti-grid">
        <div className="contatti-info">
          <Scheda titolo="Sede e uffici">
            <div className="card-body">
              <address className="contatti-address">
                <strong>{AZIENDA.ragioneSociale}</strong>
                <br />
                {AZIENDA.indirizzo}
                <br />
                {AZIENDA.cap} {AZIENDA.citta} ({AZIENDA.provincia})
                <br />
                <span className="muted">P. IVA {AZIENDA.partitaIva}</span>
              </address>
              <dl className="account-kv">
                <dt>Centralino</dt>
                <dd><a href={telHref(AZIENDA.telefono)}>{AZIENDA.telefono}</a></dd>
                <dt>Fax</dt>
                <dd>{AZIENDA.fax}</dd>
                <dt>Orari</dt>
                <dd>{AZIENDA.orari}</dd>
              </dl>
            </div>
            <DataTable label="Uffici" className="contatti-caselle" rows={CASELLE} columns={colonneCaselle} rowKey={(c) => c.email} empty="Nessun ufficio." />
          </Scheda>

          <Scheda titolo="Agenti di zona">
            <ul className="agenti">
              {AGENTI.map((a) => (
                <li key={a.email} className="agente">
                  <span className="avatar" aria-hidden="true">{a.nome.split(' ').map((w) => w[0]).join('')}</span>
                  <div>
                    <p className="agente-nome">{a.nome}</p>
                    <p className="agente-zona">{a.zona} <span className="muted">· {a.province}</span></p>
                    <p className="agente-contatti">
                      <a href={telHref(a.cellulare)}>{a.cellulare}</a>
                      {' · '}
                      <a href={`mailto:${a.email}`}>{a.email}</a>
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          </Scheda>
        </div>

        <ContattoForm />
      </div>
    </>
  );
}

function ContattoForm() {
  const { utente } = useShopSession();
  const invia = useInviaContatto();
  const modulo = useModulo(() => import('../../shared/contatti.js').then((m) => m.contattoRequest), {
    nome: [utente?.nome, utente?.cognome].filter(Boolean).join(' '),
    email: utente?.username?.includes('@') ? utente.username : '',
    messaggio: '',
  });
  const [esito, setEsito] = useState<{ text: string; error?: boolean } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (invia.isPending) return;
    setEsito(null);
    const controllo = await modulo.valida(modulo.valori);
    if (!controllo.ok) return;
    try {
      const r = await invia.mutateAsync(controllo.dati);
      setEsito({ text: r.msg, error: r.status !== 0 });
      if (r.status === 0) modulo.imposta('messaggio', '');
    } catch (err) {
      if (!modulo.mostraDalServer(err)) setEsito({ text: errorMessage(err), error: true });
    }
  };

  return (
    <Scheda titolo="Scrivici" className="contatti-form">
      <form className="card-body" onSubmit={submit} noValidate aria-busy={invia.isPending}>
        <InputField {...modulo.campo('nome')} required label="Nome" autoComplete="name" maxLength={LIMITI_CONTATTO.nome} />
        <InputField {...modulo.campo('email')} required label="Email" type="email" autoComplete="email" maxLength={LIMITI_CONTATTO.email} />
        <TextareaField {...modulo.campo('messaggio')} required label="Messaggio" rows={7} maxLength={LIMITI_CONTATTO.messaggio} />
        <p className="hint"><span aria-hidden="true">*</span> Tutti i campi sono obbligatori.</p>
        <div className="contatti-submit">
          <button type="submit" className="btn btn-primary" disabled={invia.isPending}>
            {invia.isPending ? 'Invio in corso…' : 'Invia messaggio'}
          </button>
        </div>
        <p className={`contatti-esito${esito?.error ? ' is-error' : ''}${esito ? ' is-shown' : ''}`} role="status" aria-live="polite">
          {esito?.text ?? ''}
        </p>
      </form>
    </Scheda>
  );
}
