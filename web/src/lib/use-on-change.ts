import { useEffect, useRef } from 'react';

/**
 * Runs `update` after a render in which `key` differs from what it was (never after the first
 * render: the state it updates starts from the key). An effect that set the state on the first
 * render too would run a frame after the component appears (Preact runs effects after the next
 * paint) and could undo what the shopper did meanwhile: a menu opened, a word typed.
 */
export const useOnChange = (key: unknown, update: () => void) => {
  const seen = useRef(key);
  useEffect(() => {
    if (Object.is(seen.current, key)) return;
    seen.current = key;
    update();
  });
};
