// The streaming baseline, for files too big for one string (over ~512 MiB): read in
// 1 MiB chunks, split on newlines, JSON.parse each line. Prints {ms, maxRssBytes}.
import { createReadStream } from 'node:fs';

const t0 = performance.now();
let carry = '';
let parsed = 0;
for await (const chunk of createReadStream(process.argv[2], { encoding: 'utf8', highWaterMark: 1 << 20 })) {
  const lines = (carry + chunk).split('\n');
  carry = lines.pop();
  for (const line of lines) {
    if (!line) continue;
    try {
      JSON.parse(line);
      parsed++;
    } catch {}
  }
}
const ms = performance.now() - t0;
process.stdout.write(JSON.stringify({ ms, parsed, maxRssBytes: process.resourceUsage().maxRSS * 1024 }) + '\n');
