// The baseline: a bare line-split + JSON.parse loop over the whole file, as a naive
// tool would do it. Prints {ms, maxRssBytes}.
import { readFileSync } from 'node:fs';

const t0 = performance.now();
const text = readFileSync(process.argv[2], 'utf8');
let parsed = 0;
for (const line of text.split('\n')) {
  if (!line) continue;
  try {
    JSON.parse(line);
    parsed++;
  } catch {}
}
const ms = performance.now() - t0;
process.stdout.write(JSON.stringify({ ms, parsed, maxRssBytes: process.resourceUsage().maxRSS * 1024 }) + '\n');
