import { PRICE_MODES, setPriceMode, usePriceMode } from '../../cart/priceMode';
import { MenuButton } from '../../components/Dropdown';

/** Price display menu (docs/regole/catalogo.md#price-mode): hidden, real or doubled prices; the active one is marked. */
export function PriceModeMenu() {
  const mode = usePriceMode();
  const current = PRICE_MODES.find((m) => m.mode === mode) ?? PRICE_MODES[1];
  return (
    <MenuButton
      label={`Modalità prezzi: ${current.label}`}
      buttonClassName="btn header-btn"
      buttonContent={
        <>
          <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8z" />
            <circle cx="7.5" cy="7.5" r="1.5" />
          </svg>
          <span className="header-btn-text">{current.label}</span>
        </>
      }
      radio
      items={PRICE_MODES.map((m) => ({
        key: m.mode,
        label: m.label,
        descrizione: m.descrizione,
        checked: m.mode === mode,
        onSelect: () => setPriceMode(m.mode),
      }))}
    />
  );
}
