/** The portal's logo: a hex-nut mark and the wordmark. `inverted` for dark backgrounds. */
export function Logo({ size = 40, withText = true, inverted = false, className }: {
  size?: number;
  withText?: boolean;
  inverted?: boolean;
  className?: string;
}) {
  return (
    <span className={`logo${inverted ? ' logo-inverted' : ''}${className ? ` ${className}` : ''}`} role="img" aria-label="Logo Ferramenta">
      <LogoMark size={size} />
      {withText && (
        <span className="logo-text" aria-hidden="true" style={{ fontSize: Math.round(size * 0.42) }}>
          <span className="logo-name">FERRAMENTA</span>{' '}
          <span className="logo-tagline">Portale Ordini B2B</span>
        </span>
      )}
    </span>
  );
}

export function LogoMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path d="M24 2 43 13v22L24 46 5 35V13z" fill="var(--brand)" />
      <path d="M24 2 43 13v22L24 46z" fill="#000" fillOpacity="0.14" />
      <path d="M24 8.5 37.5 16.25v15.5L24 39.5 10.5 31.75v-15.5z" fill="none" stroke="#fff" strokeOpacity="0.3" strokeWidth="1.4" />
      <circle cx="24" cy="24" r="9.5" fill="#fff" />
      <circle cx="24" cy="24" r="5" fill="var(--brand-strong)" />
      <path d="M19.5 21.5a5 5 0 0 1 4-3" stroke="var(--brand)" strokeWidth="1.6" strokeLinecap="round" fill="none" />
    </svg>
  );
}
