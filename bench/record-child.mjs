// The recorder's speed, side by side with a direct connection (issue 34, item 6), and with
// a bare pipe relay (the cost of any process in between). Prints one JSON line: echo
// latency added (median of paired calls), the 64 KiB echo's ratios,
// 1 KiB messages per second through the recorder and directly, and the recorder's
// resident memory early in a 1 GiB session and over all of it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const BIN = fileURLToPath(new URL('../bin/mcp-replay-tui.js', import.meta.url));
const EVERYTHING = fileURLToPath(
  new URL('../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url),
);
const BURST = fileURLToPath(new URL('./burst-server.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mrt-bench-record-'));
const ROUNDS = Number(process.env.BENCH_RECORD_ROUNDS ?? 200);
const MESSAGES = Number(process.env.BENCH_RECORD_MESSAGES ?? 1 << 20);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const RELAY = fileURLToPath(new URL('./pipe-relay.mjs', import.meta.url));

/** An SDK client on the reference server: directly, through the recorder, or through a bare pipe relay. */
async function connect(how) {
  const server = [EVERYTHING, 'stdio'];
  const args =
    how === 'recorded'
      ? [BIN, 'record', '-o', join(dir, 'echo.jsonl'), '--', process.execPath, ...server]
      : how === 'relayed'
        ? [RELAY, process.execPath, ...server]
        : server;
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args, stderr: 'ignore' }));
  return client;
}

/** Calls echo on each, taking turns, after a warm-up: each round's times in ms. */
async function pairedEcho(direct, recorded, relayed, message) {
  const call = async (client) => {
    const t0 = performance.now();
    await client.callTool({ name: 'echo', arguments: { message } });
    return performance.now() - t0;
  };
  for (let i = 0; i < 20; i++) await Promise.all([call(direct), call(recorded), call(relayed)]);
  const pairs = [];
  for (let i = 0; i < ROUNDS; i++)
    pairs.push({ direct: await call(direct), recorded: await call(recorded), relayed: await call(relayed) });
  return pairs;
}

/** Peak resident memory of a process so far, in bytes (Linux). */
const peakRss = (pid) => {
  try {
    return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
  } catch {
    return null;
  }
};

/**
 * `count` notifications of 1 KiB from the burst server, directly or through the
 * recorder: seconds until the client has them all, and (recorded) the recorder's peak
 * memory after the first tenth of them and at the end.
 */
function burst(recorded, count) {
  return new Promise((resolve, reject) => {
    const server = [BURST];
    const args = recorded ? [BIN, 'record', '-o', join(dir, 'burst.jsonl'), '--', process.execPath, ...server] : server;
    const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] });
    let lines = 0;
    let early = null;
    const t0 = performance.now();
    let seconds = null;
    child.stdout.on('data', (chunk) => {
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
      if (early === null && lines >= count / 10) early = peakRss(child.pid);
      if (lines >= count + 1 && seconds === null) {
        seconds = (performance.now() - t0) / 1000;
        const late = peakRss(child.pid);
        child.stdin.end();
        child.on('close', () => resolve({ seconds, early, late }));
      }
    });
    child.on('error', reject);
    child.stdin.write(`{"jsonrpc":"2.0","id":1,"method":"burst","params":{"count":${count},"size":1024}}\n`);
  });
}

const [direct, recorded, relayed] = await Promise.all([connect('direct'), connect('recorded'), connect('relayed')]);
const small = await pairedEcho(direct, recorded, relayed, 'hello');
const big = await pairedEcho(direct, recorded, relayed, 'x'.repeat(64 * 1024));
await Promise.all([direct.close(), recorded.close(), relayed.close()]);
const throughDirect = await burst(false, MESSAGES);
const throughRecorder = await burst(true, MESSAGES);
rmSync(dir, { recursive: true, force: true });
process.stdout.write(
  `${JSON.stringify({
    echoDirectMs: median(small.map((p) => p.direct)),
    echoAddedMs: median(small.map((p) => p.recorded - p.direct)),
    echo64kRatio: median(big.map((p) => p.recorded / p.direct)),
    echo64kRelayRatio: median(big.map((p) => p.relayed / p.direct)),
    echo64kRecordedOverRelay: median(big.map((p) => p.recorded / p.relayed)),
    echo64kDirectMs: median(big.map((p) => p.direct)),
    messages: MESSAGES,
    directPerSecond: MESSAGES / throughDirect.seconds,
    recordedPerSecond: MESSAGES / throughRecorder.seconds,
    earlyRssBytes: throughRecorder.early,
    lateRssBytes: throughRecorder.late,
  })}\n`,
);
