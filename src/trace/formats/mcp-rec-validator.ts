import { Validator } from '../validate.js';
import { mcpRecFaults } from './mcp-rec-rules.js';

/**
 * mcp-rec's own rules, line by line (mcp-rec-rules.ts). It has no meta or end line.
 * Lines that are blank, not JSON or not objects are worded as for v1.
 */
export class McpRecValidator extends Validator {
  override push(text: string, line: number): void {
    const o = this.object(text, line);
    if (o === null) return;
    for (const f of mcpRecFaults(o, (key) => this.shown(key))) this.add(line, f.severity, f.rule, f.message);
  }
}
