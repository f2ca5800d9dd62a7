// Runs `summary --json FILE` in this process, output discarded; prints {ms, maxRssBytes}.
// argv[3]: `fresh` runs it as a user's first open (saving the index into a new cache
// directory), `cache` with the cache directory the caller set, else with --no-cache
// (the cost of indexing alone).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../dist/cli/main.js';

const mode = process.argv[3];
const fresh = mode === 'fresh' ? mkdtempSync(join(tmpdir(), 'mrt-bench-cache-')) : null;
if (fresh) process.env.MCP_REPLAY_TUI_CACHE_DIR = fresh;
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = () => true;
const t0 = performance.now();
const code = await main(['summary', '--json', ...(mode === 'cache' || fresh ? [] : ['--no-cache']), process.argv[2]]);
const ms = performance.now() - t0;
process.stdout.write = write;
if (fresh) rmSync(fresh, { recursive: true, force: true });
process.stdout.write(`${JSON.stringify({ ms, code, maxRssBytes: process.resourceUsage().maxRSS * 1024 })}\n`);
