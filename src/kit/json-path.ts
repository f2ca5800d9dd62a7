/**
 * A path into a JSON value written as jq writes one: `.result.content[0].text`, a key
 * that is no identifier quoted (`."a-b"`, `."say \"hi\""`), the value itself `.`.
 * Hand-rolled: the npm packages that print paths use JSONPath (`$.a['b']`) or JSON
 * Pointer (`/a/b`), and jq's syntax is what people paste into `jq`.
 */

/** One step: an object key or an array index. */
export type PathStep = string | number;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `steps` in jq syntax: `.key`, `."odd key"`, `[3]`; `.` for none. */
export function jqPath(steps: readonly PathStep[]): string {
  let out = '';
  for (const s of steps) {
    if (typeof s === 'number') out += `[${s}]`;
    // A jq string literal is a JSON string (`\(` would be interpolation, but JSON writes `\\(`).
    else out += IDENTIFIER.test(s) ? `.${s}` : `.${JSON.stringify(s)}`;
  }
  return out || '.';
}
