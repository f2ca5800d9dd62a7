import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unknownCommandText } from '../../src/cli/unknown-command.js';
import { run } from '../helpers/cli.js';

describe('a mistyped command', () => {
  it('says "unknown command" and lists the commands, exit 2', () => {
    const r = run(['frobnicate']);
    expect(r.code).toBe(2);
    // Every command is listed (matched loosely: a command added later is listed too).
    expect(r.stderr).toMatch(
      /^mcp-replay-tui: unknown command frobnicate, and no file of that name; the commands: summary, report, diff, validate, config.* \(mcp-replay-tui --help\)\n$/,
    );
  });

  it('a path that names nothing is still "cannot open" (exit 1)', () => {
    const r = run(['no/such/file.jsonl']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('mcp-replay-tui: cannot open no/such/file.jsonl: no such file\n');
  });

  it('a word that names a file, even a dangling link, is that file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrt-word-'));
    symlinkSync('nowhere', join(dir, 'trace'));
    expect(unknownCommandText([join(dir, 'trace')], ['summary'])).toBeNull();
    expect(unknownCommandText(['examples'], ['summary'])).toBeNull();
    expect(unknownCommandText(['sumary'], ['summary'])).toContain('unknown command sumary');
  });
});

describe('--export to a directory that does not exist', () => {
  it('names the path asked for, not the temp file beside it', () => {
    const r = run(['--export', '/no/such/dir/x.jsonl', 'examples/demo.jsonl']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('mcp-replay-tui: cannot write /no/such/dir/x.jsonl: no such directory\n');
  });
});
