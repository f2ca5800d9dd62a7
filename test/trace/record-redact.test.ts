import { describe, expect, it } from 'vitest';
import {
  compilePatterns,
  isSecretName,
  REDACTED,
  RedactPatternError,
  redactCommand,
  redactJsonText,
  redactString,
} from '../../src/trace/record/redact.js';

const R = REDACTED;

describe('--redact patterns', () => {
  it('replace every match, of every pattern', () => {
    expect(redactString('a tok-1 and tok-22, user bob', compilePatterns(['tok-\\d+', 'bob']))).toBe(
      `a ${R} and ${R}, user ${R}`,
    );
  });

  it('refuse an invalid pattern and one that matches the empty string, naming it', () => {
    expect(() => compilePatterns(['a('])).toThrow(RedactPatternError);
    expect(() => compilePatterns(['a('])).toThrow(/invalid --redact "a\("/);
    expect(() => compilePatterns(['x*'])).toThrow(/matches the empty string/);
  });

  it('apply inside JSON strings only: keys and values, every other byte as it was', () => {
    const text = '{"id":12345678901234567890, "secret-key":"v sk1 w" ,"n":1.50,"a":["sk1"]}';
    expect(redactJsonText(text, compilePatterns(['sk1', 'secret']))).toBe(
      `{"id":12345678901234567890, "${R}-key":"v ${R} w" ,"n":1.50,"a":["${R}"]}`,
    );
  });

  it('see a string as its value: escapes decoded, quotes and backslashes inside kept in the JSON', () => {
    const text = String.raw`{"a":"p\"q\\","b":"x\u0041y","c":"\\\"sk\\"}`;
    const out = redactJsonText(text, compilePatterns(['xAy', 'sk']));
    expect(JSON.parse(out)).toEqual({ a: 'p"q\\', b: R, c: `\\"${R}\\` });
  });

  it('cannot break the JSON: a pattern that would match a quote matches only within a string', () => {
    const text = '{"a":"x","b":"y"}';
    const out = redactJsonText(text, compilePatterns(['x","b":"y', '"']));
    expect(out).toBe(text);
  });

  it('leave text with no match as the very same string', () => {
    const text = '{"a":"x"}';
    expect(redactJsonText(text, compilePatterns(['zzz']))).toBe(text);
    expect(redactJsonText(text, [])).toBe(text);
  });
});

describe('secrets on the command line', () => {
  it.each([
    [
      ['--api-key', 'abc', '/tmp'],
      ['--api-key', R, '/tmp'],
    ],
    [['--api-key=abc'], [`--api-key=${R}`]],
    [
      ['--token', '--verbose'],
      ['--token', '--verbose'],
    ],
    [
      ['-k', 'x', '--apiKey', 'y'],
      ['-k', 'x', '--apiKey', R],
    ],
    [
      ['GITHUB_TOKEN=ghx', 'mode=fast'],
      [`GITHUB_TOKEN=${R}`, 'mode=fast'],
    ],
    [
      ['--header', 'Authorization: Bearer abc.def'],
      ['--header', `Authorization: ${R}`],
    ],
    [['X-Api-Key: 123'], [`X-Api-Key: ${R}`]],
    [['https://me:pw@host/x?access_token=abc&a=1'], [`https://${R}@host/x?access_token=${R}&a=1`]],
    [
      ['--auth-header', 'Bearer zzz'],
      ['--auth-header', R],
    ],
    [
      ['curl', '-H', 'Bearer tok'],
      ['curl', '-H', `Bearer ${R}`],
    ],
    [
      ['sk-abcdefghijklmnopqrstuv', 'ghp_abcdefghijklmnopqrstuvwxyz'],
      [R, R],
    ],
    [
      ['npx', '-y', '@scope/server', '/home/me'],
      ['npx', '-y', '@scope/server', '/home/me'],
    ],
  ])('%j → %j', (argv, shown) => {
    expect(redactCommand(argv, [])).toEqual(shown);
  });

  it('apply the --redact patterns too', () => {
    expect(redactCommand(['--db', 'postgres://h/private_db'], compilePatterns(['private_\\w+']))).toEqual([
      '--db',
      `postgres://h/${R}`,
    ]);
  });

  it('know a secret by a word of its name, not by a word inside another', () => {
    expect(
      ['apiKey', 'API_KEY', 'client_secret', 'accessToken', 'password', 'Authorization'].map(isSecretName),
    ).toEqual([true, true, true, true, true, true]);
    expect(['keyboard', 'monkey-mode', 'path', 'verbose', 'tokenizer'].map(isSecretName)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
