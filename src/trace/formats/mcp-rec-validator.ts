import { MCP_REC_DIRS } from '../enums.js';
import { Validator } from '../validate.js';
import { isObject, num } from '../values.js';

const DIRECTIONS = new Set<string>(Object.values(MCP_REC_DIRS));

/**
 * mcp-rec's own rules, line by line: `{ts, dir, msg}` with `ts` epoch seconds, `dir`
 * one of the two directions, `msg` a JSON-RPC message. It has no meta or end line.
 * Lines that are blank, not JSON or not objects are worded as for v1.
 */
export class McpRecValidator extends Validator {
  override push(text: string, line: number): void {
    const o = this.object(text, line);
    if (o === null) return;
    if (num(o.ts) === null)
      this.add(line, 'error', 'mcp-rec-ts', `ts is ${this.shown('ts')}, not a number (seconds since the epoch)`);
    if (typeof o.dir !== 'string' || !DIRECTIONS.has(o.dir))
      this.add(
        line,
        'error',
        'mcp-rec-dir',
        `dir is ${this.shown('dir')}, not ${Object.values(MCP_REC_DIRS)
          .map((d) => JSON.stringify(d))
          .join(' or ')}`,
      );
    const msg = o.msg;
    if (!isObject(msg)) this.add(line, 'error', 'mcp-rec-msg', `msg is ${this.shown('msg')}, not a JSON-RPC object`);
    // What mcp-rec writes for a line on the pipe that was not JSON.
    else if ('_unparsed' in msg)
      this.add(line, 'warning', 'mcp-rec-unparsed', 'msg holds a line the recorder could not parse as JSON');
    else if (!('method' in msg) && !('result' in msg) && !('error' in msg))
      this.add(line, 'error', 'mcp-rec-msg', 'msg is not a JSON-RPC message: it has no method, result or error');
  }
}
