#!/usr/bin/env node
import { existsSync } from 'node:fs';

// React's development build is several times slower per frame; a user's terminal runs the production one.
process.env.NODE_ENV ??= 'production';
// A reader that stops early (`summary --json | head`) closes the pipe: stop quietly, as
// other command-line tools do, instead of dying on an unhandled EPIPE with a stack trace.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  process.stderr.write(`mcp-replay-tui: cannot write the output: ${error.message}\n`);
  process.exit(1);
});
// A clone not built yet (or being built) has no bundle: say how to make it, not a stack trace.
const bundle = new URL('../dist/bundle/main.js', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write('mcp-replay-tui: not built yet (no dist/bundle): run `npm run build` in its folder\n');
  process.exit(1);
}
const { main } = await import(bundle.href);

process.exitCode = await main(process.argv.slice(2));
