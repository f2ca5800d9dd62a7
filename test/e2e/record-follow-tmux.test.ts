import { afterEach, describe, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { FAKE, recordArgs, startRecording, traceFile } from '../helpers/record.js';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.js';

const term = tmuxTerminal();
const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  term.kill();
});

/** A tools/call request for `name`, as a client writes it. */
const call = (id: number, name: string) =>
  `${JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } })}\n`;

describe.skipIf(!hasTmux)('record, read live with --follow in another pane (tmux, 80x24)', () => {
  it('each call shows as it passes, and the end when the server exits', async () => {
    const file = traceFile('live.jsonl');
    const rec = startRecording(recordArgs(file, [process.execPath, FAKE]));
    stops.push(() => rec.child.kill('SIGKILL'));
    rec.child.stdin.write(call(1, 'first_tool'));
    await rec.whenStdout((out) => out.lines === 1);
    term.start(`node ${BIN} --follow ${file}`, 80, 24);
    await term.waitFor((s) => s.includes('first_tool'), 'the first call');

    // Written while the viewer runs: it shows without a key.
    rec.child.stdin.write(call(2, 'second_tool'));
    await term.waitFor((s) => s.includes('second_tool'), 'the call made while following');

    rec.child.stdin.end();
    await rec.done;
    await term.waitFor((s) => s.includes('ended (exit 0)'), 'the end line');
  });
});
