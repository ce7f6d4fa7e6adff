import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '../../components/Logo';
import { paths } from '../../paths';
import { CartDropdown } from './CartDropdown';
import { PriceModeMenu } from './PriceModeMenu';
import { ProfileMenu } from './ProfileMenu';
import { SearchBar } from './SearchBar';

/** The header row: logo (→ /home), search, price mode, cart, profile; `fatturato` below the tools. */
export function ShopHeader({ fatturato }: {
  /** The 'Fatturato mensile' line (docs/regole/ordini.md#turnover), mounted by ShopLayout; nothing when null. */
  fatturato?: ReactNode;
}) {
  return (
    <header className="shop-header">
      <Link to={paths.home.path} className="shop-header-logo" aria-label="Home">
        <Logo size={36} />
      </Link>
      <SearchBar />
      <div className="shop-header-tools">
        <div className="shop-header-buttons">
          <PriceModeMenu />
          <CartDropdown />
          <ProfileMenu />
        </div>
        {fatturato != null && fatturato !== false && <div className="shop-header-fatturato">{fatturato}</div>}
      </div>
    </header>
  );
}
