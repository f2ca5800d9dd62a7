import type WebSocket from 'ws';
import { withBasicAuth } from './basic-auth.js';
import { elementTexts, memberText, withoutMember } from './frame-text.js';
import { MAX_LINE_BYTES, tooLongReason } from './line-splitter.js';
import { redactText, redactUrl } from './redact.js';
import { Spool } from './spool.js';
import { DEFAULT_TIMEOUT_S, timeoutPhrase } from './timeout.js';
import { type Line, type Source, type SourceEvent, WHAT_ARRIVED } from './types.js';

const RECONNECT_MS = 1000;
/**
 * Reconnects in a row that bring no frame (a server that accepts, then closes at once)
 * before a watched source gives up. Each waits twice as long as the one before.
 */
const QUIET_TRIES = 6;
/** How many times a wait may double: at most 2^4 = 16 times `reconnectMs`. */
const MAX_BACKOFF_STEPS = 4;
/**
 * Frames taken before the reader runs again, after which the socket is paused (TCP
 * then holds the rest back at the server): a flood faster than the store can take
 * would otherwise grow the queue without bound, and each turn of the event loop would
 * parse megabytes of frames before a key got through.
 */
const HIGH_WATER = 2_000;
/** Lines handed to the reader at a time. */
const BATCH = 256;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** True for hosts on this machine, the only ones live mode trusts by default. */
export function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return LOOPBACK.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** `ws`, loaded at the first connection: its ~12 MiB of memory is not paid by file reads. */
let Socket: typeof WebSocket | null = null;
async function loadSocket(): Promise<typeof WebSocket> {
  Socket ??= (await import('ws')).default;
  return Socket;
}

interface Frame {
  type?: string;
  lastSeq?: number;
  lines?: unknown[];
  line?: unknown;
}

/** A ws error as one phrase (the caller names the URL); ws quotes addresses, so it is redacted. */
export function describeWsError(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED') return 'connection refused (is `mcp-tape --serve` running?)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `cannot resolve the host name (DNS: ${code})`;
  if (code === 'ECONNRESET') return 'the connection was reset';
  const status = /^Unexpected server response: (\d+)/.exec(error.message);
  if (status) return `HTTP ${status[1]}: the server refused the live connection`;
  return redactText(error.message);
}

export interface WsOptions {
  reconnectMs?: number;
  /**
   * Seconds for the opening handshake; live, for a dropped connection to come back;
   * otherwise, of silence (no frame at all) before the stream gives up.
   */
  timeoutS?: number;
  /**
   * A person watches (the app): a dropped connection is tried again and the server may
   * stay silent. Otherwise (summary, validate, diff, report, the exports) a hang-up ends
   * the stream, saying why, and so does `timeoutS` of silence: nothing waits for ever.
   */
  live?: boolean;
  /** The longest line kept, in bytes (tests pass a small one); a longer one arrives as a skip. */
  maxLine?: number;
}

/**
 * mcp-tape live mode (`mcp-tape --serve`): a websocket that sends a `snapshot` of
 * every line so far, then one `append` per new line, and `heartbeat`s. `_seq` is
 * stripped; after a drop the source reconnects with `?since=<lastSeq>` and skips
 * lines it already has (a fresh snapshot may repeat them); when not `live`, a drop
 * ends the stream instead. A broken frame (the ws protocol violated) ends the stream
 * with an error, a frame that is not mcp-tape JSON is counted and ignored; what arrived
 * stays either way. `name` is the address as it may be shown; the real one (with any
 * credentials) stays in here.
 */
export class WsSource implements Source {
  readonly name: string;
  private readonly spool = new Spool();
  private closed = false;
  /** The connection lines come from; `pending` is a reconnection still opening. */
  private socket: WebSocket | null = null;
  private pending: WebSocket | null = null;
  private lastSeq = -1;
  private bytes = 0;
  private lineNo = 0;
  private queue: Line[] = [];
  /**
   * Lines not yet in the spool: written in one call per batch, not one per frame (a
   * flood sends thousands a second). A number is a skipped line's bytes: a hole.
   */
  private unwritten: (Buffer | number)[] = [];
  /** Frames since the reader last ran (HIGH_WATER). */
  private received = 0;
  private wake: (() => void) | null = null;
  private ended = false;
  /** Why the stream stopped, when it did not end with the trace's end line. */
  private failure: string | null = null;
  /** Frames ignored (binary, or not JSON): counted for the status line. */
  private ignored = 0;
  /** A `_seq` that is no sequence number was seen (said once). */
  private badSeq = false;
  /** The status to show next (a drop, a reconnection, ignored frames; the header names the trace); null when unchanged. */
  private status: string | null = null;
  /** When the connection dropped (ms), while reconnecting. */
  private droppedAt: number | null = null;
  private readonly reconnectMs: number;
  private readonly timeoutS: number;
  private readonly maxLine: number;
  private readonly live: boolean;
  /** Not live: ends the stream after `timeoutS` without a frame. */
  private silence: ReturnType<typeof setTimeout> | undefined;
  /** Connections in a row that brought no frame: how long the next try waits, and when to give up. */
  private quietTries = 0;
  /** The socket's own error (a reset), said when it closes. */
  private socketError: string | null = null;

  constructor(
    private readonly url: string,
    options: WsOptions = {},
  ) {
    this.name = redactUrl(url);
    this.reconnectMs = options.reconnectMs ?? RECONNECT_MS;
    this.timeoutS = options.timeoutS ?? DEFAULT_TIMEOUT_S;
    this.maxLine = options.maxLine ?? MAX_LINE_BYTES;
    this.live = options.live ?? false;
  }

  /** Connects once, so a refused connection is reported before any screen. */
  async open(): Promise<void> {
    const Ws = await loadSocket();
    return new Promise((resolve, reject) => {
      const ws = this.connect(Ws, new URL(this.url));
      // Listen from the start: the snapshot can arrive before anyone reads lines().
      this.attach(ws);
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new Error(`no handshake within ${timeoutPhrase(this.timeoutS)}`));
      }, this.timeoutS * 1000);
      ws.once('open', () => {
        clearTimeout(timer);
        this.socket = ws;
        this.heard();
        resolve();
      });
      ws.once('error', (error) => {
        clearTimeout(timer);
        reject(new Error(describeWsError(error)));
      });
    });
  }

  /** A socket for `url`, its userinfo sent as Basic auth (the address itself bare). */
  private connect(Ws: typeof WebSocket, url: URL): WebSocket {
    const { url: bare, authorization } = withBasicAuth(url);
    return new Ws(bare, {
      handshakeTimeout: this.timeoutS * 1000,
      ...(authorization ? { headers: { authorization } } : {}),
    });
  }

  async *lines(onEvent?: (event: SourceEvent) => void): AsyncIterable<Line[]> {
    if (!this.socket) await this.open();
    while (!this.closed) {
      // The reader has caught up with what the socket delivered: let it read on.
      this.received = 0;
      if (this.socket?.isPaused) this.socket.resume();
      if (this.status !== null) {
        onEvent?.({ type: 'notice', message: this.status });
        this.status = null;
      }
      if (this.queue.length) {
        // Small batches: the store appends a batch whole even after close(), so a quit waits for at most this many.
        const batch = this.queue.length <= BATCH ? this.queue : this.queue.splice(0, BATCH);
        if (batch === this.queue) this.queue = [];
        this.flush();
        onEvent?.({ type: 'progress', bytes: this.bytes, totalBytes: null });
        yield batch;
        continue;
      }
      if (this.failure !== null) {
        clearTimeout(this.silence);
        onEvent?.({
          type: 'error',
          message: `${this.name}: ${this.failure}; stopped after ${this.lineNo.toLocaleString('en-US')} line${this.lineNo === 1 ? '' : 's'}${WHAT_ARRIVED}`,
        });
        return;
      }
      if (this.ended) {
        clearTimeout(this.silence);
        return;
      }
      onEvent?.({ type: 'live' });
      // Closed meanwhile (from an event handler): nothing would wake this.
      if (this.closed) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private attach(ws: WebSocket): void {
    ws.on('message', (data, isBinary) => {
      // After close (the user quit), late frames have nowhere to go.
      if (this.closed || this.failure !== null) return;
      this.quietTries = 0;
      this.heard();
      if (++this.received >= HIGH_WATER && !ws.isPaused) ws.pause();
      let frame: Frame | null = null;
      // Not JSON at a glance: no exception built (a garbage flood sends thousands a second).
      const text = isBinary ? '' : String(data);
      if (/^\s*[{[]/.test(text)) {
        try {
          frame = JSON.parse(text) as Frame;
        } catch {
          frame = null;
        }
      }
      if (typeof frame !== 'object' || frame === null) return this.ignore();
      // Each line's text is cut out of the frame's own text: re-serialised, ids and numbers would change.
      if (frame.type === 'snapshot' && Array.isArray(frame.lines)) {
        const texts = elementTexts(memberText(text, 'lines') ?? '[]');
        for (const [i, l] of frame.lines.entries()) this.add(l, texts[i]);
      } else if (frame.type === 'append') this.add(frame.line, memberText(text, 'line'));
      this.poke();
    });
    // A protocol violation (a garbage frame) or a socket error (a reset): ws reports it here, then closes.
    ws.on('error', (error) => {
      if (this.closed || this.socket !== ws) return;
      // ws names its protocol errors WS_ERR_…; anything else is the connection's (ECONNRESET), a drop.
      if (/^WS_ERR_/.test(String((error as NodeJS.ErrnoException).code)))
        this.failure = `the server broke the websocket protocol (${describeWsError(error)})`;
      else this.socketError = describeWsError(error);
    });
    ws.on('close', (code, reason) => {
      if (this.socket !== ws) return;
      this.socket = null;
      if (this.closed || this.ended || this.failure !== null) return this.poke();
      const why = reason.length ? `${code} ${reason.toString('utf8').slice(0, 100)}` : String(code);
      if (!this.live) {
        clearTimeout(this.silence);
        this.failure =
          this.socketError ??
          (code === 1006
            ? 'the connection was closed or reset (no close frame)'
            : `the server closed the connection (code ${why})`);
        return this.poke();
      }
      if (++this.quietTries > QUIET_TRIES) {
        this.failure = `the server closed ${QUIET_TRIES + 1} connections in a row without sending anything (code ${why}); gave up`;
        return this.poke();
      }
      this.droppedAt = Date.now();
      this.status = `connection dropped (code ${why}); reconnecting from seq ${this.lastSeq}`;
      this.poke();
      setTimeout(() => this.reconnect(), this.backoffMs()).unref();
    });
  }

  /** A frame came (or the connection opened): not live, the silence starts over. */
  private heard(): void {
    if (this.live || this.closed) return;
    // A flood sends thousands of frames a second: the one timer is pushed back, not made anew.
    if (this.silence) {
      this.silence.refresh();
      return;
    }
    this.silence = setTimeout(() => {
      if (this.closed || this.ended || this.failure !== null) return;
      this.failure = `no data for ${timeoutPhrase(this.timeoutS)}`;
      this.socket?.terminate();
      this.poke();
    }, this.timeoutS * 1000);
  }

  private ignore(): void {
    this.ignored += 1;
    this.status = `ignored ${this.ignored.toLocaleString('en-US')} ${this.ignored === 1 ? 'frame that is' : 'frames that are'} not mcp-tape JSON`;
    this.poke();
  }

  /** Tries again until a connection opens (each failed try schedules the next), for the timeout at most. */
  private reconnect(): void {
    if (this.closed) return;
    if (this.droppedAt !== null && Date.now() - this.droppedAt >= this.timeoutS * 1000) {
      this.failure = `the connection dropped and did not come back within ${timeoutPhrase(this.timeoutS)}`;
      this.poke();
      return;
    }
    const url = new URL(this.url);
    if (this.lastSeq >= 0) url.searchParams.set('since', String(this.lastSeq));
    // open() loaded the class before any reconnection.
    const ws = this.connect(Socket!, url);
    this.pending = ws;
    this.attach(ws);
    ws.once('open', () => {
      if (this.closed) return ws.terminate();
      this.pending = null;
      this.socket = ws;
      this.droppedAt = null;
      this.status = 'reconnected';
      this.poke();
    });
    ws.once('close', () => {
      // Opened, then closed: the drop is the close handler's (attach), which tries again itself.
      if (this.pending !== ws) return;
      this.pending = null;
      if (!this.closed) setTimeout(() => this.reconnect(), this.backoffMs()).unref();
    });
  }

  /** How long the next try waits: `reconnectMs`, doubled for each quiet try before it, capped. */
  private backoffMs(): number {
    return this.reconnectMs * 2 ** Math.min(Math.max(this.quietTries - 1, 0), MAX_BACKOFF_STEPS);
  }

  /**
   * One trace line (`line` parsed, `raw` its text in the frame): strip `_seq` from the
   * text, skip repeats, spool the text so it reads back.
   */
  private add(line: unknown, raw: string | null | undefined): void {
    if (typeof line !== 'object' || line === null || raw == null) return;
    const seq = (line as { _seq?: unknown })._seq;
    // A sequence number is a whole number JavaScript holds exactly: `1e308` taken as one
    // would make every later line look seen already, and drop it.
    if (Number.isSafeInteger(seq) && (seq as number) >= 0) {
      if ((seq as number) <= this.lastSeq) return;
      this.lastSeq = seq as number;
    } else if (seq !== undefined && !this.badSeq) {
      this.badSeq = true;
      const shown = typeof seq === 'number' ? String(seq) : `(${seq === null ? 'null' : `a ${typeof seq}`})`;
      this.status = `_seq ${shown} is no sequence number: ignored, its line kept`;
    }
    let text = withoutMember(raw, '_seq');
    // A pretty-printed frame: raw line breaks can only be space between tokens, and a line holds none.
    if (text.includes('\n') || text.includes('\r')) text = text.replace(/[\r\n]/g, '');
    const length = Buffer.byteLength(text);
    this.lineNo += 1;
    if (length > this.maxLine) {
      // Kept out of the spool too (a hole), as stdin does: nothing reads a skipped line back.
      this.unwritten.push(length + 1);
      this.queue.push({
        text: '',
        lineNo: this.lineNo,
        offset: this.bytes,
        length,
        skip: tooLongReason(this.maxLine, length),
      });
    } else {
      this.unwritten.push(Buffer.from(`${text}\n`));
      this.queue.push({ text, lineNo: this.lineNo, offset: this.bytes, length });
    }
    this.bytes += length + 1;
    if ((line as { type?: unknown }).type === 'end') this.ended = true;
  }

  private poke(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  private flush(): void {
    let run: Buffer[] = [];
    const write = () => {
      if (run.length) this.spool.append(run.length === 1 ? run[0]! : Buffer.concat(run));
      run = [];
    };
    for (const part of this.unwritten) {
      if (typeof part === 'number') {
        write();
        this.spool.skip(part);
      } else run.push(part);
    }
    write();
    this.unwritten = [];
  }

  readBytes(offset: number, length: number, into?: Buffer): Buffer {
    this.flush();
    return this.spool.read(offset, length, into);
  }

  /**
   * At once: `terminate()` drops the connection without the close handshake (which
   * waits up to 30 s for the server), so quitting never waits on the server.
   */
  close(): void {
    this.closed = true;
    clearTimeout(this.silence);
    this.socket?.terminate();
    this.pending?.terminate();
    this.socket = null;
    this.pending = null;
    this.unwritten = [];
    this.poke();
    this.spool.close();
  }
}
