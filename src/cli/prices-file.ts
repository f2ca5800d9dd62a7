import { open, stat } from 'node:fs/promises';
import type { PricesSpec } from '../ingest/read-run.js';
import { bundledPrices, type PriceTable, withOverrides } from '../trace/prices.js';
import type { LoadedConfig } from './config.js';
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

/**
 * The bundled table, with the rows of `--prices FILE` on top, else of the config's
 * `prices`; and the rows it was made with (`report`'s workers make the same table from
 * them). Null (exit 1) when the file is unusable, after saying why.
 */
export async function loadPriceRows(
  flag: string | undefined,
  loaded: LoadedConfig,
): Promise<{ table: PriceTable; spec: PricesSpec | null } | null> {
  const base = bundledPrices();
  const file = flag ?? loaded.config.prices;
  if (!file) return { table: base, spec: null };
  const config = flag === undefined ? loaded.path : null;
  try {
    const rows = JSON.parse(await readPricesFile(file)) as unknown;
    if (typeof rows !== 'object' || rows === null || Array.isArray(rows))
      throw new Error('expected a JSON object of model → prices');
    const spec = { file, rows: rows as Record<string, unknown>, config };
    return { table: withOverrides(base, file, spec.rows, config), spec };
  } catch (error) {
    complain(`cannot read prices ${file}: ${(error as Error).message}`);
    return null;
  }
}
