import { iniziali } from '../session/sessione';

/** The logged-in person's initials and name, as shown in the shop, dispatcher and admin headers. */
export function UserChip({ nome }: { nome: string }) {
  return (
    <span className="user-chip">
      <span className="avatar" aria-hidden="true">{iniziali(nome)}</span>
      <span className="name">{nome}</span>
    </span>
  );
}
