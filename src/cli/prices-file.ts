import { open, stat } from 'node:fs/promises';
import { complain } from './output.js';

/** The largest `--prices` file read: LiteLLM's whole table is ~1 MiB. */
export const PRICES_CAP = 16 * 1024 * 1024;

/**
 * A `--prices` file's text, read up to PRICES_CAP (`/dev/zero` fails at the cap, not
 * after 560 MB). A FIFO says it waits for a writer first: its open blocks until one
 * comes (`<(cat prices.json)` is a pipe too, and works).
 */
export async function readPricesFile(file: string): Promise<string> {
  if ((await stat(file)).isFIFO()) complain(`prices ${file}: waiting for a writer (a FIFO)`);
  const handle = await open(file, 'r');
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(1024 * 1024);
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      size += bytesRead;
      if (size > PRICES_CAP)
        throw new Error(`larger than ${PRICES_CAP / 1024 / 1024} MiB, the most a prices file may be`);
      chunks.push(chunk.subarray(0, bytesRead));
    }
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    await handle.close();
  }
}
