// Preloaded with `node --import` by the busy Ctrl-C test: once the file named by
// MRT_BUSY_WHEN exists, the main thread computes for MRT_BUSY_MS without yielding.
// The app itself never blocks that long (every key answers within 100 ms), so the
// keys thread's way out can only be tried on a main thread made busy from outside.
import { existsSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const when = process.env.MRT_BUSY_WHEN;
if (isMainThread && when) {
  const ms = Number(process.env.MRT_BUSY_MS ?? 10_000);
  const poll = setInterval(() => {
    if (!existsSync(when)) return;
    clearInterval(poll);
    const until = Date.now() + ms;
    while (Date.now() < until) {
      // busy on purpose
    }
  }, 20);
  poll.unref();
}
