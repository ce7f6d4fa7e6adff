import { Collegamento } from '../../components/Collegamento';
import { LogoMark } from '../../components/Logo';
import { paths } from '../../paths';
import { AZIENDA, UFFICI } from '../../lib/azienda';

/** Footer: static company address, phone, fax and department mailboxes. */
export function ShopFooter() {
  const tel = (n: string) => `tel:+39${n.replace(/\s/g, '')}`;
  return (
    <footer className="shop-footer">
      <div className="shop-footer-inner">
        <section aria-labelledby="footer-azienda">
          <h2 id="footer-azienda" className="shop-footer-brand">
            <LogoMark size={28} />
            {AZIENDA.ragioneSociale}
          </h2>
          <address>
            {AZIENDA.indirizzo}
            <br />
            {AZIENDA.cap} {AZIENDA.citta} ({AZIENDA.provincia})
            <br />
            P.IVA {AZIENDA.partitaIva}
          </address>
        </section>
        <section aria-labelledby="footer-contatti">
          <h2 id="footer-contatti">Contatti</h2>
          <dl className="shop-footer-kv">
            <dt>Telefono</dt>
            <dd>
              <a href={tel(AZIENDA.telefono)}>{AZIENDA.telefono}</a>
            </dd>
            <dt>Fax</dt>
            <dd>{AZIENDA.fax}</dd>
            <dt>Orari</dt>
            <dd>{AZIENDA.orari}</dd>
          </dl>
          <Collegamento to={paths.contatti.path}>Scrivici un messaggio →</Collegamento>
        </section>
        <section aria-labelledby="footer-uffici">
          <h2 id="footer-uffici">Uffici</h2>
          <dl className="shop-footer-kv">
            {UFFICI.map((u) => (
              <div key={u.email} className="shop-footer-pair">
                <dt>{u.nome}</dt>
                <dd>
                  <a href={`mailto:${u.email}`}>{u.email}</a>
                </dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      <p className="shop-footer-legal">
        © {new Date().getFullYear()} {AZIENDA.ragioneSociale} · Portale ordini riservato ai clienti registrati
      </p>
    </footer>
  );
}
