import {
  useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject,
} from 'react';
import './dropdown.css';

/**
 * Pop-ups of the header: a disclosure (button + panel: cart, category tree) and a menu button
 * (button + role="menu": profile, price mode). Both close on Escape (focus back on the button),
 * on a click outside and when a link inside is followed.
 */

/** Open state of a pop-up anchored in `rootRef`: closes on outside pointer and on Escape. */
export function useDismissable(rootRef: RefObject<HTMLElement | null>, buttonRef: RefObject<HTMLElement | null>) {
  const [open, setOpen] = useState(false);
  const close = useCallback((focusButton = false) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  }, [buttonRef]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (rootRef.current && e.target instanceof Node && !rootRef.current.contains(e.target)) setOpen(false);
    };
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape' && !document.querySelector('.modal-backdrop')) {
        e.preventDefault();
        close(true);
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, rootRef, close]);

  return { open, setOpen, close };
}

/**
 * What both pop-ups share: the root that outside clicks are judged against, the open state, the id
 * of what opens, and the button's own attributes (it toggles; it names the pop-up by `label` when
 * it shows something else).
 */
function usePopup(label: string, buttonContent: ReactNode) {
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { open, setOpen, close } = useDismissable(rootRef, buttonRef);
  const popupId = useId();
  const button = {
    ref: buttonRef,
    type: 'button' as const,
    'aria-label': buttonContent === undefined ? undefined : label,
    'aria-expanded': open,
    'aria-controls': popupId,
    onClick: () => setOpen((o) => !o),
  };
  return { rootRef, open, setOpen, close, popupId, button };
}

const rootClass = (className?: string) => `dropdown${className ? ` ${className}` : ''}`;

/**
 * A button that shows a panel below it (aria-expanded/aria-controls). The panel is any content;
 * `children` receives `close` to shut it from inside (e.g. after following a link).
 */
export function Disclosure({ label, buttonContent, buttonClassName = 'btn', panelClassName, align = 'start', children, className }: {
  /** Accessible name of the button. */
  label: string;
  /** What the button shows (default: the label). */
  buttonContent?: ReactNode;
  buttonClassName?: string;
  panelClassName?: string;
  /** Which edge of the button the panel lines up with. */
  align?: 'start' | 'end';
  className?: string;
  children: (close: () => void) => ReactNode;
}) {
  const { rootRef, open, close, popupId, button } = usePopup(label, buttonContent);
  return (
    <div ref={rootRef} className={rootClass(className)}>
      <button {...button} className={buttonClassName}>
        {buttonContent ?? label}
        <Caret />
      </button>
      <div id={popupId} className={`dropdown-panel dropdown-${align}${panelClassName ? ` ${panelClassName}` : ''}`} hidden={!open}>
        {open && children(() => close(false))}
      </div>
    </div>
  );
}

export interface MenuItem {
  key: string;
  label: ReactNode;
  /** A plain-text name when the label is not plain text. */
  ariaLabel?: string;
  onSelect: () => void;
  /** For radio menus: the active choice (role="menuitemradio"). */
  checked?: boolean;
  icon?: ReactNode;
  /** A short line under the label saying what the item does: seen on a touch screen, where a tooltip is not; its description for a screen reader. */
  descrizione?: string;
}

/** A menu button (WAI-ARIA menu pattern): arrows move between items, Enter/Space selects. */
export function MenuButton({ label, buttonContent, buttonClassName = 'btn', items, align = 'end', radio = false, className }: {
  label: string;
  buttonContent?: ReactNode;
  buttonClassName?: string;
  items: MenuItem[];
  align?: 'start' | 'end';
  /** Items are a single choice (menuitemradio with aria-checked). */
  radio?: boolean;
  className?: string;
}) {
  const menuRef = useRef<HTMLUListElement>(null);
  const { rootRef, open, setOpen, close, popupId, button } = usePopup(label, buttonContent);
  const [focusFirst, setFocusFirst] = useState<'first' | 'last' | null>(null);

  useEffect(() => {
    if (!open || !focusFirst) return;
    const els = menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]');
    if (els?.length) (focusFirst === 'first' ? els[0] : els[els.length - 1]).focus();
    setFocusFirst(null);
  }, [open, focusFirst]);

  const onMenuKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const els = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []);
    const i = els.indexOf(document.activeElement as HTMLElement);
    const move = (j: number) => {
      e.preventDefault();
      els[(j + els.length) % els.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(i + 1);
    else if (e.key === 'ArrowUp') move(i - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(els.length - 1);
    else if (e.key === 'Tab') close(false);
  };

  return (
    <div ref={rootRef} className={rootClass(className)}>
      <button
        {...button}
        className={buttonClassName}
        aria-haspopup="menu"
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setOpen(true);
            setFocusFirst(e.key === 'ArrowDown' ? 'first' : 'last');
          }
        }}
      >
        {buttonContent ?? label}
        <Caret />
      </button>
      <ul
        ref={menuRef}
        id={popupId}
        role="menu"
        aria-label={label}
        className={`dropdown-panel dropdown-menu dropdown-${align}`}
        hidden={!open}
        onKeyDown={onMenuKey}
      >
        {items.map((item) => (
          <li key={item.key} role="none">
            <button
              type="button"
              role={radio ? 'menuitemradio' : 'menuitem'}
              aria-checked={radio ? !!item.checked : undefined}
              // With a description, the name is the label alone: the description is the item's description, not part of its name.
              aria-label={item.ariaLabel ?? (item.descrizione && typeof item.label === 'string' ? item.label : undefined)}
              aria-describedby={item.descrizione ? `${popupId}-${item.key}-d` : undefined}
              className={`dropdown-item${item.checked ? ' is-checked' : ''}`}
              tabIndex={-1}
              onClick={() => {
                close(true);
                item.onSelect();
              }}
            >
              {radio && (
                <span className="dropdown-check" aria-hidden="true">
                  {item.checked ? '✓' : ''}
                </span>
              )}
              {item.icon}
              {item.descrizione ? (
                <span className="dropdown-voce">
                  {item.label}
                  <span id={`${popupId}-${item.key}-d`} className="dropdown-descrizione">{item.descrizione}</span>
                </span>
              ) : item.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Caret() {
  return (
    <svg className="caret" width="10" height="10" viewBox="0 0 10 10" aria-hidden="true" focusable="false">
      <path d="M1.5 3.5 5 7l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}
