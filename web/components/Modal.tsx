import {
  createContext, useCallback, useContext, useId, useLayoutEffect, useMemo, useRef, useState,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';

/*
 * In-page modal dialogs. Two ways to use them:
 *
 * 1. Alerts and confirmations of the spec, as promises (never window.alert/confirm):
 *      const { alert, confirm } = useDialogs();
 *      await alert('Nome lista non inserito');
 *      if (await confirm('Sei sicuro di voler svuotare il carrello?')) svuota();
 *
 * 2. Any custom dialog (lists dialog, availability overlay…):
 *      <Modal open={open} onClose={() => setOpen(false)} title="Liste" footer={<button …/>}>…</Modal>
 *
 * Both render role="dialog" with aria-modal, keep Tab inside, close on Escape, make the page behind
 * inert, and give focus back to the element that opened them. Opening, the first `[data-autofocus]`
 * inside takes the focus, else the first control.
 */

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** Open modals, innermost last: only the top one reacts to keys. */
const stack: symbol[] = [];

/** The last focused element of the page, for when focus sits on <body> as a dialog opens. */
let lastPageFocus: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (e) => {
    if (e.target instanceof HTMLElement && !e.target.closest('#modal-root')) lastPageFocus = e.target;
  });
}

function restoreFocus(el: HTMLElement | null): void {
  if (!el?.isConnected) return;
  el.focus();
  // A control disabled while the dialog was open (a busy form) can take focus a moment later.
  if (document.activeElement !== el) setTimeout(() => el.isConnected && document.activeElement === document.body && el.focus(), 0);
}

function setBackgroundInert(inert: boolean): void {
  const root = document.getElementById('root');
  if (!root) return;
  root.inert = inert;
  if (inert) root.setAttribute('aria-hidden', 'true');
  else root.removeAttribute('aria-hidden');
  document.body.style.overflow = inert ? 'hidden' : '';
}

function focusables(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[inert]') && el.getClientRects().length > 0,
  );
}

export interface ModalProps {
  open: boolean;
  /** Called on Escape, on the close button and (if enabled) on a click outside. */
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  size?: 'normal' | 'wide';
  /** Show the × button in the header (default true). */
  closeButton?: boolean;
  /** Close when the backdrop is clicked (default false: dense forms lose work too easily). */
  closeOnBackdrop?: boolean;
  /** Id of the element describing the dialog (aria-describedby). */
  describedBy?: string;
  className?: string;
}

export function Modal(props: ModalProps) {
  if (!props.open) return null;
  return <ModalPanel {...props} />;
}

function ModalPanel({
  onClose, title, children, footer, size = 'normal', closeButton = true, closeOnBackdrop = false,
  describedBy, className,
}: ModalProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // A layout effect, not a passive one: the page behind must stop being inert in the same commit that
  // removes the dialog (passive cleanups of an unmount run a frame later, after paint, in React 19; a
  // click in that frame would be lost, and assistive technology would still see nothing).
  useLayoutEffect(() => {
    const token = Symbol('modal');
    const active = document.activeElement;
    const previous = active instanceof HTMLElement && active !== document.body ? active : lastPageFocus;
    stack.push(token);
    if (stack.length === 1) setBackgroundInert(true);

    const panel = panelRef.current;
    if (panel) {
      const target = panel.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(panel)[0] ?? panel;
      target.focus();
    }

    const onKeyDown = (e: KeyboardEvent) => {
      if (stack[stack.length - 1] !== token || !panelRef.current) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = focusables(panelRef.current);
      if (items.length === 0) {
        e.preventDefault();
        panelRef.current.focus();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (e.shiftKey && (active === first || !panelRef.current.contains(active))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !panelRef.current.contains(active))) {
        e.preventDefault();
        first.focus();
      }
    };
    // Focus that escapes (e.g. a click on the backdrop) is brought back inside.
    const onFocusIn = (e: FocusEvent) => {
      if (stack[stack.length - 1] !== token || !panelRef.current) return;
      if (e.target instanceof Node && !panelRef.current.contains(e.target)) panelRef.current.focus();
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn);

    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn);
      const i = stack.indexOf(token);
      if (i >= 0) stack.splice(i, 1);
      if (stack.length === 0) setBackgroundInert(false);
      restoreFocus(previous);
    };
    // The dialog's lifetime is the effect's: open once, restore focus once.
  }, []);

  const container = document.getElementById('modal-root') ?? document.body;
  return createPortal(
    <div
      className="modal-backdrop"
      // The dialog's backdrop, no control: a click on it closes (if enabled) what Escape and the × close too.
      role="presentation"
      onMouseDown={(e) => {
        if (closeOnBackdrop && e.target === e.currentTarget) onCloseRef.current();
      }}
    >
      <div
        ref={panelRef}
        className={`modal${size === 'wide' ? ' modal-wide' : ''}${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        <div className="modal-header">
          <h2 className="modal-title" id={titleId}>{title}</h2>
          {closeButton && (
            <button type="button" className="btn btn-ghost modal-close" aria-label="Chiudi" onClick={() => onCloseRef.current()}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        {children !== undefined && <div className="modal-body">{children}</div>}
        {footer && <div className="modal-footer">{footer}</div>}
      </div>
    </div>,
    container,
  );
}

// ---------------------------------------------------------------------------------------------
// Promise-based alert / confirm

export interface AlertOptions {
  /** Heading of the dialog (default 'Avviso'). */
  title?: string;
  /** Label of the only button (default 'OK'). */
  okLabel?: string;
}

export interface ConfirmOptions {
  /** Heading of the dialog (default 'Conferma'). */
  title?: string;
  /** Default 'Conferma'. */
  confirmLabel?: string;
  /** Default 'Annulla'. */
  cancelLabel?: string;
  /** A destructive action: red confirm button, focus starts on 'Annulla'. */
  danger?: boolean;
}

export interface Dialogs {
  alert: (message: string, options?: AlertOptions) => Promise<void>;
  confirm: (message: string, options?: ConfirmOptions) => Promise<boolean>;
}

type Pending =
  | { id: number; kind: 'alert'; message: string; options: AlertOptions; resolve: (v: boolean) => void }
  | { id: number; kind: 'confirm'; message: string; options: ConfirmOptions; resolve: (v: boolean) => void };

const DialogsContext = createContext<Dialogs | null>(null);

/** Mount once near the root (main.tsx); dialogs queue and show one at a time. */
export function DialogProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Pending[]>([]);
  const nextId = useRef(1);

  const open = useCallback((item: Omit<Pending, 'id' | 'resolve'>) => {
    return new Promise<boolean>((resolve) => {
      setQueue((q) => [...q, { ...item, id: nextId.current++, resolve } as Pending]);
    });
  }, []);

  const dialogs = useMemo<Dialogs>(
    () => ({
      alert: async (message, options = {}) => {
        await open({ kind: 'alert', message, options });
      },
      confirm: (message, options = {}) => open({ kind: 'confirm', message, options }),
    }),
    [open],
  );

  const current = queue[0];
  const settle = (value: boolean) => {
    if (!current) return;
    setQueue((q) => q.slice(1));
    current.resolve(value);
  };

  return (
    <DialogsContext.Provider value={dialogs}>
      {children}
      {current && <DialogView key={current.id} item={current} onSettle={settle} />}
    </DialogsContext.Provider>
  );
}

function DialogView({ item, onSettle }: { item: Pending; onSettle: (value: boolean) => void }) {
  const messageId = useId();
  if (item.kind === 'alert') {
    return (
      <Modal
        open
        title={item.options.title ?? 'Avviso'}
        onClose={() => onSettle(true)}
        describedBy={messageId}
        closeButton={false}
        footer={
          <button type="button" className="btn btn-primary" data-autofocus onClick={() => onSettle(true)}>
            {item.options.okLabel ?? 'OK'}
          </button>
        }
      >
        <p id={messageId} className="dialog-message">{item.message}</p>
      </Modal>
    );
  }
  const { danger } = item.options;
  return (
    <Modal
      open
      title={item.options.title ?? 'Conferma'}
      onClose={() => onSettle(false)}
      describedBy={messageId}
      closeButton={false}
      footer={
        <>
          <button type="button" className="btn" data-autofocus={danger ? true : undefined} onClick={() => onSettle(false)}>
            {item.options.cancelLabel ?? 'Annulla'}
          </button>
          <button
            type="button"
            className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`}
            data-autofocus={danger ? undefined : true}
            onClick={() => onSettle(true)}
          >
            {item.options.confirmLabel ?? 'Conferma'}
          </button>
        </>
      }
    >
      <p id={messageId} className="dialog-message">{item.message}</p>
    </Modal>
  );
}

/** The spec's alert/confirm as promises. Must be used under <DialogProvider>. */
export function useDialogs(): Dialogs {
  const ctx = useContext(DialogsContext);
  if (!ctx) throw new Error('useDialogs must be used inside <DialogProvider>');
  return ctx;
}
