import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Collegamento } from './Collegamento';
import { ArrowLeftIcon } from './Icone';

/**
 * The one back control of a page, in its head: a link to `to` ('Torna ai clienti'), or with
 * `storia` a button that goes back where the user came from inside the app (the list with its page
 * and search), else to `to` (a page opened directly).
 */
export function BackButton({ to, storia = false, children = 'Indietro' }: {
  to: string;
  storia?: boolean;
  children?: ReactNode;
}) {
  const navigate = useNavigate();
  const contenuto = <><ArrowLeftIcon />{children}</>;
  if (!storia) return <Collegamento to={to} className="btn">{contenuto}</Collegamento>;
  const indietro = () => {
    // React Router numbers the entries of this tab: 0 is the first page the app opened.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    void (idx > 0 ? navigate(-1) : navigate(to));
  };
  return <button type="button" className="btn" onClick={indietro}>{contenuto}</button>;
}
