/**
 * Runs `each` over `items` a slice at a time, letting the event loop turn between slices, so a sweep
 * over thousands of sockets does not hold every message behind it: pinging 6,000 sockets in one go
 * (a write each) held the loop for half a second on a busy machine (bench/realtime --profile).
 * Resolves when every item has been handled, or at once when `isStopped` says so between slices.
 */
export async function inSlices<T>(items: readonly T[], size: number, each: (item: T) => void, isStopped: () => boolean = () => false): Promise<void> {
  for (let start = 0; start < items.length; start += size) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    if (isStopped()) return;
    for (const item of items.slice(start, start + size)) each(item);
  }
}
