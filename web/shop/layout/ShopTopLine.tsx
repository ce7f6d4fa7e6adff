import { BannerAgente } from '../../agente/BannerAgente';
import { Collegamento } from '../../components/Collegamento';
import { StatoOfflineAgente } from '../../offline/StatoOfflineAgente';
import { paths } from '../../paths';
import { useShopSession } from '../../session/shopSession';
import { useScrolled } from './useScrolled';

/**
 * Top line: the client's company name and code, and the client's price list when it is not the
 * default one (docs/regole/catalogo.md#list-price: prices come from list n, 0 or missing = 1). It is fixed to the top as
 * soon as the page is scrolled at all (sticky, with a shadow once scrolled).
 */
export function ShopTopLine() {
  const { session, utente, listino } = useShopSession();
  const scrolled = useScrolled();
  return (
    // A landmark of its own, so that every piece of the page sits in one (axe `region`).
    <section className={`shop-topline${scrolled ? ' is-scrolled' : ''}${utente?.agente ? ' con-agente' : ''}`} data-testid="shop-topline" aria-label="Cliente collegato">
      {utente?.agente && <BannerAgente nome={session.cliente_ragionesociale} />}
      {utente?.agente && <StatoOfflineAgente />}
      <span className="shop-topline-client">
        <strong>{session.cliente_ragionesociale}</strong> <span className="codice">({session.cliente_codice})</span>
        {listino !== 1 && (
          <span className="shop-topline-listino" title="Listino prezzi del cliente">Listino {listino}</span>
        )}
      </span>
      <span className="shop-topline-company">
        {session.azienda_ragionesociale} <span className="codice">({session.azienda_codice})</span>
        {utente && utente.clienti.length > 1 && (
          <>
            {' · '}
            <Collegamento to={paths.dispatcher.path}>Cambia azienda</Collegamento>
          </>
        )}
      </span>
    </section>
  );
}
