import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpSource } from '../../src/sources/http-source.js';
import { tooLongReason } from '../../src/sources/line-splitter.js';
import { Spool } from '../../src/sources/spool.js';
import type { Line } from '../../src/sources/types.js';

/*
 * A line over the limit is never held in memory, and not on disk either: the spool
 * leaves a hole for it (an endless line from a server once grew the unlinked spool
 * ~130 MiB/s, fully allocated, until the disk was full).
 */

const MAX = 1024;
const LONG = 8 << 20;
const AFTER = '{"t":"2026-01-01T00:00:01.000Z","dir":"in","raw":{"jsonrpc":"2.0","id":1,"method":"ping"}}';

afterEach(() => vi.restoreAllMocks());

describe('a line over the limit from a server', () => {
  it('is skipped, keeps (almost) nothing of it in the spool, and the next line reads back', async () => {
    const http = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      const block = Buffer.alloc(64 * 1024, 0x30);
      for (let sent = 0; sent < LONG; sent += block.length) res.write(block);
      res.end(`\n${AFTER}\n`);
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    const appended = vi.spyOn(Spool.prototype, 'append');
    const source = new HttpSource(`http://127.0.0.1:${(http.address() as AddressInfo).port}/zeros`, { maxLine: MAX });
    const lines: Line[] = [];
    // Read while the batch is current (a line's text is a view of its chunk), as plain objects.
    for await (const batch of source.lines())
      for (const l of batch)
        lines.push({ lineNo: l.lineNo, offset: l.offset, length: l.length, text: l.skip ?? l.text });
    http.close();
    expect(lines.map((l) => [l.lineNo, l.offset, l.length, l.text])).toEqual([
      [1, 0, LONG, tooLongReason(MAX, LONG)],
      [2, LONG + 1, AFTER.length, AFTER],
    ]);
    const stored = appended.mock.calls.reduce((n, [chunk]) => n + chunk.length, 0);
    // The chunks that start and end the long line are kept whole; the megabytes between are a hole.
    expect(stored).toBeLessThan(LONG / 8);
    expect(source.readBytes(lines[1]!.offset, lines[1]!.length).toString()).toBe(AFTER);
    source.close();
  });
});
