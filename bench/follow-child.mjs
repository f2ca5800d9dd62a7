// --follow: write → on-screen latency while a file grows at 1,000 lines/s (the real
// App on a fake terminal), then CPU used while the file sits idle.
process.env.NODE_ENV ??= 'production';

import { EventEmitter } from 'node:events';
import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeStdin } from './fake-tty.mjs';

const { createElement } = await import('react');
const { render } = await import('ink');
const { App } = await import('../dist/ui/app.js');
const { FollowSource } = await import('../dist/sources/follow-source.js');
const { ingest } = await import('../dist/ingest/ingest.js');
const { TraceStore } = await import('../dist/store/trace-store.js');
const { bundledPrices } = await import('../dist/trace/prices.js');

const path = join(mkdtempSync(join(tmpdir(), 'mrt-bench-')), 'live.jsonl');
writeFileSync(path, '{"v":1,"type":"meta","startedAt":"2026-01-01T00:00:00.000Z","label":"bench","command":["x"]}\n');
const written = new Map();
const seen = [];
class FakeStdout extends EventEmitter {
  columns = 100;
  rows = 30;
  isTTY = true;
  write(s) {
    const now = performance.now();
    for (const m of s.matchAll(/tool_(\d+)/g)) {
      const id = Number(m[1]);
      if (written.has(id)) {
        seen.push(now - written.get(id));
        written.delete(id);
      }
    }
    return true;
  }
}
const store = new TraceStore(bundledPrices());
const source = new FollowSource(path);
void ingest(store, source, store.addFile(path).index).catch(() => {});
let renders = 0;
const app = render(createElement(App, { store, follow: true }), {
  stdout: new FakeStdout(),
  stdin: new FakeStdin(),
  patchConsole: false,
  exitOnCtrlC: false,
  onRender: () => renders++,
});
const wait = (ms) => new Promise((r) => setTimeout(r, ms));
await wait(300);
// 1,000 lines/s for 3 s, in 10 ms ticks of 10 lines; each line a call with its own tool name.
let id = 0;
for (let tick = 0; tick < 300; tick++) {
  let text = '';
  const now = performance.now();
  for (let i = 0; i < 10; i++) {
    id++;
    text += `{"t":"2026-01-01T00:00:00.000Z","dir":"in","raw":{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"tool_${id}"}}}\n`;
    // Only the last line of a tick can be the bottom row on screen.
    if (i === 9) written.set(id, now);
  }
  appendFileSync(path, text);
  await wait(10);
}
await wait(2000);
seen.sort((a, b) => a - b);
// Idle: nothing is written for 3 s.
const renders0 = renders;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
await wait(3000);
const cpu = process.cpuUsage(cpu0);
const idleCpuPct = ((cpu.user + cpu.system) / 1000 / (performance.now() - t0)) * 100;
app.unmount();
source.close();
process.stdout.write(
  `${JSON.stringify({
    shown: seen.length,
    writtenTicks: 300,
    p50Ms: seen[Math.ceil(seen.length * 0.5) - 1],
    p95Ms: seen[Math.ceil(seen.length * 0.95) - 1],
    idleCpuPct,
    idleRenders: renders - renders0,
  })}\n`,
);
process.exit(0);
