import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/cli.js';

/*
 * `npm install` warns about every dependency whose install script the project has not
 * reviewed (npm 11's `allowScripts`, in package.json). Each such package in the lock
 * must have a decision recorded, so an install says nothing and runs only what was
 * approved. protobufjs (test-only, through otlp-proto-root) is denied: its postinstall
 * only warns a project that names protobufjs itself with the wrong version range. So is
 * esbuild (the build's bundler): its postinstall checks the binary that its optional
 * platform package already holds, and would fetch one from the network without it.
 */
describe('install scripts', () => {
  it('every locked package with an install script has a decision in allowScripts', () => {
    const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { allowScripts?: Record<string, boolean> };
    const lock = JSON.parse(readFileSync(`${ROOT}package-lock.json`, 'utf8')) as {
      packages: Record<string, { name?: string; version?: string; hasInstallScript?: boolean }>;
    };
    const decided = pkg.allowScripts ?? {};
    const undecided = Object.entries(lock.packages)
      .filter(([path, p]) => path !== '' && p.hasInstallScript)
      .map(([path, p]) => ({ name: p.name ?? path.slice(path.lastIndexOf('node_modules/') + 13), version: p.version }))
      .filter(({ name, version }) => decided[name] === undefined && decided[`${name}@${version}`] === undefined);
    expect(undecided).toEqual([]);
  });
});
