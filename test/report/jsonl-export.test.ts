import { describe, expect, it } from 'vitest';
import { exportLines, osc52 } from '../../src/report/jsonl-export.js';
import { at, storeOf } from '../helpers/store.js';

describe('export and copy', () => {
  it('writes each line once, even when a batch line gives several rows', () => {
    const batch = {
      t: at(0),
      dir: 'in',
      raw: [
        { jsonrpc: '2.0', id: 1, method: 'a' },
        { jsonrpc: '2.0', id: 2, method: 'b' },
      ],
    };
    const s = storeOf([batch, { t: at(1), dir: 'out', raw: { id: 1, result: {} } }]);
    expect([...exportLines(s, [0, 1, 2])]).toEqual([
      JSON.stringify(batch),
      '{"t":"2026-05-12T23:00:00.001Z","dir":"out","raw":{"id":1,"result":{}}}',
    ]);
  });

  it('wraps the clipboard text in OSC 52 as base64 (so the text itself never reaches the terminal)', () => {
    const seq = osc52('{"a":"\x1b[2J"}');
    expect(seq).toBe(`\x1b]52;c;${Buffer.from('{"a":"\x1b[2J"}').toString('base64')}\x07`);
    expect(seq.slice(7, -1)).toMatch(/^[A-Za-z0-9+/=]+$/);
  });
});
