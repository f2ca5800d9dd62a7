#!/usr/bin/env node
// React's development build is several times slower per frame; a user's terminal runs the production one.
process.env.NODE_ENV ??= 'production';
const { main } = await import('../dist/cli/main.js');

process.exitCode = await main(process.argv.slice(2));
