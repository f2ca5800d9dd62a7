/**
 * Vitest's global setup: one temp directory for the whole run, removed at its end.
 * Tests (and the programs they start) make their own directories and files with
 * `os.tmpdir()`; many never removed them, and each `npm test` left ~400 behind in /tmp.
 * Setting TMPDIR here, before the test processes start, puts all of them in one place
 * that goes away with the run, including what a failed test leaves.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'mrt-run-'));
  process.env.TMPDIR = root;
  return () => rmSync(root, { recursive: true, force: true });
}
