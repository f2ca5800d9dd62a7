import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { REAL_TRACES } from '../helpers/shared.js';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.js';

const term = tmuxTerminal();
const RUN = join(REAL_TRACES, 'huggingface-co-2026-08-20T17-23-48-886Z');
const PLANES = `${RUN}.agent.jsonl ${RUN}.mcp.jsonl`;

afterEach(() => {
  term.kill();
});

describe.skipIf(!hasTmux)('cost per tool in a terminal at 80x24 (tmux)', () => {
  it('the Usage pane shows TOKENS and COST per tool, – where no turn asked, within 80 columns', async () => {
    term.start(`NO_COLOR=1 node ${BIN} --no-cache ${PLANES}; sleep 30`, 80, 24);
    await term.waitFor((s) => s.includes('ended (eval_complete)'), 'the first frame, both files read');
    const screen = await term.key('3', (s) => s.includes('[3 Usage]') && s.includes('hf_fs'), 'Usage');
    const lines = screen.split('\n');
    expect(lines.every((l) => l.length <= 80)).toBe(true);
    expect(lines.find((l) => /^\s*TOOL\s/.test(l))).toMatch(/\sTOKENS\s+COST\s*$/);
    expect(lines.find((l) => l.includes('__fitness_report_probe_tool__'))).toMatch(/\s–\s+–\s*$/);
    expect(lines.find((l) => /^\s*hf_fs\s/.test(l))).toMatch(/\s[\d,]+\s+\$\d+\.\d\d\s*$/);
    await term.key('q', (s) => !s.includes('[3 Usage]'), 'quit');
  });

  it('summary at 80 columns keeps USES, TOKENS and COST, leaving out MAX, P95 and PENDING', async () => {
    term.start(`node ${BIN} summary --no-cache ${RUN}.mcp.jsonl ${RUN}.agent.jsonl; sleep 30`, 80, 150);
    const screen = await term.waitFor((s) => s.includes('METHOD') && s.includes('claude-sonnet-5'), 'the summary');
    const lines = screen.split('\n');
    expect(lines.every((l) => l.length <= 80)).toBe(true);
    expect(lines.find((l) => l.startsWith('TOOL '))!.split(/\s{2,}/)).toEqual([
      'TOOL',
      'CALLS',
      'ERRORS',
      'P50',
      'USES',
      'TOKENS',
      'COST',
    ]);
    expect(lines.find((l) => l.startsWith('__fitness_report_probe_tool__'))).toMatch(/\s–\s+–$/);
  });
});
