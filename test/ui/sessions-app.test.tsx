import { render } from 'ink-testing-library';
import stringWidth from 'string-width';
import { beforeAll, describe, expect, it } from 'vitest';
import { readRun } from '../../src/ingest/read-run.js';
import { streamRun } from '../../src/ingest/stream-run.js';
import { nanoOf } from '../../src/kit/counts.js';
import { pairRuns } from '../../src/sources/recordings.js';
import { noFigures } from '../../src/store/run-figures.js';
import { SessionList, type SessionRun } from '../../src/store/session-list.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { sessionHeads, sessionRow, shortestStart } from '../../src/ui/format/session-lines.js';
import { SessionsApp } from '../../src/ui/sessions-app.js';
import { applyColorEnv } from '../../src/ui/theme.js';
import { demoStore } from '../helpers/demo.js';
import { RENDER_PAYLOADS } from '../helpers/hostile-payloads.js';
import { frameProblems } from '../helpers/hostile-suite.js';
import { tick, waitForFrame } from '../helpers/ink.js';
import { realTraceFiles } from '../helpers/shared.js';

beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));

const SIZE = { columns: 80, rows: 24 };
const runsOf = (n: number): SessionRun[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `runs/run-${String(i).padStart(4, '0')}`,
    files: [`runs/run-${i}.agent.jsonl`, `runs/run-${i}.mcp.jsonl`],
    mtimeMs: 1_000_000 + i,
  }));
const result = (id: string, label: string, startMs: number, calls: number, cost: number | null) => ({
  info: { id, startMs, durationMs: 61_000, label, agent: null, project: null, branch: null, models: [] },
  rows: [
    {
      key: { session: id },
      figures: {
        ...noFigures(),
        sessions: 1,
        toolCalls: calls,
        inputTokens: 1500,
        costNano: cost === null ? null : nanoOf(cost),
      },
    },
  ],
  problems: [],
});
const lines = (frame: string) => frame.split('\n');

describe('the Sessions list', () => {
  it('shows the first rows of 1,000 runs at once, before any is read, and fills them in as they are', async () => {
    const list = new SessionList(runsOf(1000));
    const app = render(
      <SessionsApp sessions={list} openRun={() => ({ store: demoStore(), close() {} })} size={SIZE} />,
    );
    let f = await waitForFrame(app.lastFrame, (x) => x.includes('1,000 sessions'));
    expect(lines(f)[0]).toMatch(/^ Sessions +1,000 sessions · reading 0 of 1,000 · by start/);
    expect(lines(f)[1]).toMatch(/^ +START↓ +LABEL +DUR +CALLS +ERR +TOKENS +COST$/);
    // Newest first (by when the files changed, until their starts are read): 22 rows on screen, each with … for now.
    expect(lines(f)[2]).toMatch(/^› … +run-0999 +… +… +… +… +…$/);
    expect(lines(f).filter((l) => l.includes('run-'))).toHaveLength(21);
    list.set(999, result('runs/run-0999', 'docs-server', Date.UTC(2026, 7, 19, 20, 56), 12, 0.5));
    list.set(998, result('runs/run-0998', 'other-server', Date.UTC(2026, 7, 19, 21, 0), 3, null));
    f = await waitForFrame(app.lastFrame, (x) => x.includes('reading 2 of 1,000'));
    // Read, run-0998 started later: it comes first.
    expect(lines(f)[2]).toMatch(/^› 2026-08-19 \d\d:\d\d other-server +1m01s +3 +0 +1\.50k +—$/);
    expect(lines(f)[3]).toMatch(/^ {2}2026-08-19 \d\d:\d\d docs-server +1m01s +12 +0 +1\.50k +\$0\.50$/);
    for (const l of lines(f)) expect(stringWidth(l)).toBeLessThanOrEqual(80);
    expect(lines(f)).toHaveLength(24);
    app.unmount();
  });

  it('sorts by the next column with s, and finds runs by name or label with /', async () => {
    const list = new SessionList(runsOf(3));
    list.set(0, result('runs/run-0000', 'zeta', 3000, 5, 2));
    list.set(1, result('runs/run-0001', 'alpha', 1000, 50, 1));
    list.set(2, result('runs/run-0002', 'mid', 2000, 1, 3));
    const app = render(
      <SessionsApp sessions={list} openRun={() => ({ store: demoStore(), close() {} })} size={SIZE} />,
    );
    await waitForFrame(app.lastFrame, (x) => x.includes('3 sessions'));
    app.stdin.write('s');
    let f = await waitForFrame(app.lastFrame, (x) => x.includes('by label'));
    expect(lines(f)[1]).toContain('LABEL↑');
    expect(
      lines(f)
        .slice(2, 5)
        .map((l) => l.split(/ +/)[3]),
    ).toEqual(['alpha', 'mid', 'zeta']);
    // The run selected before (the newest, zeta) is still selected.
    expect(lines(f)[4]).toMatch(/^› /);
    for (const next of ['model', 'duration', 'calls']) {
      app.stdin.write('s');
      f = await waitForFrame(app.lastFrame, (x) => x.includes(`by ${next}`));
    }
    expect(
      lines(f)
        .slice(2, 5)
        .map((l) => l.split(/ +/)[3]),
    ).toEqual(['alpha', 'zeta', 'mid']);
    app.stdin.write('/');
    await waitForFrame(app.lastFrame, (x) => lines(x).at(-1)!.startsWith('/'));
    app.stdin.write('MID');
    f = await waitForFrame(app.lastFrame, (x) => x.includes('no match'));
    app.stdin.write('\x7f\x7f\x7fmi');
    f = await waitForFrame(app.lastFrame, (x) => x.includes('1 match'));
    app.stdin.write('\r');
    f = await waitForFrame(app.lastFrame, (x) => x.includes('/mi 1/1'));
    expect(lines(f)[4]).toMatch(/^›•.* mid /);
    // Esc leaves the search kept after Enter, as in a run's panes: counter and mark go, the position stays.
    app.stdin.write('\x1b');
    f = await waitForFrame(app.lastFrame, (x) => !x.includes('/mi'));
    expect(lines(f).at(-1)).toMatch(/^\? help .* 3 of 3$/);
    expect(lines(f)[4]).toMatch(/^› .* mid /);
    app.unmount();
  });

  it('Enter opens the run in the app, Esc comes back to the list as it was', async () => {
    const list = new SessionList(runsOf(3));
    const opened: number[] = [];
    let closed = 0;
    const app = render(
      <SessionsApp
        sessions={list}
        openRun={(i) => {
          opened.push(i);
          return { store: demoStore(), close: () => closed++ };
        }}
        size={SIZE}
      />,
    );
    await waitForFrame(app.lastFrame, (x) => x.includes('3 sessions'));
    app.stdin.write('j');
    await waitForFrame(app.lastFrame, (x) => x.includes('2 of 3'));
    app.stdin.write('\r');
    let f = await waitForFrame(app.lastFrame, (x) => x.includes('[1 Calls]'));
    // The second row shown is run 1 (newest first).
    expect(opened).toEqual([1]);
    expect(lines(f).at(-1)).toContain('Esc sessions');
    // The app takes keys once its input handler is set up, just after its first frame.
    await tick();
    await tick();
    app.stdin.write('\x1b');
    f = await waitForFrame(app.lastFrame, (x) => x.includes('3 sessions'));
    await expect.poll(() => closed).toBe(1);
    expect(lines(f)[3]).toMatch(/^› … +run-0001 /);
    app.unmount();
  });

  it('names an agent session by its agent and project, opens it on Turns, and lists no run found empty', async () => {
    const list = new SessionList(runsOf(3));
    const agent = result('runs/run-0002', 'x', Date.UTC(2026, 7, 19, 20, 56), 4, 0.5);
    list.set(2, { ...agent, info: { ...agent.info, agent: 'claude-code', project: '/home/me/my-app' } });
    list.set(1, { info: { ...agent.info, id: 'runs/run-0001' }, rows: [], problems: [] });
    const app = render(
      <SessionsApp sessions={list} openRun={() => ({ store: demoStore(), close() {} })} size={SIZE} />,
    );
    const f = await waitForFrame(app.lastFrame, (x) => x.includes('claude · my-app'));
    // Run 1 was read and holds no record: no session.
    expect(lines(f)[0]).toMatch(/^ Sessions +2 sessions · reading 2 of 3/);
    expect(f).not.toContain('run-0001');
    app.stdin.write('\r');
    await waitForFrame(app.lastFrame, (x) => x.includes('[2 Turns]'));
    app.unmount();
  });

  it('says where it looked and how to open a file when it found no session', async () => {
    const empty = ['no agent sessions found on this machine', 'looked in /home/me/.claude/projects'];
    const app = render(
      <SessionsApp
        sessions={new SessionList([])}
        openRun={() => ({ store: demoStore(), close() {} })}
        size={SIZE}
        empty={empty}
      />,
    );
    const f = await waitForFrame(app.lastFrame, (x) => x.includes('looked in'));
    expect(lines(f)[2]).toBe(' no agent sessions found on this machine');
    expect(lines(f)[3]).toBe(' looked in /home/me/.claude/projects');
    expect(lines(f).at(-1)).toContain('q quit');
    app.unmount();
  });

  it('shows what a real run reads as: start, label, duration, calls, errors, tokens, cost', async () => {
    const files = realTraceFiles.filter((f) => f.includes('huggingface-co-2026-08-20T17-23-48-886Z'));
    const id = files[0]!.replace(/\.(agent|mcp)\.jsonl$/, '');
    const list = new SessionList([{ id, files, mtimeMs: 0 }]);
    list.set(
      0,
      await readRun({ run: id, files, by: ['session'], zone: 'UTC', since: null, until: null }, bundledPrices()),
    );
    const app = render(
      <SessionsApp
        sessions={list}
        openRun={() => ({ store: new TraceStore(bundledPrices()), close() {} })}
        size={SIZE}
      />,
    );
    const f = await waitForFrame(app.lastFrame, (x) => x.includes('1 session '));
    expect(lines(f)[0]).toMatch(/1 session · 2 files · by start/);
    expect(lines(f)[2]).toMatch(/^› 2026-08-20 \d\d:23 huggingface-co +19m07s +102 +28 +1\.17M +\$2\.60$/);
    app.unmount();
  });
});

describe('the Sessions list on hostile names and labels', () => {
  it.each(RENDER_PAYLOADS.map((p) => [p.name, p.text] as const))(
    '%s: nothing reaches the terminal, every line fits',
    async (_, text) => {
      const list = new SessionList([
        { id: `runs/${text}-run`, files: [`runs/${text}-run.jsonl`], mtimeMs: 2 },
        { id: 'runs/plain', files: ['runs/plain.jsonl'], mtimeMs: 1 },
      ]);
      list.set(0, { ...result(`runs/${text}-run`, `${text} label`, 5000, 1, 1), problems: [`cannot read ${text}`] });
      list.set(1, result('runs/plain', text, 4000, 1, null));
      const app = render(
        <SessionsApp sessions={list} openRun={() => ({ store: demoStore(), close() {} })} size={SIZE} />,
      );
      let f = await waitForFrame(app.lastFrame, (x) => x.includes('2 sessions'));
      expect(frameProblems(f, 80, 24)).toEqual([]);
      app.stdin.write('/');
      await waitForFrame(app.lastFrame, (x) => lines(x).at(-1)!.startsWith('/'));
      app.stdin.write(text.replace(/[\x00-\x1f\x7f]/g, ''));
      await tick();
      f = app.lastFrame() ?? '';
      expect(frameProblems(f, 80, 24)).toEqual([]);
      app.unmount();
    },
  );
});

describe('the Sessions list narrow: the start shortens before the label is cut', () => {
  /** Local times, as the list shows them (the test runs in any time zone). */
  const local = (day: number, h: number, m: number) => new Date(2026, 7, day, h, m).getTime();
  const labels = ['mcp-docs-astro-build', 'huggingface-co', 'docs-mcp-cloudflare-com'];
  const listOf = (starts: number[]) => {
    const list = new SessionList(runsOf(starts.length));
    for (const [i, ms] of starts.entries())
      list.set(i, result(`runs/run-${String(i).padStart(4, '0')}`, labels[i]!, ms, 102, 2.6));
    return list;
  };
  const frameAt = async (list: SessionList, columns: number) => {
    const app = render(
      <SessionsApp sessions={list} openRun={() => ({ store: demoStore(), close() {} })} size={{ columns, rows: 24 }} />,
    );
    const f = await waitForFrame(app.lastFrame, (x) => x.includes('3 files') || x.includes('6 files'));
    app.unmount();
    return lines(f);
  };
  const twoDays = () => listOf([local(19, 21, 24), local(20, 17, 23), local(20, 18, 3)]);

  it('at 80 columns keeps the whole date', async () => {
    const f = await frameAt(twoDays(), 80);
    expect(f[1]).toMatch(/^ {2}START↓ {11}LABEL/);
    expect(f.join('\n')).toMatch(/^[› ] 2026-08-20 17:23 huggingface-co /m);
  });

  it('at 60 columns gives up the year, not the label (runs on two days)', async () => {
    const f = await frameAt(twoDays(), 60);
    expect(f[1]).toMatch(/^ {2}START↓ {6}LABEL/);
    expect(f.join('\n')).toMatch(/^[› ] 08-20 17:23 huggingface-co /m);
    expect(f.join('\n')).toMatch(/^[› ] 08-19 21:24 mcp-docs-astro/m);
    for (const l of f) expect(stringWidth(l)).toBeLessThanOrEqual(60);
  });

  it('at 60 columns shows the time alone when every run started the same day', async () => {
    const f = await frameAt(listOf([local(20, 18, 3), local(20, 17, 23), local(20, 18, 17)]), 60);
    expect(f.join('\n')).toMatch(/^[› ] 17:23 {2}huggingface-co /m);
    expect(f.join('\n')).toMatch(/^[› ] 18:03 {2}mcp-docs-astro-build /m);
  });

  it('at every width from 50 to 120: the row exactly the width, the day and time, the label, calls, errors and cost', () => {
    const list = twoDays();
    const shortest = shortestStart(list.entries);
    const entry = list.entries[1]!;
    for (let width = 50; width <= 120; width++) {
      const row = sessionRow(entry, width, false, false, shortest)
        .map((s) => s.text)
        .join('');
      const heads = sessionHeads(width, 'start', shortest)
        .map((s) => s.text)
        .join('');
      expect(stringWidth(row), row).toBe(width);
      expect(stringWidth(heads), heads).toBe(width);
      expect(row, row).toMatch(width >= 80 ? /^ {2}2026-08-20 17:23 / : /^ {2}(2026-)?08-20 17:23 /);
      // The label keeps at least 12 cells (huggingface…), its whole name from 60 columns.
      expect(row, row).toContain(width >= 60 ? 'huggingface-co ' : 'huggingface');
      expect(row, row).toMatch(/ 102 +0 +(1\.50k +)?\$2\.60 $/);
    }
  });
});

describe('the Sessions list model column', () => {
  const withModels = (models: string[]) => {
    const r = result('runs/run-0000', 'my-server', 1_000_000, 3, 1);
    return { ...r, info: { ...r.info, models } };
  };
  const rowAt = (models: string[], width: number) => {
    const list = new SessionList(runsOf(1));
    list.set(0, withModels(models));
    return sessionRow(list.entries[0]!, width, false, false)
      .map((s) => s.text)
      .join('');
  };

  it('shows the most used model, its vendor prefix and date dropped, and how many others, from 91 columns', () => {
    expect(
      sessionHeads(91, 'start')
        .map((s) => s.text)
        .join(''),
    ).toContain(' MODEL ');
    expect(rowAt(['claude-opus-4-6-20260101', 'claude-haiku-4-5'], 91)).toMatch(/ opus-4-6 \+1 /);
    expect(rowAt(['gpt-5-codex'], 120)).toMatch(/ gpt-5-codex /);
    expect(rowAt([], 120)).toMatch(/my-server +— /);
  });

  it('goes first when narrow: at 90 and 80 columns no model, the label whole', () => {
    for (const width of [80, 90]) {
      expect(
        sessionHeads(width, 'start')
          .map((s) => s.text)
          .join(''),
      ).not.toContain('MODEL');
      expect(rowAt(['claude-opus-4-6'], width)).not.toContain('opus');
    }
  });
});

describe('a run named by an address with secrets', () => {
  it('shows it redacted in the Sessions list, and in the header of the run opened from it', async () => {
    const url = 'http://me:PASSW0RD@127.0.0.1:9/runs/x.jsonl?token=T0KEN';
    const runs = pairRuns([{ path: url, mtimeMs: 1, bytes: 0 }]);
    expect(runs.map((r) => [r.id, r.files])).toEqual([['http://***@127.0.0.1:9/runs/x.jsonl?token=***', [url]]]);
    const app = render(
      <SessionsApp sessions={new SessionList(runs)} openRun={() => ({ store: demoStore(), close() {} })} size={SIZE} />,
    );
    const f = await waitForFrame(app.lastFrame, (x) => x.includes('1 session'));
    app.unmount();
    expect(f).toContain('x.jsonl?token=***');
    expect(f).not.toMatch(/PASSW0RD|T0KEN/);
    // Opened, the run's file is named as its source names itself.
    const store = new TraceStore(bundledPrices());
    const run = streamRun(store, [url]);
    run.close();
    expect(store.files.map((file) => file.name)).toEqual(['http://***@127.0.0.1:9/runs/x.jsonl?token=***']);
  });
});

describe('a session cost as report shows it', () => {
  it('with some turns unpriced: the cost and `*` (a lower bound); past a sum: overflow', async () => {
    const list = new SessionList(runsOf(2));
    const partly = result('runs/run-0001', 'partly', Date.UTC(2026, 7, 19, 20, 0), 1, 0.5);
    partly.rows[0]!.figures.unpricedTurns = 1;
    const over = result('runs/run-0000', 'over', Date.UTC(2026, 7, 19, 19, 0), 1, null);
    over.rows[0]!.figures.costOverflowTurns = 1;
    list.set(1, partly);
    list.set(0, over);
    const app = render(
      <SessionsApp sessions={list} openRun={() => ({ store: demoStore(), close() {} })} size={SIZE} />,
    );
    const f = await waitForFrame(app.lastFrame, (x) => x.includes('partly') && x.includes('over'));
    app.unmount();
    expect(lines(f).find((l) => l.includes('partly'))).toMatch(/\$0\.50\*$/);
    expect(lines(f).find((l) => l.includes(' over'))).toMatch(/overflow$/);
  });
});

describe('the Sessions list label column', () => {
  it("keeps a long project's end at 80 columns: projects named alike stay apart", () => {
    const list = new SessionList(runsOf(2));
    for (const [i, project] of ['ccusage__project-alpha', 'ccusage__project-beta'].entries()) {
      const r = result(`runs/run-000${i}`, 'chat', 1_000_000, 0, 1);
      list.set(i, { ...r, info: { ...r.info, agent: 'claude-code', project } });
    }
    const rows = list.entries.map((e) =>
      sessionRow(e, 80, false, false)
        .map((s) => s.text)
        .join(''),
    );
    expect(rows[0]).toMatch(/claude · …\S*ject-alpha /);
    expect(rows[1]).toMatch(/claude · …\S*ject-beta /);
  });
});
