import stringWidth from 'string-width';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyColorEnv, paint, setAscii } from '../../src/ui/theme.js';
import { demoStore } from '../helpers/demo.js';
import { renderApp } from '../helpers/ink.js';

beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
  setAscii(false);
});

const GLYPHS = '›→←↑↓⇠⇢↔✓✗⊘·•…⋯—–≠≤═─│▏✂▁▂▃▄▅▆▇█␛␡';
const GLYPH = new RegExp(`[${GLYPHS}]`);

const frameOf = async (
  ascii: boolean,
  keys: (a: NonNullable<typeof app>) => Promise<void> = async () => undefined,
  columns = 100,
  rows = 30,
) => {
  setAscii(ascii);
  app = await renderApp({ store: demoStore(), columns, rows });
  await keys(app);
  const f = app.frame();
  app.unmount();
  app = null;
  return f;
};

describe('ASCII mode (--ascii)', () => {
  it('draws each glyph as one ASCII character of the same width', () => {
    setAscii(true);
    const out = paint([{ text: GLYPHS }]);
    expect(out).toMatch(/^[\x20-\x7e]+$/);
    expect(stringWidth(out)).toBe(stringWidth(GLYPHS));
    expect(paint([{ text: '→ tools/call ✓ ok …' }])).toBe('> tools/call + ok ~');
    setAscii(false);
    expect(paint([{ text: '→ ✓' }])).toBe('→ ✓');
  });

  it('keeps every screen line of every pane and view where it was, at 100x30 and 80x24', async () => {
    for (const [columns, rows] of [
      [100, 30],
      [80, 24],
    ] as const)
      for (const keys of ['', '2', '3', '4', '?', '\r', '2\r']) {
        const press = async (a: NonNullable<typeof app>) => {
          for (const k of keys) await a.type(k);
        };
        const glyphs = (await frameOf(false, press, columns, rows)).split('\n');
        const plain = (await frameOf(true, press, columns, rows)).split('\n');
        expect(plain.length, keys).toBe(glyphs.length);
        for (const [i, line] of plain.entries()) {
          expect(stringWidth(line), `${keys} line ${i}`).toBe(stringWidth(glyphs[i]!));
          // No glyph of the interface is left (the demo's own Japanese text stays as written).
          expect(line, `${keys} line ${i}`).not.toMatch(GLYPH);
        }
      }
  });

  it('shows the Calls pane with words and ASCII marks', async () => {
    const f = await frameOf(true);
    expect(f).toMatch(/^> +\+0\.012s > {2}initialize +\+ ok +84ms/m);
    expect(f).toMatch(/tools\/call write_file .* x isError +160ms/);
  });
});
