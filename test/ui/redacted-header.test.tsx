import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingest } from '../../src/ingest/ingest.js';
import { openSource } from '../../src/sources/open-source.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { startTraceServer } from '../helpers/http-server.js';
import { renderApp, waitForFrame } from '../helpers/ink.js';

let server: Awaited<ReturnType<typeof startTraceServer>>;
beforeAll(async () => {
  server = await startTraceServer();
});
afterAll(() => server.close());

describe("the app's header with a URL that carries secrets", () => {
  it('names the trace and its failed state by the redacted address; what arrived stays on screen', async () => {
    const port = new URL(server.base).port;
    const source = await openSource(`http://user:PASSW0RD@127.0.0.1:${port}/nolabel.jsonl?api_key=T0KEN`);
    const store = new TraceStore(bundledPrices());
    await ingest(store, source).catch(() => undefined);
    const app = await renderApp({ store, follow: false, columns: 220, rows: 12 });
    const frame = await waitForFrame(app.frame, (f) => f.includes('fetch_url'));
    const header = frame.split('\n')[0]!;
    // The label (the address's last part, cut to 16 cells beside a long state).
    expect(header).toContain(' nolabel.jsonl?a');
    expect(header).toMatch(
      /error: http:\/\/\*\*\*@127\.0\.0\.1:\d+\/nolabel\.jsonl\?api_key=\*\*\*: the connection was closed or reset/,
    );
    expect(frame).not.toMatch(/PASSW0RD|T0KEN/);
    app.unmount();
    source.close();
  });
});
