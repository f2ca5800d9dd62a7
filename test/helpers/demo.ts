import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { storeOf } from './store.js';

/** The bundled demo trace as a store (every feature in one file). */
export function demoStore() {
  const path = fileURLToPath(new URL('../../examples/demo.jsonl', import.meta.url));
  return storeOf(readFileSync(path, 'utf8').trimEnd().split('\n'), undefined, 'examples/demo.jsonl');
}
