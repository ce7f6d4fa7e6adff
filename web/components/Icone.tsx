import type { ReactNode, SVGProps } from 'react';

/** The line icons of the portal, one place for each (24×24 grid, stroked with currentColor). */

interface IconProps {
  size?: number;
  className?: string;
}

/** What every icon shares: the grid, the stroke in the text's colour, hidden from assistive technology. */
function Icona({ size, className, children, ...tratto }: IconProps & {
  children: ReactNode;
} & Pick<SVGProps<SVGSVGElement>, 'strokeWidth' | 'strokeLinecap' | 'strokeLinejoin'>) {
  return (
    <svg className={className} viewBox="0 0 24 24" width={size} height={size} fill="none" stroke="currentColor" aria-hidden="true" focusable="false" {...tratto}>
      {children}
    </svg>
  );
}

export function CartIcon({ size = 16, className }: IconProps) {
  return (
    <Icona size={size} className={className} strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <circle cx="9" cy="20" r="1.4" />
      <circle cx="18" cy="20" r="1.4" />
      <path d="M2.5 3h2.6l2.6 12.2a1.6 1.6 0 0 0 1.6 1.3h8.6a1.6 1.6 0 0 0 1.6-1.2L21.5 7H6.1" />
    </Icona>
  );
}

export function SearchIcon({ size = 16, className }: IconProps) {
  return (
    <Icona size={size} className={className} strokeWidth="2" strokeLinecap="round">
      <circle cx="11" cy="11" r="6.5" />
      <path d="m16 16 4.5 4.5" />
    </Icona>
  );
}

export function TrashIcon({ size = 16 }: IconProps) {
  return (
    <Icona size={size} strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d="M4 7h16M9 7V4.5h6V7M6.5 7l1 12.5h9l1-12.5M10 11v5M14 11v5" />
    </Icona>
  );
}

/** Clears a value (the customer's own code), unlike the trash can that removes a row. */
export function ClearIcon({ size = 16 }: IconProps) {
  return (
    <Icona size={size} strokeWidth="2" strokeLinecap="round">
      <path d="m7 7 10 10M17 7 7 17" />
    </Icona>
  );
}

export function PencilIcon() {
  return (
    <Icona size={16} strokeWidth="1.8" strokeLinejoin="round">
      <path d="M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4" />
    </Icona>
  );
}

export function ListIcon() {
  return (
    <Icona size={14} strokeWidth="2" strokeLinecap="round">
      <path d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />
    </Icona>
  );
}

export function ArrowLeftIcon({ size = 16 }: IconProps) {
  return (
    <Icona size={size} strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M19 12H5M11 6l-6 6 6 6" />
    </Icona>
  );
}

export function MenuIcon({ size = 20 }: IconProps) {
  return (
    <Icona size={size} strokeWidth="2" strokeLinecap="round">
      <path d="M4 6h16M4 12h16M4 18h16" />
    </Icona>
  );
}

export function ScanIcon({ size = 18 }: IconProps) {
  return (
    <Icona size={size} strokeWidth="2" strokeLinecap="round">
      <path d="M3 8V5a2 2 0 0 1 2-2h3M16 3h3a2 2 0 0 1 2 2v3M21 16v3a2 2 0 0 1-2 2h-3M8 21H5a2 2 0 0 1-2-2v-3" />
      <path d="M7 8v8M10 8v8M13 8v8M17 8v8" />
    </Icona>
  );
}

export function MinusIcon({ size = 16 }: IconProps) {
  return (
    <Icona size={size} strokeWidth="2.4" strokeLinecap="round">
      <path d="M5 12h14" />
    </Icona>
  );
}

export function PlusIcon({ size = 16 }: IconProps) {
  return (
    <Icona size={size} strokeWidth="2.4" strokeLinecap="round">
      <path d="M5 12h14M12 5v14" />
    </Icona>
  );
}

export function ChevronLeftIcon({ size = 24 }: IconProps) {
  return (
    <Icona size={size} strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="m15 5-7 7 7 7" />
    </Icona>
  );
}

export function ChevronRightIcon({ size = 24 }: IconProps) {
  return (
    <Icona size={size} strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="m9 5 7 7-7 7" />
    </Icona>
  );
}
