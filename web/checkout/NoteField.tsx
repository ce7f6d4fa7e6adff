import { TextareaField } from '../components/form/TextareaField';
import { setOrdineDraft, useOrdineDraft } from './draft';

/** The order's 'Note', shared by the Speed Checkout panel and /checkout (one draft for both). */
export function NoteField({ className, rows }: { className?: string; rows: number }) {
  const { note } = useOrdineDraft();
  return (
    <TextareaField
      className={className}
      label="Note"
      rows={rows}
      maxLength={4000}
      value={note}
      onChange={(e) => setOrdineDraft({ note: e.target.value })}
    />
  );
}
