import { describe, expect, it } from 'vitest';
import { tildePath } from '../../src/cli/records-io.js';

describe('tildePath', () => {
  it.each([
    ['/home/me/traces/x.jsonl', '~/traces/x.jsonl'],
    ['/home/me', '/home/me'],
    ['/home/meg/x.jsonl', '/home/meg/x.jsonl'],
    ['/tmp/x.jsonl', '/tmp/x.jsonl'],
  ])('%s reads %s', (path, shown) => {
    expect(tildePath(path, '/home/me')).toBe(shown);
  });
  it('leaves paths whole when home is the root', () => {
    expect(tildePath('/tmp/x.jsonl', '/')).toBe('/tmp/x.jsonl');
  });
});
