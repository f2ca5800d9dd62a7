import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detailLines } from '../../src/ui/data/detail.js';
import { prettyJsonText } from '../../src/ui/format/json-text.js';
import { realTraceFiles } from '../helpers/shared.js';
import { storeOf } from '../helpers/store.js';

const BIG = '123456789012345678901234567890';
const textOf = (lines: { text: string }[][]) => lines.map((l) => l.map((s) => s.text).join('')).join('\n');

describe('the detail view shows a record as written', () => {
  it('lays a record out as JSON.stringify(value, null, 2) does', () => {
    for (const text of [
      '{}',
      '[]',
      '{"a":[],"b":{},"c":[1,{"d":null}],"e":"\\u00e9\\n\\u001b","f":true}',
      ' { "a" : [ 1 , 2 ] } ',
      '"x"',
      '-15',
    ]) {
      expect(prettyJsonText(text), text).toBe(JSON.stringify(JSON.parse(text), null, 2));
    }
  });

  it('the same as JSON.stringify on every line of every real trace', () => {
    let lines = 0;
    for (const file of realTraceFiles) {
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        if (line.trim() === '') continue;
        lines++;
        expect(prettyJsonText(line)).toBe(JSON.stringify(JSON.parse(line), null, 2));
      }
    }
    expect(lines).toBeGreaterThan(1000);
  });

  it('keeps numbers as written: a huge id, 1.0, 1e0, -0', () => {
    expect(prettyJsonText(`{"id":${BIG},"a":[1.0,1e0,-0,1E+2]}`)).toBe(
      `{\n  "id": ${BIG},\n  "a": [\n    1.0,\n    1e0,\n    -0,\n    1E+2\n  ]\n}`,
    );
    const store = storeOf([
      `{"t":"2026-05-12T23:00:00.000Z","dir":"in","raw":{"jsonrpc":"2.0","id":${BIG},"method":"tools/call","params":{"name":"x"}}}`,
    ]);
    const shown = textOf(detailLines(store, 0, 200));
    expect(shown).toContain(`"id": ${BIG}`);
    expect(shown).not.toContain('e+29');
  });
});
