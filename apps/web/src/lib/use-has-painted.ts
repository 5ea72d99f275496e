import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted it: a page draws its heading first and
 * renders its heavy part in a task of its own after the paint, so a slow phone shows something at once
 * and the long render does not delay the first paint (nor count in the same long task).
 */
export function useHasPainted(): boolean {
  const [hasPainted, setHasPainted] = useState(false);
  useEffect(() => {
    // An animation frame runs just before a frame is drawn: the second one comes once the first frame
    // (this render) is on the screen.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setHasPainted(true));
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  return hasPainted;
}
