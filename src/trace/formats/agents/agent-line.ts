import type { JsonObject } from '../../../kit/values.js';
import type { AgentRecord } from './agent-record.js';
import { claudeCodeRecord } from './claude-code.js';
import { codexRecord } from './codex.js';

/** A line of a Claude Code or Codex transcript as a v1 turn or another record; null for any other line. */
export const agentRecord = (o: JsonObject): AgentRecord | null => codexRecord(o) ?? claudeCodeRecord(o);
