import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingest } from '../../src/ingest/ingest.js';
import { v1Export } from '../../src/report/v1-export.js';
import { DocumentSource } from '../../src/sources/document-source.js';
import { modelsOf } from '../../src/store/stats.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { formatReader } from '../../src/trace/formats/reader.js';
import { RecordingValidator } from '../../src/trace/formats/validate-recording.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { AGENT_SESSIONS, filesUnder } from '../helpers/agent-sessions.js';
import { storeOfRecording, textSource } from '../helpers/formats.js';

const all = (store: TraceStore) => Int32Array.from({ length: store.count }, (_, i) => i);
/** What a run counted, per model: tokens, and (`cost`) what they cost. */
const counted = (store: TraceStore, cost: boolean) =>
  modelsOf(store.aggregates, store.prices)
    ?.perModel.map((m) => [
      m.model,
      m.inputTokens,
      m.outputTokens,
      m.cacheReadTokens,
      m.cacheCreationTokens,
      cost ? m.estCostUsd : null,
    ])
    // By name: a response's lines are turns of their own in v1, so the models' turn counts differ.
    .sort((a, b) => String(a[0]).localeCompare(String(b[0]))) ?? null;

/**
 * Agent transcripts with usage, Claude Code's and Codex's. Left out: files broken on
 * purpose, and ccusage's test transcript, whose lines have no time (a v1 turn needs one:
 * the export writes such a line without it, and says so).
 */
const FILES = [
  ...filesUnder(join(AGENT_SESSIONS, 'claude-code-log', 'claude-config')),
  ...filesUnder(join(AGENT_SESSIONS, 'ccusage')),
].filter((f) => !/edge_cases|malformed|journal|test-transcript/.test(f));

describe('--export of an agent session', () => {
  it.each(FILES.map((f) => [f.split('/').slice(-2).join('/'), f]))(
    '%s: a v1 trace that validates and counts the same tokens and cost',
    async (_n, file) => {
      const store = await storeOfRecording(file);
      const out = [...v1Export(store, all(store))];
      const v = new RecordingValidator(Infinity);
      out.forEach((line, i) => {
        v.push(line, i + 1);
      });
      expect(v.finish().filter((f) => f.severity === 'error')).toEqual([]);
      expect(v.format.name).toBe('mcp-replay v1');
      const back = new TraceStore(bundledPrices());
      await ingest(back, new DocumentSource(textSource(`${out.join('\n')}\n`), formatReader));
      // A v1 trace has no 1-hour cache rate: with such cache writes, only the tokens are the same.
      const hourCache = /"ephemeral_1h_input_tokens":[1-9]/.test(readFileSync(file, 'utf8'));
      expect(counted(back, !hourCache)).toEqual(counted(store, !hourCache));
    },
  );
});
