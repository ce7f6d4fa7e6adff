import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './toast.css';

/*
 * Short outcome messages ('Utente cancellato con successo.') in a corner, stacked, newest last:
 *   const toast = useToast();
 *   toast.success(r.msg);  toast.error('Errore durante l'operazione.');
 * They close by themselves (success 4 s, error 8 s; the time stops while the pointer or focus is
 * on them) or with their ×. Success is read politely, an error at once (role="alert"). Alerts that
 * must be acknowledged stay in useDialogs().alert.
 */

type Kind = 'success' | 'error';
interface Item {
  id: number;
  kind: Kind;
  message: string;
}

export interface Toasts {
  success: (message: string) => void;
  error: (message: string) => void;
}

const DURATION: Record<Kind, number> = { success: 4000, error: 8000 };
/** More at once would cover the page: the oldest go first. */
const MAX = 4;

const ToastContext = createContext<Toasts | null>(null);

/** Mount once near the root (main.tsx). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<Item[]>([]);
  const nextId = useRef(1);
  const close = useCallback((id: number) => setItems((xs) => xs.filter((x) => x.id !== id)), []);
  const toasts = useMemo<Toasts>(() => {
    const show = (kind: Kind) => (message: string) =>
      setItems((xs) => [...xs, { id: nextId.current++, kind, message }].slice(-MAX));
    return { success: show('success'), error: show('error') };
  }, []);
  return (
    <ToastContext.Provider value={toasts}>
      {children}
      {/* Outside #root, which a modal makes inert: a toast from a dialog stays readable. The polite
          region is always there, so that screen readers notice what is added to it. */}
      {createPortal(
        <div className="toasts" role="status" aria-live="polite">
          {items.map((t) => <ToastView key={t.id} item={t} onClose={() => close(t.id)} />)}
        </div>,
        document.body,
      )}
    </ToastContext.Provider>
  );
}

function ToastView({ item, onClose }: { item: Item; onClose: () => void }) {
  const [paused, setPaused] = useState(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => onCloseRef.current(), DURATION[item.kind]);
    return () => clearTimeout(timer);
  }, [paused, item.kind]);
  return (
    <div
      className={`toast toast-${item.kind}`}
      role={item.kind === 'error' ? 'alert' : undefined}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <p className="toast-message">{item.message}</p>
      <button type="button" className="btn btn-ghost toast-close" aria-label="Chiudi notifica" onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/** Must be used inside <ToastProvider>. */
export function useToast(): Toasts {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used inside <ToastProvider>');
  return ctx;
}
