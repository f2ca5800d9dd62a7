import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyColorEnv } from '../src/ui/theme.js';
import { demoStore } from './helpers/demo.js';
import { renderApp } from './helpers/ink.js';

/**
 * The README shows the app's first screen on the demo; this renders it again and
 * compares, so the picture never drifts from the app. `npm run docs` rewrites it
 * (UPDATE_README=1 runs this file in write mode).
 */
const README = new URL('../README.md', import.meta.url);
const START = '```text\n[1 Calls]';
const SIZE = { columns: 80, rows: 10 };

beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));
afterAll(() => applyColorEnv(process.env));

/** The README with its screen block replaced by `screen`. */
function withScreen(readme: string, screen: string): string {
  const start = readme.indexOf(START);
  if (start < 0) throw new Error(`README.md has no screen block (a line "${START.split('\n')[1]}" after \`\`\`text)`);
  const end = readme.indexOf('\n```', start + 7);
  return `${readme.slice(0, start)}\`\`\`text\n${screen}${readme.slice(end)}`;
}

describe('the README screen', () => {
  it(`is the demo as the app draws it at ${SIZE.columns}x${SIZE.rows}`, async () => {
    const app = await renderApp({ store: demoStore(), ...SIZE });
    const screen = app
      .frame()
      .split('\n')
      .map((l) => l.trimEnd())
      .join('\n');
    app.unmount();
    const readme = readFileSync(README, 'utf8');
    if (process.env.UPDATE_README === '1') writeFileSync(README, withScreen(readme, screen));
    else expect(readme, 'run npm run docs to redraw it').toBe(withScreen(readme, screen));
  });
});
