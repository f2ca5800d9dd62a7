import { isObject, type Json, type JsonObject, str } from '../../../kit/values.js';

/*
 * The pieces of an OTLP/JSON span, read defensively: ids, times, attributes. The
 * encoding is OTLP's JSON mapping of its protobuf (ids as hex, 64-bit integers as
 * decimal strings or numbers, enums as numbers or their names); anything else is
 * taken as absent, never thrown on.
 */

/** Nesting kept of an attribute value (arrays and maps of maps…); deeper is shown as a marker. */
const VALUE_DEPTH = 16;
const HEX = /^[0-9a-f]+$/i;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * A trace or span id as lowercase hex of `bytes` bytes, or why it is not one. OTLP/JSON
 * writes ids as hex; protobuf's own JSON mapping (which some tools write) uses base64,
 * so that is read too when it decodes to the right length. All zeros is no id in OTLP.
 */
export function idOf(v: unknown, bytes: number): { hex: string } | { fault: string } | null {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string') return { fault: `is not a string (${typeof v})` };
  let hex: string | null = null;
  if (v.length === bytes * 2 && HEX.test(v)) hex = v.toLowerCase();
  else if (v.length === Math.ceil(bytes / 3) * 4 && BASE64.test(v)) {
    const decoded = Buffer.from(v, 'base64');
    if (decoded.length === bytes) hex = decoded.toString('hex');
  }
  if (hex === null)
    return { fault: `is not ${bytes * 2} hex digits (${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)})` };
  if (/^0+$/.test(hex)) return { fault: 'is all zeros (no id)' };
  return { hex };
}

/** Nanoseconds since the epoch (a decimal string or a number) as milliseconds, or null. */
export function nanosToMs(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) && v > 0 ? v / 1e6 : null;
  if (typeof v !== 'string' || !/^\d{1,30}$/.test(v)) return null;
  // Split, so the milliseconds stay exact: 1.5e18 ns is past what a double holds to the nanosecond.
  const ms = v.length > 6 ? Number(v.slice(0, -6)) + Number(v.slice(-6)) / 1e6 : Number(v) / 1e6;
  return ms > 0 ? ms : null;
}

/** An OTLP AnyValue as plain JSON: `{stringValue: "x"}` → "x", a kvlist → an object. */
export function anyValue(v: unknown, depth = 0): Json {
  if (!isObject(v)) return null;
  if ('stringValue' in v) return str(v.stringValue) ?? null;
  if ('boolValue' in v) return typeof v.boolValue === 'boolean' ? v.boolValue : null;
  if ('intValue' in v) return intOf(v.intValue);
  if ('doubleValue' in v) return typeof v.doubleValue === 'number' ? v.doubleValue : null;
  if ('bytesValue' in v) return str(v.bytesValue);
  if (depth >= VALUE_DEPTH) return '(nested too deep)';
  if (isObject(v.arrayValue)) {
    const values = Array.isArray(v.arrayValue.values) ? v.arrayValue.values : [];
    return values.map((x) => anyValue(x, depth + 1));
  }
  if (isObject(v.kvlistValue)) return attributesOf(v.kvlistValue.values, depth + 1);
  return null;
}

/** An int64 as a number (exact up to 2^53; a string past it stays its digits, a count no sum takes). */
function intOf(v: unknown): Json {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string' || !/^-?\d{1,30}$/.test(v)) return null;
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : v;
}

/**
 * A list of `{key, value}` as an object. A key is trace text: `__proto__` is set as a
 * key of its own, as any other (a plain assignment would change the object's prototype).
 */
export function attributesOf(list: unknown, depth = 0): JsonObject {
  const out: JsonObject = {};
  if (!Array.isArray(list)) return out;
  for (const kv of list) {
    if (!isObject(kv) || typeof kv.key !== 'string') continue;
    const v = anyValue(kv.value, depth);
    if (kv.key === '__proto__')
      Object.defineProperty(out, kv.key, { value: v, enumerable: true, writable: true, configurable: true });
    else out[kv.key] = v;
  }
  return out;
}

/** A whole number from an attribute (a number, or digits as text), else null. */
export function intAttr(v: Json | undefined): number | null {
  if (typeof v === 'number') return Number.isInteger(v) ? v : null;
  if (typeof v === 'string' && /^-?\d{1,20}$/.test(v)) return Number(v);
  return null;
}

/** The enum names OTLP/JSON may write instead of numbers. */
const KINDS = ['UNSPECIFIED', 'INTERNAL', 'SERVER', 'CLIENT', 'PRODUCER', 'CONSUMER'];
const STATUS = ['UNSET', 'OK', 'ERROR'];

/** A span's kind as its name (`CLIENT`), or null. */
export function kindOf(v: unknown): string | null {
  if (typeof v === 'number') return KINDS[v] ?? null;
  if (typeof v !== 'string') return null;
  const name = v.replace(/^SPAN_KIND_/, '');
  return KINDS.includes(name) ? name : null;
}

/** A span's status code as its name (`ERROR`), or null. */
export function statusOf(v: unknown): string | null {
  if (!isObject(v)) return null;
  const code = v.code;
  if (typeof code === 'number') return STATUS[code] ?? null;
  if (typeof code !== 'string') return null;
  const name = code.replace(/^STATUS_CODE_/, '');
  return STATUS.includes(name) ? name : null;
}
