import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { EmptyResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { BIN, run, TERMINAL_CONTROLS } from '../helpers/cli.js';
import {
  asJson,
  EVERYTHING,
  raws,
  recordArgs,
  spyOn,
  summaryOf,
  traceFile,
  traceLines,
  validateTrace,
} from '../helpers/record.js';

describe('record over stdio, the reference server driven by the official SDK client', () => {
  it('the client gets what the server sent; the trace holds what the client sent and saw, and validates', async () => {
    const file = traceFile();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, ...recordArgs(file, [process.execPath, EVERYTHING, 'stdio'])],
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (d: Buffer) => (stderr += d));
    const spy = spyOn(transport);
    const client = new Client({ name: 'record-test', version: '1.0.0' });
    await client.connect(transport);

    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name)).toContain('echo');
    const big = 'é'.repeat(1 << 19); // 1 MiB of UTF-8
    const echoed = await client.callTool({ name: 'echo', arguments: { message: big } });
    expect(echoed.content).toEqual([{ type: 'text', text: `Echo: ${big}` }]);
    // Written in the turn it was forwarded: once anything later has passed (the next
    // call's answer), the answer the client held is in the file, whole.
    const answerId = (spy.received.at(-1) as { id: number }).id;
    const missing = await client.callTool({ name: 'no-such-tool', arguments: {} });
    expect(raws(file, 'out').some((r) => (r as { id?: number }).id === answerId)).toBe(true);
    expect(missing.isError).toBe(true);
    await expect(client.request({ method: 'no/such-method' }, EmptyResultSchema)).rejects.toThrow(/-32601/);
    await client.close();

    // The server's stderr passed through the recorder.
    expect(stderr).toContain('Starting default (STDIO) server');
    expect(raws(file, 'in')).toEqual(asJson(spy.sent));
    expect(raws(file, 'out')).toEqual(asJson(spy.received));
    const lines = traceLines(file);
    expect(lines[0]).toMatchObject({ v: 1, type: 'meta', label: 'server-everything', source: 'mcp-replay-tui@0.1.0' });
    expect(lines.at(-1)).toMatchObject({ type: 'end', exitCode: 0 });
    expect(validateTrace(file)).toEqual({ code: 0, findings: [] });

    const summary = summaryOf(file);
    expect(summary.tools).toEqual([
      ['echo', 1, 0],
      ['no-such-tool', 1, 1],
    ]);
    expect(summary.session.exitCode).toBe(0);
    expect(summary.session.producer).toBe('mcp-replay-tui@0.1.0');
  });
});

describe('record: what the command says', () => {
  it.each([
    [['record', '-o', 'x.jsonl'], /name the server to record after --/],
    [['record', '-o', 'x.jsonl', '--url', 'http://127.0.0.1:1/mcp', '--', 'node'], /not both/],
    [['record', '-o', 'x.jsonl', '--listen', ':0', '--', 'node'], /--listen .* goes with --url/],
    [['record', '-o', 'x.jsonl', '--url', 'ftp://h/mcp'], /is not http/],
    [['record', '-o', 'x.jsonl', '--url', 'http://h/mcp', '--listen', 'nowhere'], /--listen: expected HOST:PORT/],
    [['record', '-o', 'x.jsonl', '--redact', '(', '--', 'node'], /invalid --redact/],
    [['record', '--', 'node'], /required option '-o, --output <file>'/],
  ])('%j: exit 2 saying why', (args, said) => {
    const r = run(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(said);
  });

  it('a trace that cannot be written: exit 1 naming it, and the server is not started', () => {
    const r = run(
      recordArgs('/nonexistent-dir/x.jsonl', [process.execPath, '-e', 'require("fs").writeFileSync(1, "ran")']),
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/cannot write \/nonexistent-dir\/x\.jsonl: ENOENT/);
    expect(r.stdout).toBe('');
  });

  it('a server that cannot start: exit 127, one clear line, and a trace that says so', () => {
    const file = traceFile();
    const r = run(recordArgs(file, ['/no/such/server', '--api-key', 'k3y']));
    expect(r.code).toBe(127);
    expect(r.stderr).toBe('mcp-replay-tui: cannot start /no/such/server: no such command\n');
    const lines = traceLines(file);
    expect(lines.map((l) => l.type ?? l.kind)).toEqual(['meta', 'record.spawn_failed', 'end']);
    expect(lines[1]!.raw).toMatchObject({ command: ['/no/such/server', '--api-key', '[REDACTED]'] });
    expect(lines[2]).toMatchObject({ exitCode: 127 });
    expect(readFileSync(file, 'utf8')).not.toContain('k3y');
    expect(validateTrace(file)).toEqual({ code: 0, findings: [] });
  });

  it('a hostile command or file name reaches the terminal inert, one line', () => {
    const file = traceFile('\u001b]0;title\u0007.jsonl');
    const r = run(recordArgs(file, ['\u001b[2J\u202enope\nforged line']));
    expect(r.code).toBe(127);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr.trimEnd()).not.toMatch(TERMINAL_CONTROLS);
    expect(traceLines(file).at(-1)).toMatchObject({ type: 'end', exitCode: 127 });
    expect(validateTrace(file)).toEqual({ code: 0, findings: [] });
  });
});
