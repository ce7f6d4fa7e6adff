import { useEffect, useState, type ReactNode } from 'react';

/**
 * Draws its children once the page around them has been painted, in a task of their own: what is
 * below the fold or folded away (the footer, the category tree a phone folds) need not lengthen the
 * task that draws the page (on a phone, a tap waits for that task: total blocking time). `dopo`
 * waits that many paints, to spread several such parts over tasks of their own.
 */
export function Differito({ children, dopo = 1 }: { children: ReactNode; dopo?: number }) {
  const [dipinti, setDipinti] = useState(0);
  // An effect runs after the paint; each step is a render, then an effect, after the next one.
  useEffect(() => {
    if (dipinti < dopo) setDipinti(dipinti + 1);
  }, [dipinti, dopo]);
  return dipinti >= dopo ? children : null;
}
