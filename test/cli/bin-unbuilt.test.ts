import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('the binary in a clone not built yet', () => {
  it('says how to build it, exit 1, with no stack trace', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrt-unbuilt-'));
    mkdirSync(join(dir, 'bin'));
    copyFileSync('bin/mcp-replay-tui.js', join(dir, 'bin', 'mcp-replay-tui.js'));
    const run = spawnSync(process.execPath, [join(dir, 'bin', 'mcp-replay-tui.js'), '--version'], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('not built yet');
    expect(run.stderr).toContain('npm run build');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
