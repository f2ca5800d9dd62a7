import { EventEmitter } from 'node:events';
import chalk from 'chalk';
import { Box, render as inkRender, Text } from 'ink';
import { render } from 'ink-testing-library';
import stringWidth from 'string-width';
import { afterEach, describe, expect, it } from 'vitest';
import { Lines } from '../../src/ui/components/lines.js';
import { type ScreenLine, seg } from '../../src/ui/format/segments.js';
import { tick } from '../helpers/ink.js';

const level = chalk.level;
afterEach(() => {
  chalk.level = level;
});

// Wide characters, a glyph, a style and a blank line: what the measured-blanks layout
// must still place exactly.
const LINES: ScreenLine[] = [
  [seg('› '), seg('日本語', 'bold'), seg(' ✓ ok', 'ok')],
  [],
  [seg('🙂 emoji and … ellipsis')],
];

describe('Lines', () => {
  it('draws each painted line at its row, a blank line as a blank row, and pads to the height', async () => {
    chalk.level = 0;
    const app = render(<Lines lines={LINES} width={30} height={5} />);
    await tick();
    const rows = (app.lastFrame() ?? '').split('\n');
    expect(rows).toEqual(['› 日本語 ✓ ok', '', '🙂 emoji and … ellipsis', '', '']);
    app.unmount();
  });

  it('keeps the styles of each segment (the painted line is what reaches the terminal)', async () => {
    chalk.level = 1;
    const app = render(<Lines lines={[[seg('plain '), seg('bold', 'bold')]]} width={20} height={1} />);
    await tick();
    expect(app.lastFrame()).toBe(`plain ${chalk.bold('bold')}`);
    app.unmount();
  });

  it('never draws more lines than its height, and a sibling beside it keeps its columns', async () => {
    chalk.level = 0;
    const many = Array.from({ length: 10 }, (_, i) => [seg(`line ${i} 日本`)]);
    const app = render(
      <Box>
        <Text>ab</Text>
        <Lines lines={many} width={12} height={3} />
        <Text>|z</Text>
      </Box>,
    );
    await tick();
    const rows = (app.lastFrame() ?? '').split('\n');
    expect(rows).toEqual(['abline 0 日本 |z', '  line 1 日本', '  line 2 日本']);
    for (const r of rows) expect(stringWidth(r)).toBeLessThanOrEqual(2 + 12 + 2);
    app.unmount();
  });

  it("gives a screen reader each line's plain text, not the blanks Ink lays out", async () => {
    class Out extends EventEmitter {
      columns = 40;
      rows = 10;
      isTTY = false;
      written = '';
      write(s: string) {
        this.written += s;
        return true;
      }
    }
    const stdout = new Out();
    const app = inkRender(<Lines lines={LINES} width={30} height={3} />, {
      stdout: stdout as unknown as NodeJS.WriteStream,
      isScreenReaderEnabled: true,
      patchConsole: false,
      debug: true,
    });
    await tick();
    app.unmount();
    expect(stdout.written).toContain('› 日本語 ✓ ok');
    expect(stdout.written).toContain('🙂 emoji and … ellipsis');
  });
});
