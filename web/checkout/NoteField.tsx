import { useId } from 'react';
import { setOrdineDraft, useOrdineDraft } from './draft';

/** The order's 'Note', shared by the Speed Checkout panel and /checkout (one draft for both). */
export function NoteField({ className = 'field', rows }: { className?: string; rows: number }) {
  const id = useId();
  const { note } = useOrdineDraft();
  return (
    <div className={className}>
      <label htmlFor={id}>Note</label>
      <textarea
        id={id}
        className="textarea"
        rows={rows}
        maxLength={4000}
        value={note}
        onChange={(e) => setOrdineDraft({ note: e.target.value })}
      />
    </div>
  );
}
