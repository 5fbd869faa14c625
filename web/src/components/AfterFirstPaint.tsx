import { type ReactNode, useEffect, useState } from 'react';

/**
 * The shop's start-up renders in two turns: what the first screen shows (the header, the top of
 * the page) and, in a task of its own once that screen has painted, what lies below it (the rest
 * of the home page, the footer). One render of the whole page was a single task of about 200 ms
 * on a desktop (Lighthouse: Total Blocking Time, and a later first paint); in two turns the
 * first screen paints sooner and no task blocks as long; the parts below it render one a task.
 * Only the first page of a visit waits: once the first screen has painted, or unless main.tsx
 * holds back (`holdUntilFirstPaint`, not called by the tests), everything renders at once.
 */
let held = false;
const waiting = new Set<() => void>();

/** Called by main.tsx before the first render: the `AfterFirstPaint` parts wait for the first screen's paint. */
export const holdUntilFirstPaint = () => {
  held = true;
};

/** True from main.tsx's start until the first screen has painted. */
export const isFirstScreenPending = () => held;

let releasing = false;
/**
 * From the render of the first screen (the first `AfterFirstPaint` part rendered: the page's own,
 * not the blank start-up view shown while its code loads), until the task after its paint.
 */
const releaseAfterPaint = () => {
  if (releasing) return;
  releasing = true;
  // One part a task, in the page's order (the page's own parts, then the footer): all at once
  // they made one render of 40-100 ms and a style and layout of as much after it.
  const showNext = () => {
    const next = waiting.values().next();
    if (next.done) return;
    waiting.delete(next.value);
    next.value();
    if (waiting.size > 0) setTimeout(showNext);
  };
  const release = () => {
    clearTimeout(timer);
    held = false;
    showNext();
  };
  // The next animation frame comes before the paint; the task after it, after the paint.
  // Without frames (a hidden tab), a timer lets go.
  const timer = setTimeout(release, 250);
  requestAnimationFrame(() => setTimeout(release));
};

/**
 * Renders `children` once the first screen has painted (at once after that, and everywhere in
 * the tests); `placeholder` until then, of the same height when something follows it on the page.
 */
export function AfterFirstPaint({
  children,
  placeholder = null,
}: {
  children: ReactNode;
  placeholder?: ReactNode;
}) {
  const [shown, setShown] = useState(() => !held);
  if (!shown) releaseAfterPaint();
  useEffect(() => {
    if (shown) return;
    const show = () => setShown(true);
    if (held) {
      waiting.add(show);
      return () => {
        waiting.delete(show);
      };
    }
    // Released before this part's effects ran (they run in one task, with the first screen's
    // requests): the render waits for a task of its own.
    const timer = setTimeout(show);
    return () => clearTimeout(timer);
  }, [shown]);
  return shown ? children : placeholder;
}
