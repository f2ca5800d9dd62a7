// The baseline: a bare line-split + JSON.parse loop over the whole file, as a naive
// tool would do it; `stream` reads 1 MiB chunks instead (for files too big for one
// string, over ~512 MiB). Prints {ms, parsed, maxRssBytes}.
import { createReadStream, readFileSync } from 'node:fs';

const t0 = performance.now();
let parsed = 0;
const parse = (lines) => {
  for (const line of lines) {
    if (!line) continue;
    try {
      JSON.parse(line);
      parsed++;
    } catch {}
  }
};
if (process.argv[3] === 'stream') {
  let carry = '';
  for await (const chunk of createReadStream(process.argv[2], { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    const lines = (carry + chunk).split('\n');
    carry = lines.pop();
    parse(lines);
  }
  parse([carry]);
} else parse(readFileSync(process.argv[2], 'utf8').split('\n'));
const ms = performance.now() - t0;
process.stdout.write(`${JSON.stringify({ ms, parsed, maxRssBytes: process.resourceUsage().maxRSS * 1024 })}\n`);
