import { close, open, read } from 'node:fs';
import { Readable } from 'node:stream';
import { OPEN_NO_WAIT } from './state-file.js';

const CHUNK = 64 << 10;
/** How long a read that found nothing waits before it tries again. */
const POLL_MS = 100;

/**
 * A device or a kernel file (`/proc/kmsg`, `/dev/tty`) as a byte stream that never waits
 * inside a read: opened non-blocking, each read comes back at once, with nothing
 * (EAGAIN) when nothing is there, and is tried again a moment later. Hand-rolled:
 * `fs.createReadStream` reads on a thread of Node's pool, which a read of /proc/kmsg
 * holds until the kernel logs something, and `process.exit` waits for that thread (the
 * app would not quit); Node can only watch pipes and sockets for readiness.
 */
export function deviceStream(path: string): Readable {
  let fd: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stream = new Readable({
    construct(done) {
      open(path, OPEN_NO_WAIT, (error, opened) => {
        fd = opened;
        done(error);
      });
    },
    read() {
      const tryRead = () => {
        if (fd === null || stream.destroyed) return;
        read(fd, Buffer.allocUnsafe(CHUNK), 0, CHUNK, null, (error, n, buffer) => {
          if (stream.destroyed) return;
          if ((error as NodeJS.ErrnoException | null)?.code === 'EAGAIN') timer = setTimeout(tryRead, POLL_MS);
          else if (error) stream.destroy(error);
          else stream.push(n === 0 ? null : buffer.subarray(0, n));
        });
      };
      tryRead();
    },
    destroy(error, done) {
      clearTimeout(timer);
      if (fd === null) return done(error);
      close(fd, () => done(error));
      fd = null;
    },
  });
  return stream;
}
