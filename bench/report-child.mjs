// Runs `report --json PATH…` in this process, output discarded; prints {ms, code, maxRssBytes}.
import { main } from '../dist/cli/main.js';

const write = process.stdout.write.bind(process.stdout);
process.stdout.write = () => true;
const t0 = performance.now();
const code = await main(['report', '--json', ...process.argv.slice(2)]);
const ms = performance.now() - t0;
process.stdout.write = write;
process.stdout.write(`${JSON.stringify({ ms, code, maxRssBytes: process.resourceUsage().maxRSS * 1024 })}\n`);
