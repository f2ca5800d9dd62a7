import { describe, expect, it } from 'vitest';
import { headerLine } from '../../src/ui/format/chrome.js';
import { storeOfRecording } from '../helpers/formats.js';
import { hasRealProducers, REAL_PRODUCERS } from '../helpers/shared.js';

const text = (line: ReturnType<typeof headerLine>) => line.map((s) => s.text).join('');

describe.skipIf(!hasRealProducers)('the header names a format that is not v1', () => {
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
