import { describe, expect, it } from 'vitest';
import { headerLine } from '../../src/ui/format/chrome.js';
import { storeOfRecording } from '../helpers/formats.js';
import { REAL_PRODUCERS, REAL_TRACES } from '../helpers/shared.js';

const text = (line: ReturnType<typeof headerLine>) => line.map((s) => s.text).join('');

describe('the header names a format that is not v1', () => {
  it.each([
    ['mcprecorder-everything.json', 'mcp-servers/everything (mcp · mcp-recorder cassette · times approximate)'],
    ['mcprec-everything-rich.jsonl', 'rich (mcp-rec)'],
  ])('%s', async (file, shown) => {
    const store = await storeOfRecording(`${REAL_PRODUCERS}${file}`);
    const label = shown.split(' (')[0]!;
    const line = text(
      headerLine({ pane: 'calls', files: store.files, labels: [label], records: store.count, skipped: 0 }, 160),
    );
    expect(line).toContain(` ${shown} `);
  });

  it('and says nothing of the format of a v1 trace', async () => {
    const store = await storeOfRecording('examples/demo.jsonl');
    const line = text(headerLine({ pane: 'calls', files: store.files, labels: ['demo'], records: 1, skipped: 0 }, 160));
    expect(line).toContain(' demo (mcp) ');
  });
});

describe('at 80 columns the header still names the format', () => {
  it('cuts the label, not the format or the approximate times', async () => {
    const store = await storeOfRecording(`${REAL_PRODUCERS}mcprecorder-everything.json`);
    const line = text(
      headerLine(
        { pane: 'calls', files: store.files, labels: ['mcp-servers/everything'], records: 47, skipped: 0 },
        80,
      ),
    );
    expect(line).toMatch(/ mcp-serv\S*… \(cassette · ≈ times\) /);
    expect(line).toContain('47 rec · ended (imported)');
    expect(line.length).toBeLessThanOrEqual(80);
  });

  it('keeps the label whole when there is room', async () => {
    const store = await storeOfRecording(`${REAL_PRODUCERS}mcprec-everything-rich.jsonl`);
    const line = text(headerLine({ pane: 'calls', files: store.files, labels: ['rich'], records: 5, skipped: 0 }, 80));
    expect(line).toContain(' rich (mcp-rec) ');
  });
});

describe('a filter on a narrow header with a long label', () => {
  it('still shows the filter, before the state', async () => {
    const store = await storeOfRecording('examples/demo.jsonl');
    const line = text(
      headerLine(
        {
          pane: 'calls',
          files: store.files,
          labels: ['mcp-api-coingecko-com + mcp-api-coingecko-com'],
          records: 480,
          skipped: 0,
          filter: { text: 'tool:execute', kept: 12_345, total: 1_234_567 },
        },
        80,
      ),
    );
    // The filter's text, whole: the label and the count of rows it keeps give way first.
    expect(line).toMatch(/ mcp-api-coin… \(mcp\) +filter: tool:execute · ended \(exit 0\)$/);
    expect(line.length).toBeLessThanOrEqual(80);
  });
});

describe('both planes of one run', () => {
  const run = `${REAL_TRACES}huggingface-co-2026-08-20T17-23-48-886Z`;
  // 83 and 63: the room 80 and 60 columns had before the fifth tab took 3 cells.
  it.each([83, 63])('name the run once at %i columns', async (width) => {
    const agent = await storeOfRecording(`${run}.agent.jsonl`);
    const mcp = await storeOfRecording(`${run}.mcp.jsonl`);
    const files = [...agent.files, ...mcp.files];
    const line = text(
      headerLine(
        { pane: 'calls', files, labels: ['huggingface-co', 'huggingface-co'], records: 872, skipped: 0 },
        width,
      ),
    );
    // The planes are said once, by their kinds; the name is not said twice. (At 60 the
    // state, ended (eval_complete), leaves the label its floor of 16 cells.)
    expect(line).toContain(width >= 83 ? ' huggingface-co (llm+mcp) ' : ' hugging… (llm+mcp) ');
    expect(line).not.toContain(' + ');
    expect(line.length).toBe(width);
  });

  it('with a filter on, gives up the planes whole, never a cut parenthesis', async () => {
    const agent = await storeOfRecording(`${run}.agent.jsonl`);
    const mcp = await storeOfRecording(`${run}.mcp.jsonl`);
    const files = [...agent.files, ...mcp.files];
    const header = (width: number) =>
      text(
        headerLine(
          {
            pane: 'calls',
            files,
            labels: ['huggingface-co', 'huggingface-co'],
            records: 872,
            skipped: 0,
            filter: { text: 'tool:hf_fs', kept: 12, total: 124 },
          },
          width,
        ),
      );
    // At 80 the planes' `(llm+mcp)` and the label cannot both keep 8 cells: the planes go;
    // the label and the filter's end give way before how many rows it keeps.
    // (At 83: the room 80 columns had before the fifth tab took 3 cells.)
    expect(header(83)).toMatch(/ huggin… filter: tool:hf_… · 12 of 124 · ended/);
    for (let width = 40; width <= 140; width++) {
      const line = header(width);
      expect(line.length).toBe(width);
      // The planes whole or not at all (the state at the end may be cut: it is last).
      expect(line).not.toContain('(…');
      if (line.includes('(llm')) expect(line).toContain('(llm+mcp)');
    }
  });

  it("names a plane's news by the plane, which the label shared by both cannot say", async () => {
    const agent = await storeOfRecording(`${run}.agent.jsonl`);
    const mcp = await storeOfRecording(`${run}.mcp.jsonl`);
    const files = [...agent.files, { ...mcp.files[0]!, stateText: 'truncated: re-read from the start' }];
    const labels = ['huggingface-co', 'huggingface-co'];
    const line = text(headerLine({ pane: 'calls', files, labels, records: 872, skipped: 0 }, 140));
    expect(line).toContain('ended (eval_complete), mcp: ended (eval_complete)');
    // Two runs: each news says its run's label.
    const two = text(headerLine({ pane: 'calls', files, labels: ['run-x', 'run-y'], records: 872, skipped: 0 }, 140));
    expect(two).toContain('run-y: ended (eval_complete)');
  });

  it('keeps both names when the runs differ, and every width exact', async () => {
    const agent = await storeOfRecording(`${run}.agent.jsonl`);
    const mcp = await storeOfRecording(`${run}.mcp.jsonl`);
    const files = [...agent.files, ...mcp.files];
    for (let width = 50; width <= 120; width++) {
      const same = headerLine({ pane: 'calls', files, labels: ['run-x', 'run-x'], records: 872, skipped: 0 }, width);
      expect(text(same)).toContain(' run-x (llm+mcp) ');
      expect(text(same).length).toBe(width);
      const two = headerLine({ pane: 'calls', files, labels: ['run-x', 'run-y'], records: 872, skipped: 0 }, width);
      // Two runs: both names, whole while there is room for them.
      if (width === 120) expect(text(two)).toContain(' run-x + run-y (llm+mcp) ');
      expect(text(two).length).toBe(width);
    }
  });
});
