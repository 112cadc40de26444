import { useEffect, useRef, useState } from 'react';

/** Spec §9 "Fetch minimum display delay": once shown, a loading state stays at least this long. */
export const MIN_DISPLAY_MS = 200;

/** How much longer a loading state shown at `shownAt` must stay visible at `now`. */
export function remainingDisplay(shownAt: number, now: number, min = MIN_DISPLAY_MS): number {
  return Math.max(0, shownAt + min - now);
}

/** `active` as a visible flag that, once true, stays true for at least `min` ms, so it never flashes. */
export function useMinDisplay(active: boolean, min = MIN_DISPLAY_MS): boolean {
  const [visible, setVisible] = useState(active);
  const shownAt = useRef(0);
  useEffect(() => {
    if (active) {
      shownAt.current = Date.now();
      setVisible(true);
      return;
    }
    const rest = remainingDisplay(shownAt.current, Date.now(), min);
    if (rest === 0) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(false), rest);
    return () => clearTimeout(timer);
  }, [active, min]);
  return active || visible;
}
