/**
 * JSON text of parsed trace values, without recursion. JSON.parse reads a value nested
 * 100,000 deep; JSON.stringify and any function that calls itself per level run out of
 * stack near 5,000 (less when called deep in a React render). Every walk over a value
 * from a trace goes through here, or keeps its own explicit stack.
 */

/** An array or object being written: it, its keys (an object's), the next member. */
interface Frame {
  value: unknown[] | Record<string, unknown>;
  keys: string[] | null;
  next: number;
  /** Members written so far (an object's unwritable ones are left out, so not `next`). */
  written: number;
}

/** What JSON.stringify writes in an object member or array element; the rest it leaves out (or writes null). */
const writable = (v: unknown): boolean => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol';

const isContainer = (v: unknown): boolean => v !== null && typeof v === 'object';
/** A leaf as JSON.stringify writes it in an array: Infinity and undefined are null. */
const leafText = (v: unknown): string => (writable(v) ? JSON.stringify(v) : 'null');

/**
 * `JSON.stringify(value)` (compact), for values JSON.parse made (no toJSON, no cycles);
 * `undefined` is `null`. With `sortKeys`, keys are sorted at every level. Writing stops
 * once `limit` characters are out: the text is then cut to `limit`.
 */
function write(value: unknown, sortKeys: boolean, limit: number): string {
  // A string built by += is a rope in V8: cheaper here than parts joined at the end.
  let out = '';
  const stack: Frame[] = [];
  let v = value;
  for (;;) {
    if (Array.isArray(v)) {
      out += '[';
      stack.push({ value: v, keys: null, next: 0, written: 0 });
    } else if (v !== null && typeof v === 'object') {
      const keys = Object.keys(v);
      if (sortKeys) keys.sort();
      out += '{';
      stack.push({ value: v as Record<string, unknown>, keys, next: 0, written: 0 });
    } else out += leafText(v);
    if (out.length >= limit) break;
    // The next member to write, closing what is finished on the way.
    let member: unknown;
    let top: Frame | undefined;
    for (;;) {
      top = stack[stack.length - 1];
      if (top === undefined) break;
      const { keys } = top;
      if (keys === null) {
        const items = top.value as unknown[];
        if (top.next < items.length) {
          member = items[top.next++];
          if (top.written++ > 0) out += ',';
          break;
        }
      } else {
        const o = top.value as Record<string, unknown>;
        while (top.next < keys.length && !writable(o[keys[top.next]!])) top.next++;
        if (top.next < keys.length) {
          const key = keys[top.next++]!;
          member = o[key];
          out += `${top.written++ > 0 ? ',' : ''}${JSON.stringify(key)}:`;
          break;
        }
      }
      out += keys === null ? ']' : '}';
      stack.pop();
    }
    if (top === undefined || out.length >= limit) break;
    v = member;
  }
  return out.length > limit ? out.slice(0, limit) : out;
}

/** `JSON.stringify(value)` at any depth (`undefined` as `null`). */
export const jsonText = (value: unknown): string => write(value, false, Number.POSITIVE_INFINITY);

/** JSON with keys sorted at every level, so key order never counts as a difference; at any depth. */
export const canonical = (value: unknown): string => write(value, true, Number.POSITIVE_INFINITY);

/**
 * The JSON text of a value as a person reads it in a line: at most `max` characters,
 * ending in `…` when cut. Only that much is written, however big or deep the value.
 */
export function jsonPreview(value: unknown, max: number): string {
  const text = write(value, false, max + 1);
  return text.length > max ? `${text.slice(0, Math.max(0, max - 1))}…` : text;
}

/**
 * Whether two parsed values have the same canonical JSON (keys in any order;
 * `undefined` as null), without writing it: stops at the first difference.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  const stack: unknown[] = [a ?? null, b ?? null];
  while (stack.length) {
    const y = stack.pop();
    const x = stack.pop();
    if (Array.isArray(x) || Array.isArray(y)) {
      if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) stack.push(x[i] ?? null, y[i] ?? null);
    } else if (x !== null && y !== null && typeof x === 'object' && typeof y === 'object') {
      const ox = x as Record<string, unknown>;
      const oy = y as Record<string, unknown>;
      const keys = Object.keys(ox).filter((k) => writable(ox[k]));
      if (keys.length !== Object.keys(oy).filter((k) => writable(oy[k])).length) return false;
      for (const k of keys) {
        if (!Object.hasOwn(oy, k) || !writable(oy[k])) return false;
        stack.push(ox[k], oy[k]);
      }
    } else if (isContainer(x) || isContainer(y) || (x !== y && leafText(x) !== leafText(y))) return false;
  }
  return true;
}
