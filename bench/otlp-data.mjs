// An OTLP/JSON traces file (the file exporter's JSON Lines) of at least `bytes` bytes:
// our own `--export-otlp` of a small v1 trace, cut into one TracesData per line (a batch
// of 512 spans each, as the export makes them), its lines written again until the size
// is reached. Usage: node otlp-data.mjs SOURCE.jsonl OUT.jsonl BYTES
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const [source, out, bytesText] = process.argv.slice(2);
const bin = fileURLToPath(new URL('../bin/mcp-replay-tui.js', import.meta.url));
const exported = `${out}.export.json`;
execFileSync(process.execPath, [bin, source, '--export-otlp', exported], { stdio: ['ignore', 'ignore', 'inherit'] });
const doc = JSON.parse(readFileSync(exported, 'utf8'));
rmSync(exported);
const lines = `${doc.resourceSpans.map((r) => JSON.stringify({ resourceSpans: [r] })).join('\n')}\n`;
const chunk = Buffer.from(lines);
const fd = openSync(out, 'w');
for (let written = 0; written < Number(bytesText); written += chunk.length) writeSync(fd, chunk);
closeSync(fd);
