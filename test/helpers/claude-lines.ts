import type { TraceStore } from '../../src/store/trace-store.js';
import { CLAUDE_CODE } from '../../src/trace/formats/format.js';
import { at, storeOf } from './store.js';

/** A Claude Code transcript's line: one content block of a message, as Claude Code writes them. */
export function claudeLine(ms: number, role: 'user' | 'assistant', block: object, id: string) {
  const message: Record<string, unknown> = { role, content: [block] };
  if (role === 'assistant') {
    message.id = id;
    message.model = 'claude-sonnet-4-20250514';
    message.usage = { input_tokens: 10, output_tokens: 5 };
  }
  return { type: role, sessionId: 's1', uuid: `u${ms}`, cwd: '/home/me/proj', timestamp: at(ms), message };
}

/** Lines as a store read as a Claude Code transcript (as the app's sources say it is). */
export function claudeStore(lines: object[]): TraceStore {
  const store = storeOf(lines, undefined, 'session.jsonl');
  store.files[0]!.format = CLAUDE_CODE;
  return store;
}
