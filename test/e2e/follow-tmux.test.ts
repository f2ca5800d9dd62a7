import { appendFileSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, run } from '../helpers/cli.js';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.js';

const term = tmuxTerminal();
const { key, waitFor } = term;
afterEach(() => {
  term.kill();
});

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const iso = (ms: number) => new Date(T0 + ms).toISOString();
/** A call: request, and (unless `pending`) its response, failed when `failed`. */
const call = (run: string, i: number, failed = false, pending = false) =>
  `{"t":"${iso(i * 100)}","dir":"in","raw":{"jsonrpc":"2.0","id":${i},"method":"tools/call","params":{"name":"${run}_tool"}}}\n` +
  (pending
    ? ''
    : `{"t":"${iso(i * 100 + 20)}","dir":"out","raw":{"jsonrpc":"2.0","id":${i},"result":{"content":[{"type":"text","text":"r"}],"isError":${failed}}}}\n`);
const meta = (label: string) => `{"v":1,"type":"meta","startedAt":"${iso(0)}","label":"${label}","command":["x"]}\n`;
const calls = (run: string, n: number) =>
  Array.from({ length: n }, (_, i) => call(run, i + 1, i % 3 === 0, i === n - 1)).join('');

/** What `summary --json` says of the file as it is: records, and the tool's calls and errors. */
function summaryOf(path: string, tool: string) {
  const doc = JSON.parse(run(['summary', '--json', '--no-cache', path]).stdout) as {
    session: { records: { total: number } };
    tools: { name: string; calls: number; errors: number; pending: number }[];
  };
  const t = doc.tools.find((x) => x.name === tool)!;
  return { records: doc.session.records.total, calls: t.calls, errors: t.errors, pending: t.pending };
}

const header = (screen: string) => screen.split('\n')[0] ?? '';
const footer = (screen: string) => screen.trimEnd().split('\n').at(-1) ?? '';

describe.skipIf(!hasTmux)('--follow in a terminal (tmux): the app shows what the file holds now', () => {
  it('after a truncate-and-rewrite (past the end line) and a rotation, the header and Usage agree with summary', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrt-e2e-follow-'));
    const path = join(dir, 'live.jsonl');
    writeFileSync(path, `${meta('first') + calls('first', 12)}{"t":"${iso(5000)}","type":"end","exitCode":0}\n`);
    term.start(`node ${BIN} --follow ${path}; echo "EXIT=$?"; sleep 30`, 140, 30);
    const first = summaryOf(path, 'first_tool');
    await waitFor((s) => header(s).includes(` ${first.records} rec`) && s.includes('ended (exit 0)'), 'the first run');

    // Truncated and written again, longer than before, in one go (the size never looks smaller).
    writeFileSync(path, meta('second') + calls('second', 20));
    const second = summaryOf(path, 'second_tool');
    let screen = await waitFor(
      (s) => header(s).includes(` ${second.records} rec`) && s.includes('truncated: re-read from the start'),
      'the rewritten file',
    );
    expect(second.records).toBeGreaterThan(first.records);
    expect(screen).not.toContain('first_tool');
    expect(screen).not.toContain('ended');
    // The Calls pane lists every call of the new run once: requests, and no old ones.
    expect(footer(screen)).toMatch(new RegExp(`of ${second.calls}\\s*$`));
    screen = await key('3', (s) => s.includes('[3 Usage]') && s.includes('second_tool'), 'Usage');
    expect(screen).toMatch(new RegExp(`second_tool\\s+${second.calls}\\s+${second.errors}\\b`));
    expect(screen).not.toContain('first_tool');
    await key('1', (s) => s.includes('[1 Calls]'), 'Calls');

    // More lines, then a rotation: a new file at the path.
    appendFileSync(path, call('second', 30));
    const grown = summaryOf(path, 'second_tool');
    await waitFor((s) => header(s).includes(` ${grown.records} rec`), 'appended lines');
    renameSync(path, `${path}.1`);
    writeFileSync(path, meta('third') + calls('third', 4));
    const third = summaryOf(path, 'third_tool');
    screen = await waitFor(
      (s) => header(s).includes(` ${third.records} rec`) && s.includes('replaced: re-read from the start'),
      'the new file',
    );
    expect(screen).not.toContain('second_tool');
    expect(footer(screen)).toMatch(new RegExp(`of ${third.calls}\\s*$`));
    await key('q', (s) => s.includes('EXIT=0'), 'quit');
  });
});

describe.skipIf(!hasTmux)('a trace piped in (tail -f x | mcp-replay-tui -)', () => {
  it('follows the end as --follow does, until the user moves', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrt-e2e-pipe-'));
    const path = join(dir, 'live.jsonl');
    writeFileSync(path, meta('piped') + calls('piped', 30));
    term.start(`tail -n +1 -f ${path} | node ${BIN} -; echo "EXIT=$?"; sleep 30`, 80, 24);
    await waitFor((s) => footer(s).endsWith('30 of 30'), 'the last call selected');
    appendFileSync(path, Array.from({ length: 10 }, (_, i) => call('piped', 31 + i)).join(''));
    await waitFor((s) => footer(s).endsWith('40 of 40'), 'the new last call selected');
    // Moved up: it stays where the user is, and says what came since.
    await key('k', (s) => footer(s).endsWith('39 of 40'), 'one up');
    appendFileSync(path, call('piped', 41));
    const screen = await waitFor((s) => footer(s).endsWith('39 of 41'), 'a call more, the selection kept');
    expect(header(screen)).toContain('paused · 1 new');
  });
});

describe.skipIf(!hasTmux)('--follow on a file not there yet', () => {
  it('waits, saying so in the header, and reads the file once it is created', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrt-e2e-later-'));
    const path = join(dir, 'later.jsonl');
    term.start(`node ${BIN} --follow ${path}; echo "EXIT=$?"; sleep 30`, 80, 24);
    await waitFor((s) => header(s).includes('no such file yet: waiting for it to be created'), 'the waiting header');
    writeFileSync(path, meta('later') + calls('later', 5));
    // Read whole (its writing may be seen half done first), at the end as --follow opens.
    // The rows may show before the header leaves "loading": wait for both.
    const created = / rec · .*created: read from its start/;
    const screen = await waitFor((s) => /5 of 5$/.test(footer(s)) && created.test(header(s)), 'the created file');
    expect(header(screen)).toMatch(created);
    await key('q', (s) => s.includes('EXIT=0'), 'quit');
  });
});
