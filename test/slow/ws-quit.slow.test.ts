import { describe, expect, it } from 'vitest';
import { hasTmux } from '../helpers/tmux.js';
import { quitLive } from '../helpers/ws-quit.js';

// `q` on a live ws:// source, the real binary in tmux, whatever the server does. (The
// flood case also runs in npm test: test/e2e/ws-quit.test.ts.)
describe.skipIf(!hasTmux)('q on a live ws:// source (tmux)', () => {
  it.each(['flood', 'garbage', 'binary', 'silent', 'broken'] as const)(
    '%s: exits within a second of q, no stack trace; 1 with the reason once the source broke',
    async (behaviour) => {
      const r = await quitLive(behaviour);
      expect(r.quitMs).toBeLessThan(1000);
      // Ink shows the cursor again on stderr; anything else there is a message or a stack trace.
      const said = r.stderr.replaceAll('\x1b[?25h', '');
      if (behaviour === 'broken') {
        // A source that failed is said again after q, and the exit code says so (README).
        expect(r.code).toBe(1);
        expect(said).toMatch(/ws:\/\/127\.0\.0\.1:\d+\/.*broke the websocket protocol/);
      } else {
        expect(r.code).toBe(0);
        expect(said).toBe('');
      }
      expect(r.after).not.toMatch(/RangeError|ERR_OUT_OF_RANGE|\n\s+at /);
      if (behaviour === 'garbage' || behaviour === 'binary')
        expect(r.before).toMatch(/ignored [\d,]+ frames? that are not mcp-tape JSON/);
      // What arrived before the broken frame stays on screen, with the state in the header.
      if (behaviour === 'broken')
        expect(r.before).toMatch(
          /error: ws:\/\/127\.0\.0\.1:\d+\/: the server broke the websocket protocol[\s\S]*tool_1/,
        );
    },
  );
});
