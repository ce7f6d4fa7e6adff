/** Dates of the order screens (docs/regole/generale.md#formats): dd/MM/yyyy, HH:mm, and the long Italian form. */
const breve = new Intl.DateTimeFormat('it-IT', {
  day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit',
});
const lunga = new Intl.DateTimeFormat('it-IT', {
  day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit',
});

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** '11/11/2026, 12:49'; '' when missing or unreadable. */
export function formatDataOra(value: string | null | undefined): string {
  const d = parse(value);
  return d ? breve.format(d) : '';
}

/** '11 novembre 2026 alle ore 12:49'. */
export function formatDataLunga(value: string | null | undefined): string {
  const d = parse(value);
  return d ? lunga.format(d) : '';
}

export const NON_PRESENTE = 'Non Presente';
