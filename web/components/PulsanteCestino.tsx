import type { ComponentPropsWithoutRef } from 'react';
import { TrashIcon } from './Icone';

/** The red trash button of a row or a card (delete, remove): the icon alone, named by `label`. */
export function PulsanteCestino({ label, ...button }: { label: string }
  & Omit<ComponentPropsWithoutRef<'button'>, 'type' | 'className' | 'children' | 'aria-label'>) {
  return (
    <button type="button" className="btn btn-ghost icon-btn icon-btn-danger" aria-label={label} {...button}>
      <TrashIcon />
    </button>
  );
}
