/**
 * Copies `from` to `to` chunk by chunk, each written on as it came and then given to
 * `observe` (what the recording takes of it): the peer has the bytes while they are
 * recorded, and a message's line is in the file within the same turn. While `to` is
 * full, `from` waits. Once `to` is closed (its reader gone), chunks are still observed
 * and no longer written.
 */
export function forward(
  from: NodeJS.ReadableStream,
  to: NodeJS.WritableStream & { writableEnded?: boolean; destroyed?: boolean },
  observe: (chunk: Buffer) => void,
): void {
  let waiting = false;
  from.on('data', (chunk: Buffer) => {
    if (!to.writableEnded && !to.destroyed && !to.write(chunk) && !waiting) {
      waiting = true;
      from.pause();
      to.once('drain', () => {
        waiting = false;
        from.resume();
      });
    }
    observe(chunk);
  });
}
