import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyColorEnv } from '../../../src/ui/theme.js';
import { demoStore } from '../../helpers/demo.js';
import { renderApp } from '../../helpers/ink.js';

beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

describe('probe', () => {
  it('draws', async () => {
    app = await renderApp({ store: demoStore(), columns: 80, rows: 24 });
    await app.press('pane.timeline');
    console.log(app.frame());
    await app.press('timeline.zoomIn', 3);
    console.log(app.frame());
    await app.press('list.down', 5);
    await app.press('timeline.zoomIn', 2);
    console.log(app.frame());
  });
});
