import { open, stat } from 'node:fs/promises';
import type { PricesSpec } from '../ingest/read-run.js';
import { bundledPrices, type PriceTable, withOverrides } from '../trace/prices.js';
import type { LoadedConfig } from './config.js';
import { complain } from './output.js';

/** Why a prices file could not be read, in words (Node's texts repeat the path, raw). */
const REASONS: Record<string, string> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EISDIR: 'is a directory',
  ENOTDIR: 'a part of the path is not a directory',
  ELOOP: 'too many symbolic links',
  EPERM: 'operation not permitted',
};

/** A reading's failure as said after the file's name: the reason in words (with its code), else the error's text. */
export function readError(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  const reason = code === undefined ? undefined : REASONS[code];
  return reason === undefined ? message : `${reason} (${code})`;
}

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

/** A prices file's text as JSON, or an error that says it is none. */
function parsePrices(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`not JSON: ${(error as Error).message}`);
  }
}

/**
 * The bundled table, with the rows of `--prices FILE` on top, else of the config's
 * `prices`; and the rows it was made with (`report`'s workers make the same table from
 * them). Null (exit 1) when the file is unusable, after saying why, naming the config
 * that named it.
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
    const rows = parsePrices(await readPricesFile(file));
    if (typeof rows !== 'object' || rows === null || Array.isArray(rows))
      throw new Error('expected a JSON object of model → prices');
    const spec = { file, rows: rows as Record<string, unknown>, config };
    return { table: withOverrides(base, file, spec.rows, config), spec };
  } catch (error) {
    const why = `cannot read prices ${file}: ${readError(error)}`;
    complain(config === null ? why : `config ${config}: ${why}`);
    return null;
  }
}
