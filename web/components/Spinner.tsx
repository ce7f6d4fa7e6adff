/** A loading indicator with an accessible name ('Caricamento…' unless told otherwise). */
export function Spinner({ label = 'Caricamento…', size = 'md', showLabel = false, block = false }: {
  label?: string;
  size?: 'md' | 'lg';
  /** Show the label beside the ring (otherwise it is only read by screen readers). */
  showLabel?: boolean;
  /** Centre it in a padded block (for a whole list or page). */
  block?: boolean;
}) {
  const spinner = (
    <span className={`spinner${size === 'lg' ? ' spinner-lg' : ''}`} role="status" aria-live="polite">
      <span className="spinner-ring" aria-hidden="true" />
      <span className={showLabel ? undefined : 'visually-hidden'}>{label}</span>
    </span>
  );
  return block ? <div className="spinner-block">{spinner}</div> : spinner;
}

/** Full-area spinner for a page or a lazy route that is loading. */
export function PageSpinner({ label = 'Caricamento…' }: { label?: string }) {
  return <Spinner label={label} size="lg" showLabel block />;
}
