import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { segui } from '../lib/navigation';

/**
 * A link to a page of the SPA: an `<a href>` whose plain click navigates in the page (the same
 * rules as react-router's `Link`: a click with a modifier key, another button or a target other than
 * the page opens the browser's way). Without the router's hooks: a `Link` resolves its path and
 * subscribes to the router's state on every render, some tens of links on a shop page's first render
 * (menu, header, two per product card), which a phone pays in blocking time
 * (docs/decisions/home2-primo-caricamento.md). `to` is an absolute address (web/paths.ts).
 */
export function Collegamento({ to, state, onClick, children, ...resto }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  /** The history entry's state (e.g. the product /prodotto shows). */
  state?: unknown;
}) {
  const clic = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
    if (resto.target && resto.target !== '_self') return;
    e.preventDefault();
    segui(to, state);
  };
  return <a {...resto} href={to} onClick={clic}>{children}</a>;
}

/** Whether a menu's link leads to the page shown or one below it (react-router's `NavLink` rule). */
export function portaQui(pathname: string, to: string): boolean {
  const qui = pathname.toLowerCase();
  const dove = to.toLowerCase();
  return qui === dove || qui.startsWith(dove.endsWith('/') ? dove : `${dove}/`);
}
