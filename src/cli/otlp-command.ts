import { StringDecoder } from 'node:string_decoder';
import { inertJson } from '../kit/text.js';
import { counted } from '../kit/units.js';
import { otlpJsonPieces } from '../report/otlp-json.js';
import { otlpSpanBatches } from '../report/otlp-spans.js';
import { TraceStore } from '../store/trace-store.js';
import type { PriceTable } from '../trace/prices.js';
import { chosenRows } from './export-command.js';
import { openAll } from './open-all.js';
import { OtlpSendError, sendSpans } from './otlp-send.js';
import { complain } from './output.js';
import type { OtlpProtocol } from './program.js';
import { readWhole } from './read-whole.js';
import { type ExportFormat, exportRows, wroteText } from './records-io.js';
import { exportName, FIFO_NO_READER, stdoutRefusal, writeExport } from './write-whole.js';

export interface OtlpOptions {
  /** `--export-otlp FILE`. */
  file?: string;
  /** `--otlp-endpoint URL`. */
  endpoint?: string;
  protocol: OtlpProtocol;
  filter?: string;
  timeout: number;
  /** `--export FILE` given too: written from the same store. */
  export?: string;
  exportFormat: ExportFormat;
}

/**
 * Where spans go: the URL as given when its path ends in `/v1/traces`, else that path
 * appended (as OTEL_EXPORTER_OTLP_ENDPOINT is read: `http://localhost:4318` sends to
 * `http://localhost:4318/v1/traces`). Null when it is no http(s) URL.
 */
export function tracesUrl(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.pathname.endsWith('/v1/traces')) url.pathname = `${url.pathname.replace(/\/+$/, '')}/v1/traces`;
  return url.toString();
}

/**
 * Writes the spans of `rows` to FILE as one OTLP/JSON ExportTraceServiceRequest, whole
 * or not at all (a FIFO once a reader opens it: `waiting` says it waits); returns how many spans.
 */
export async function writeOtlpFile(
  store: TraceStore,
  rows: ArrayLike<number>,
  path: string,
  waiting: () => void = () => undefined,
): Promise<number> {
  let spans = 0;
  function* pieces() {
    // Inert as `summary --json` is (trace/text.ts): a `cat` of the file cannot drive a terminal.
    const text = new StringDecoder('utf8');
    for (const piece of otlpJsonPieces(otlpSpanBatches(store, rows), (n) => (spans += n)))
      yield inertJson(text.write(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength)));
    yield text.end();
    yield '\n';
  }
  await writeExport(path, pieces(), waiting);
  return spans;
}

/** What a cut source leaves undone: `nothing written to FILE`, `nothing sent`, or both. */
function nothingDone(file: string | undefined, sends: boolean): string {
  if (file === undefined) return 'nothing sent';
  return `nothing written to ${file}${sends ? ' or sent' : ''}`;
}

/**
 * `--export-otlp FILE` and `--otlp-endpoint URL` (and `--export`, when given with them):
 * every source read into one store (the two planes of a run opened together are one
 * trace), the chosen rows as spans, written and/or sent. Exit 0 done, 1 a source or
 * the collector failed, 2 an endpoint that is no http(s) URL.
 */
export async function otlpCommand(args: string[], options: OtlpOptions, prices: PriceTable): Promise<number> {
  const url = options.endpoint === undefined ? null : tracesUrl(options.endpoint);
  if (options.endpoint !== undefined && url === null) {
    complain(`--otlp-endpoint ${options.endpoint}: expected an http:// or https:// URL, e.g. http://localhost:4318`);
    return 2;
  }
  const refused = stdoutRefusal('--export-otlp', options.file) ?? stdoutRefusal('--export', options.export);
  if (refused !== null) {
    complain(refused);
    return 2;
  }
  const sources = await openAll(args, options.timeout);
  if (!sources) return 1;
  const store = new TraceStore(prices);
  try {
    for (const source of sources) {
      const failure = await readWhole(store, source, nothingDone(options.file ?? options.export, url !== null));
      if (failure !== null) {
        complain(failure);
        return 1;
      }
    }
    const rows = chosenRows(store, options.filter);
    const waiting = (path: string) => () => complain(`${path}: ${FIFO_NO_READER}`);
    if (options.export !== undefined) {
      const { export: path, exportFormat } = options;
      complain(wroteText(store, await exportRows(store, rows, path, exportFormat, waiting(path)), exportName(path)));
    }
    if (options.file !== undefined) {
      const spans = await writeOtlpFile(store, rows, options.file, waiting(options.file));
      complain(`wrote ${counted(spans, 'span')} to ${exportName(options.file)} (OTLP/JSON)`);
    }
    if (url !== null) {
      const sent = await sendSpans(otlpSpanBatches(store, rows), url, options.protocol, options.timeout);
      complain(
        `sent ${counted(sent.spans, 'span')} in ${counted(sent.requests, 'request')} to ${url} (OTLP ${options.protocol})`,
      );
    }
    return 0;
  } catch (error) {
    if (!(error instanceof OtlpSendError)) complain((error as Error).message);
    else
      complain(
        `cannot send to ${url}: ${error.message}${error.sent > 0 ? ` (${counted(error.sent, 'span')} had been sent)` : ''}`,
      );
    return 1;
  } finally {
    for (const s of sources) s.close();
  }
}
