import { Validator } from '../validate.js';
import { cassetteFaults } from './cassette-rules.js';
import { valueSpans } from './json-spans.js';
import { describeJson, isCassette } from './read-document.js';

/** mcp-recorder's rules for a cassette document, each finding on the line of the field it is about. */
export class CassetteValidator extends Validator {
  /** The whole document (JSON.parse has accepted it). */
  document(text: string, doc: unknown): void {
    if (!isCassette(doc)) {
      this.add(1, 'error', 'not-a-trace', `not a trace: ${describeJson(doc)}`);
      return;
    }
    const spans = valueSpans(text, 4);
    for (const fault of cassetteFaults(doc, text, spans)) {
      // A missing field is reported on the line of the nearest value that is there.
      let path = fault.path;
      let span = spans.get(path);
      while (span === undefined && path !== '') {
        path = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
        span = spans.get(path);
      }
      this.add(span?.line ?? 1, fault.severity, fault.rule, fault.message);
    }
  }
}
