/**
 * `JSON.stringify(value, null, 2)`, a piece at a time: `summary --json` of a big trace
 * lists every error (15 MB of JSON at 1 GiB), and one string of it, built at once, was
 * the peak of the command. Joined, the pieces are exactly that string (a test compares
 * them over every real trace's document and the edge cases of JSON.stringify).
 */
export function* jsonPieces(value: unknown, indent = ''): Generator<string> {
  if (Array.isArray(value)) {
    if (value.length === 0) return yield '[]';
    const inner = `${indent}  `;
    yield '[\n';
    for (let i = 0; i < value.length; i++) {
      yield inner;
      // In an array, what JSON.stringify cannot write (undefined, a function) is null.
      const v: unknown = value[i];
      if (writable(v)) yield* jsonPieces(v, inner);
      else yield 'null';
      yield i < value.length - 1 ? ',\n' : '\n';
    }
    return yield `${indent}]`;
  }
  if (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function' &&
    !flat(value)
  ) {
    // In an object, such members are left out.
    const members = Object.entries(value).filter(([, v]) => writable(v));
    if (members.length === 0) return yield '{}';
    const inner = `${indent}  `;
    yield '{\n';
    for (let i = 0; i < members.length; i++) {
      const [k, v] = members[i]!;
      yield `${inner}${JSON.stringify(k)}: `;
      yield* jsonPieces(v, inner);
      yield i < members.length - 1 ? ',\n' : '\n';
    }
    return yield `${indent}}`;
  }
  // Leaves, objects of leaves (an error entry: written whole, one string instead of a
  // piece per member) and objects with toJSON: as JSON.stringify writes them, indented here.
  const text = JSON.stringify(value, null, 2) ?? 'null';
  yield indent && text.includes('\n') ? text.replaceAll('\n', `\n${indent}`) : text;
}

const writable = (v: unknown): boolean => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol';

/** An object whose members are all leaves: small, and written whole. */
function flat(value: object): boolean {
  for (const v of Object.values(value)) if (typeof v === 'object' && v !== null) return false;
  return true;
}
