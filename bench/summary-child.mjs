// Runs `summary --json FILE` in this process, output discarded; prints {ms, maxRssBytes}.
import { main } from '../dist/cli/main.js';

const write = process.stdout.write.bind(process.stdout);
process.stdout.write = () => true;
const t0 = performance.now();
// --no-cache unless asked: the figure is the cost of indexing, not of reading a saved index.
const code = await main(['summary', '--json', ...(process.argv[3] === 'cache' ? [] : ['--no-cache']), process.argv[2]]);
const ms = performance.now() - t0;
process.stdout.write = write;
process.stdout.write(JSON.stringify({ ms, code, maxRssBytes: process.resourceUsage().maxRSS * 1024 }) + '\n');
