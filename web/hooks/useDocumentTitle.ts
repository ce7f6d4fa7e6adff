import { useEffect } from 'react';

const APP = 'Portale Ferramenta';

/** Sets the browser tab title for a screen: 'Ordini · Portale Ferramenta'. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP}` : APP;
  }, [title]);
}
