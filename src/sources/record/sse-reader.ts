import { createParser } from 'eventsource-parser';
import { MAX_RECORDED_CHARS } from './body-text.js';

/**
 * The messages of a Server-Sent Events stream as its text passes: `onData` gets each
 * event's `data` (an MCP server sends one JSON-RPC message per event). Events with no
 * data (a resumable stream's priming event, keep-alives) carry no message. An event
 * longer than MAX_RECORDED_CHARS is reported to `onTooLong` and the stream read on.
 */
export function sseReader(
  onData: (data: string) => void,
  onTooLong: () => void,
  max = MAX_RECORDED_CHARS,
): { feed(text: string): void } {
  // While the rest of a long event is being skipped: it may overflow again, and is one event.
  let skipping = false;
  const parser = createParser({
    maxBufferSize: max,
    onEvent: (event) => {
      if (event.data !== '') onData(event.data);
    },
    onError: (error) => {
      // The skipped event's last piece ends as a line of no known field.
      if (error.type === 'unknown-field') skipping = false;
      if (error.type === 'max-buffer-size-exceeded') {
        if (!skipping) onTooLong();
        skipping = true;
        // Read on: the rest of the long event is skipped as lines of no known field.
        parser.reset();
      }
    },
  });
  return { feed: (text) => parser.feed(text) };
}
