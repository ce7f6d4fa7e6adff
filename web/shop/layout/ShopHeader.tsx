import type { ReactNode } from 'react';
import { ApprovazioniHeader } from '../../approvazioni/ApprovazioniHeader';
import { Collegamento } from '../../components/Collegamento';
import { ListIcon, MenuIcon } from '../../components/Icone';
import { Logo } from '../../components/Logo';
import { paths } from '../../paths';
import { CartDropdown } from './CartDropdown';
import { PriceModeMenu } from './PriceModeMenu';
import { ProfileMenu } from './ProfileMenu';
import { SearchBar } from './SearchBar';

/**
 * The header row: logo (→ /home), search, price mode, quick order, approvals (approvers only), cart, profile; `fatturato` below
 * the tools. `menu`: the button that unfolds the main menu, shown only on a phone (telefono.css).
 */
export function ShopHeader({ fatturato, menu }: {
  /** The 'Fatturato mensile' line (docs/regole/ordini.md#turnover), mounted by ShopLayout; nothing when null. */
  fatturato?: ReactNode;
  menu?: { aperto: boolean; cambia: () => void; id: string };
}) {
  return (
    <header className="shop-header">
      {menu && (
        <button
          type="button"
          className="btn header-btn header-menu"
          aria-label="Menu"
          aria-expanded={menu.aperto}
          aria-controls={menu.id}
          onClick={menu.cambia}
        >
          <MenuIcon />
        </button>
      )}
      <Collegamento to={paths.home.path} className="shop-header-logo" aria-label="Ferramenta Portale Ordini B2B: Home">
        <Logo size={36} />
      </Collegamento>
      <SearchBar />
      <div className="shop-header-tools">
        <div className="shop-header-buttons">
          <PriceModeMenu />
          <Collegamento to={paths.ordineRapido.path} className="btn header-btn header-rapido" aria-label="Ordine rapido" title="Ordine rapido">
            <ListIcon />
            <span className="header-btn-text">Ordine rapido</span>
          </Collegamento>
          <ApprovazioniHeader />
          <CartDropdown />
          <ProfileMenu />
        </div>
        {fatturato != null && fatturato !== false && <div className="shop-header-fatturato">{fatturato}</div>}
      </div>
    </header>
  );
}
