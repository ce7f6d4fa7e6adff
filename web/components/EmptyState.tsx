import type { ReactNode } from 'react';

/** What a list shows when it has nothing: e.g. <EmptyState title="Non ci sono ordini." />. */
export function EmptyState({ title, children, action, icon }: {
  title: string;
  /** Optional explanation below the title. */
  children?: ReactNode;
  /** Optional button or link. */
  action?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <div className="state state-empty">
      {icon ?? (
        <svg className="state-icon" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
          <path d="M3 7.5 12 3l9 4.5v9L12 21l-9-4.5z" />
          <path d="M3 7.5 12 12l9-4.5M12 12v9" />
        </svg>
      )}
      <p className="state-title">{title}</p>
      {children && <p>{children}</p>}
      {action && <div className="state-actions">{action}</div>}
    </div>
  );
}
