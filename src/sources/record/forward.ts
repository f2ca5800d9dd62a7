/**
 * Copies `from` to `to` chunk by chunk, `observe(chunk)` first (what the recording takes
 * of it), then the chunk written on as it came; while `to` is full, `from` waits. Once
 * `to` is closed (its reader gone), chunks are still observed and no longer written.
 */
export function forward(
  from: NodeJS.ReadableStream,
  to: NodeJS.WritableStream & { writableEnded?: boolean; destroyed?: boolean },
  observe: (chunk: Buffer) => void,
): void {
  let waiting = false;
  from.on('data', (chunk: Buffer) => {
    observe(chunk);
    if (to.writableEnded || to.destroyed) return;
    if (!to.write(chunk) && !waiting) {
      waiting = true;
      from.pause();
      to.once('drain', () => {
        waiting = false;
        from.resume();
      });
    }
  });
}
