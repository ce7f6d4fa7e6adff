import type { ReactNode } from 'react';
import { Logo } from '../components/Logo';

/** The card of the access screens (login, password change, forgotten and new password): the logo, the title, the content. */
export function SchedaAccesso({ titolo, children }: { titolo: ReactNode; children: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <Logo size={52} className="logo-center" />
        <h1 className="auth-title">{titolo}</h1>
        {children}
      </div>
    </main>
  );
}
