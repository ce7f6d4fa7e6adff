import { useId, type ReactNode } from 'react';

/**
 * A card with a title: a `.card` section named by its heading, the heading in the card's head with
 * what goes `accanto` (beside it: a count) and `aDestra` (at the head's right end: a count, a
 * status), then the content.
 *   <Scheda titolo="Utenti" aDestra={<span className="badge">{n}</span>}>…</Scheda>
 * `livello` 3 for the cards under a page's own h2.
 */
export function Scheda({ titolo, livello = 2, className, accanto, aDestra, children }: {
  titolo: ReactNode;
  livello?: 2 | 3;
  /** Beside `card` on the section. */
  className?: string;
  accanto?: ReactNode;
  aDestra?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  const Titolo = livello === 3 ? 'h3' : 'h2';
  return (
    <section className={className ? `card ${className}` : 'card'} aria-labelledby={id}>
      <div className="card-head">
        <Titolo id={id}>{titolo}</Titolo>
        {accanto}
        {aDestra !== undefined && <span className="spacer" />}
        {aDestra}
      </div>
      {children}
    </section>
  );
}
