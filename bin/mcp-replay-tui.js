#!/usr/bin/env node
// React's development build is several times slower per frame; a user's terminal runs the production one.
process.env.NODE_ENV ??= 'production';
// A reader that stops early (`summary --json | head`) closes the pipe: stop quietly, as
// other command-line tools do, instead of dying on an unhandled EPIPE with a stack trace.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  process.stderr.write(`mcp-replay-tui: cannot write the output: ${error.message}\n`);
  process.exit(1);
});
const { main } = await import('../dist/bundle/main.js');

process.exitCode = await main(process.argv.slice(2));
