import type { JsonObject } from '../../kit/values.js';
import { FINDINGS_PER_RULE, type Finding, type Omitted, Validator } from '../validate.js';
import {
  ClaudeCodeValidator,
  CodexValidator,
  GeminiDocumentValidator,
  GeminiJsonlValidator,
} from './agents/agent-validators.js';
import { isGeminiChat, isGeminiMetadata } from './agents/gemini.js';
import { CassetteValidator } from './cassette-validator.js';
import { CASSETTE, CLAUDE_CODE, CODEX, DOCUMENT_MAX_BYTES, GEMINI, OTLP, type TraceFormat, V1 } from './format.js';
import { valueSpans } from './json-spans.js';
import { McpRecValidator } from './mcp-rec-validator.js';
import { otlpSignal } from './otlp/otlp-read.js';
import { OtlpValidator } from './otlp/otlp-validator.js';
import { describeJson, isCassette } from './read-document.js';
import { documentWatch, sniffFirstLine } from './sniff.js';

type Held = { text: string; line: number } | { unread: string; line: number };

/**
 * `validate` for every format: the first line that is not blank says which rules
 * apply (mcp-replay v1, mcp-rec), or starts a JSON document, gathered (up to 64 MiB)
 * and checked whole by a cassette's rules. Fed line by line as `Validator` is.
 */
export class RecordingValidator {
  private rules: Validator | null = null;
  private held: Held[] = [];
  private heldBytes = 0;
  /** Set once a document started: whether a later line shows JSONL after all. */
  private showsLines: ((text: string) => boolean) | null = null;
  private tooBig = false;
  /** Whether any line held more than blanks (or could not be read): else the file is empty. */
  private sawText = false;
  /** The format whose rules applied; known after `finish()` at the latest. */
  format: TraceFormat = V1;
  /** After `finish()`: what the file is when it is a JSON document that is no recording (`not-a-trace`), else null. */
  notTrace: string | null = null;

  constructor(private readonly keepPerRule = FINDINGS_PER_RULE) {}

  get errors(): number {
    return this.rules?.errors ?? 0;
  }

  get warnings(): number {
    return this.rules?.warnings ?? 0;
  }

  omitted(): Omitted[] {
    return this.rules?.omitted() ?? [];
  }

  unread(line: number, reason: string): void {
    this.sawText = true;
    if (this.rules) this.rules.unread(line, reason);
    else this.hold({ unread: reason, line }, 0);
  }

  push(text: string, line: number): void {
    if (this.rules) return this.rules.push(text, line);
    if (text.trim() !== '') {
      this.sawText = true;
      if (this.showsLines === null) {
        const first = sniffFirstLine(text);
        if (first !== 'document' && !('lines' in first)) {
          this.startOtlp(first, { text, line });
          return;
        }
        if (first !== 'document') {
          this.apply(first.lines, { text, line });
          return;
        }
        this.showsLines = documentWatch(text);
      } else if (this.showsLines(text)) {
        this.apply(V1, { text, line });
        return;
      }
    }
    this.hold({ text, line }, text.length + 1);
  }

  finish(): Finding[] {
    if (this.rules === null) {
      const doc = this.showsLines !== null && !this.tooBig ? parsed(this.textOf()) : undefined;
      if (this.tooBig) {
        const v = this.apply(CASSETTE);
        v.unread(
          1,
          `a JSON document over ${DOCUMENT_MAX_BYTES >> 20} MiB: a cassette is read whole, so one this big is not read`,
        );
      } else if (isGeminiChat(doc)) {
        const v = new GeminiDocumentValidator(this.keepPerRule);
        const spans = valueSpans(this.textOf(), 2);
        this.rules = v;
        this.format = GEMINI;
        v.document(doc, (i) => spans.get(`messages/${i}`)?.line ?? 1);
        this.held = [];
      } else if (otlpSignal(doc) !== null) {
        const v = new OtlpValidator(this.keepPerRule);
        const spans = valueSpans(this.textOf(), 6);
        this.rules = v;
        this.format = OTLP;
        v.document(
          doc as JsonObject,
          (i, j, k) => (spans.get(`resourceSpans/${i}/scopeSpans/${j}/spans/${k}`) ?? spans.get(''))?.line ?? 1,
        );
        if (otlpSignal(doc) !== 'traces') this.notTrace = `OpenTelemetry ${otlpSignal(doc)}, not traces`;
        this.held = [];
      } else if (doc !== undefined) {
        const v = new CassetteValidator(this.keepPerRule);
        this.rules = v;
        this.format = CASSETTE;
        v.document(this.textOf(), doc);
        if (!isCassette(doc)) this.notTrace = describeJson(doc);
        this.held = [];
      } else this.apply(this.startsGeminiJsonl() ? GEMINI : V1);
    }
    if (!this.sawText) this.rules!.empty();
    return this.rules!.finish();
  }

  private hold(item: Held, bytes: number): void {
    if (this.tooBig) return;
    this.heldBytes += bytes;
    if (this.heldBytes > DOCUMENT_MAX_BYTES) {
      this.tooBig = true;
      this.held = [];
    } else this.held.push(item);
  }

  /** The rules of `format` from here on, given the lines held so far and then `next`. */
  private apply(format: TraceFormat, next?: { text: string; line: number }): Validator {
    const v = validatorOf(format, this.keepPerRule);
    if (format !== CASSETTE)
      for (const h of this.held) 'unread' in h ? v.unread(h.line, h.unread) : v.push(h.text, h.line);
    this.held = [];
    if (next) v.push(next.text, next.line);
    this.rules = v;
    this.format = format;
    return v;
  }

  /** OTLP/JSON lines (traces, or another signal, which is no trace): their rules from here on. */
  private startOtlp(first: { expand: TraceFormat } | { notTrace: string }, next: { text: string; line: number }): void {
    if ('notTrace' in first) this.notTrace = 'OpenTelemetry data that is not traces';
    this.apply(OTLP, next);
  }

  /** Whether the first line held is Gemini CLI's metadata: its JSONL, read line by line. */
  private startsGeminiJsonl(): boolean {
    const first = this.held.find((h) => 'text' in h && h.text.trim() !== '');
    return first !== undefined && 'text' in first && isGeminiMetadata(parsed(first.text));
  }

  /** The held lines as the document's text, line for line (findings name file lines). */
  private textOf(): string {
    const parts: string[] = [];
    for (const h of this.held) {
      while (parts.length < h.line - 1) parts.push('');
      parts.push('unread' in h ? '' : h.text);
    }
    return parts.join('\n');
  }
}

/** The line-by-line rules of a format. */
function validatorOf(format: TraceFormat, keepPerRule: number): Validator {
  switch (format) {
    case CLAUDE_CODE:
      return new ClaudeCodeValidator(keepPerRule);
    case CODEX:
      return new CodexValidator(keepPerRule);
    case GEMINI:
      return new GeminiJsonlValidator(keepPerRule);
    case OTLP:
      return new OtlpValidator(keepPerRule);
    case V1:
    case CASSETTE:
      return new Validator(keepPerRule);
    default:
      return new McpRecValidator(keepPerRule);
  }
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
