import { useEffect, useState, type RefObject } from 'react';

export type StatoFotocamera =
  | { fase: 'permesso' }
  | { fase: 'attiva' }
  | { fase: 'negato' }
  | { fase: 'errore'; messaggio: string };

function errore(e: unknown): StatoFotocamera {
  const nome = e instanceof DOMException ? e.name : '';
  if (nome === 'NotAllowedError' || nome === 'SecurityError') return { fase: 'negato' };
  if (nome === 'NotFoundError' || nome === 'OverconstrainedError') return { fase: 'errore', messaggio: 'Nessuna fotocamera trovata su questo dispositivo.' };
  if (nome === 'NotReadableError') return { fase: 'errore', messaggio: "La fotocamera è in uso da un'altra app: chiudila e riprova." };
  return { fase: 'errore', messaggio: 'Fotocamera non disponibile: riprova.' };
}

/**
 * The rear camera in `video` while the component lives (`tentativo` asks again): every track is
 * stopped on unmount, so the camera's light goes off as the dialog closes.
 */
export function useFotocamera(video: RefObject<HTMLVideoElement | null>, tentativo: number): StatoFotocamera {
  const [stato, setStato] = useState<StatoFotocamera>({ fase: 'permesso' });
  useEffect(() => {
    let stream: MediaStream | null = null;
    let attivo = true;
    const v = video.current;
    setStato({ fase: 'permesso' });
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false })
      .then(async (s) => {
        stream = s;
        if (!attivo) return s.getTracks().forEach((t) => t.stop());
        if (v) {
          v.srcObject = s;
          await v.play().catch(() => undefined);
        }
        setStato({ fase: 'attiva' });
      })
      .catch((e: unknown) => attivo && setStato(errore(e)));
    return () => {
      attivo = false;
      stream?.getTracks().forEach((t) => t.stop());
      if (v) v.srcObject = null;
    };
  }, [video, tentativo]);
  return stato;
}
