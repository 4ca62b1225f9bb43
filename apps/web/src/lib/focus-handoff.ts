// Focus that a page hands on as its content changes (the Swap Faces button → the progress → the
// new result): it moves only while the person has not put it elsewhere meanwhile.

/** Marks an element that holds focus only until the next step takes it over (a progress bar). */
export const FOCUS_HANDOFF_ATTR = 'data-focus-handoff';

/** True when focus is nowhere (its element was removed) or on an element waiting to hand it on. */
export function focusIsFree(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active.hasAttribute(FOCUS_HANDOFF_ATTR);
}
