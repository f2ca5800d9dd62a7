import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.js';

/*
 * What a user installs: `npm pack`, then `npm install -g` of the tarball into a prefix
 * of its own. The package holds the bundle (dist/bundle/) and no build step runs at
 * install, so the installed binary must find everything it loads, each worker thread's
 * entry file included. `npm run test:slow` builds the bundle first.
 */

const work = mkdtempSync(join(tmpdir(), 'mrt-packed-'));
const prefix = join(work, 'prefix');
const term = tmuxTerminal();
afterEach(() => term.kill());
afterAll(() => spawnSync('rm', ['-rf', work]));

const npm = (...args: string[]) =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });

describe.skipIf(!existsSync(join(ROOT, 'dist', 'bundle', 'main.js')))('the packed tarball, installed globally', () => {
  let bin = '';
  let installed = '';

  it('packs the bundle, the examples and no sources', () => {
    // --ignore-scripts: test:slow built the bundle already (pack would build it again).
    npm('pack', '--ignore-scripts', '--pack-destination', work);
    const tarball = join(work, readdirSync(work).find((f) => f.endsWith('.tgz'))!);
    const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n');
    for (const f of [
      'bin/mcp-replay-tui.js',
      'dist/bundle/main.js',
      'dist/bundle/keys-worker.js',
      'examples/demo.jsonl',
    ])
      expect(files).toContain(`package/${f}`);
    expect(files).toContain('package/dist/bundle/index-worker.js');
    expect(files.filter((f) => /^package\/(src|test|bench)\//.test(f) || f.startsWith('package/dist/cli/'))).toEqual(
      [],
    );
    npm('install', '--global', '--prefix', prefix, '--prefer-offline', tarball);
    bin = join(prefix, 'bin', 'mcp-replay-tui');
    installed = join(prefix, 'lib', 'node_modules', 'mcp-replay-tui');
    expect(execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it.skipIf(!hasTmux)('runs the demo in a terminal, keys included, and quits cleanly', async () => {
    expect(bin).not.toBe('');
    // From another directory than the repository's: nothing may be found through it.
    term.start(`cd ${work} && ${bin} ${join(installed, 'examples', 'demo.jsonl')}; echo "EXIT=$?"; sleep 30`, 80, 24);
    await term.waitFor((s) => s.includes('tools/call search_files') && s.includes('1 of 13'), 'the first frame');
    await term.key('j', (s) => s.includes('2 of 13'), 'j (read by the keys thread)');
    await term.key('q', (s) => s.includes('EXIT=0'), 'quit');
  });

  it('reads many runs on an index worker thread', () => {
    expect(bin).not.toBe('');
    // Over 32 MiB all told, `report` reads runs on worker threads (ingest/read-runs.ts).
    const runs = join(work, 'runs');
    mkdirSync(runs);
    const line = `${JSON.stringify({ t: '2026-01-01T00:00:00.000Z', dir: 'in', raw: { jsonrpc: '2.0', method: 'notifications/message', params: { data: 'x'.repeat(1000) } } })}\n`;
    const run = line.repeat(12 * 1024);
    for (const name of ['a', 'b', 'c']) writeFileSync(join(runs, `${name}.jsonl`), run);
    const r = spawnSync(bin, ['report', '--by', 'session', '--json', runs], {
      cwd: work,
      encoding: 'utf8',
      env: { ...process.env, MCP_REPLAY_TUI_WORKERS: '2', NODE_DEBUG: 'esm' },
    });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).rows).toHaveLength(3);
    // The worker loaded its entry file from the installed bundle.
    expect(r.stderr).toContain(`Storing file://${join(installed, 'dist', 'bundle', 'index-worker.js')}`);
  });
});
