import { describe, expect, it } from 'vitest';
import {
  compilePatterns,
  isSecretName,
  REDACTED,
  RedactPatternError,
  redactCommand,
  redactJsonText,
  redactQuoted,
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

  /** Every form a secret takes on a command line (SECRET stands for it), and how it is shown. */
  const FORMS: [string[], string[]][] = [
    [['-pSECRET'], [`-p${R}`]],
    [['-p=SECRET'], [`-p=${R}`]],
    [
      ['-password', 'SECRET'],
      [`-p${R}`, R],
    ],
    [
      ['-passphrase', 'SECRET'],
      [`-p${R}`, R],
    ],
    [
      ['-p', 'SECRET'],
      ['-p', R],
    ],
    [['--password=SECRET'], [`--password=${R}`]],
    [
      ['--password', 'SECRET'],
      ['--password', R],
    ],
    [['-token=SECRET'], [`-token=${R}`]],
    [
      ['--token', 'SECRET'],
      ['--token', R],
    ],
    [['--client-secret=SECRET'], [`--client-secret=${R}`]],
    [
      ['--auth', 'SECRET'],
      ['--auth', R],
    ],
    [
      ['--credentials', 'SECRET'],
      ['--credentials', R],
    ],
    [
      ['--passphrase', 'SECRET'],
      ['--passphrase', R],
    ],
    [['API_KEY=SECRET'], [`API_KEY=${R}`]],
    [
      ['--env', 'GITHUB_TOKEN=SECRET'],
      ['--env', `GITHUB_TOKEN=${R}`],
    ],
    [['--env=DB_PASSWORD=SECRET'], [`--env=DB_PASSWORD=${R}`]],
    [['https://user:SECRET@example.com/mcp'], [`https://${R}@example.com/mcp`]],
    [['https://example.com/mcp?token=SECRET&a=1'], [`https://example.com/mcp?token=${R}&a=1`]],
    [['--url=https://example.com/mcp?api_key=SECRET'], [`--url=https://example.com/mcp?api_key=${R}`]],
    [
      ['--header', 'Authorization: Bearer SECRET'],
      ['--header', `Authorization: ${R}`],
    ],
    [['--header=Authorization: token SECRET'], [`--header=Authorization: ${R}`]],
    [['Bearer SECRET'], [`Bearer ${R}`]],
    [
      ['--config', '{"apiKey":"SECRET","port":3}'],
      ['--config', `{"apiKey":"${R}","port":3}`],
    ],
  ];
  const SECRET = 'hunter2Zq';

  it.each(FORMS)('%j is shown as %j, the arguments around it as they were', (form, shown) => {
    const argv = ['server', ...form.map((a) => a.replace('SECRET', SECRET)), '--port', '8080', '/srv'];
    expect(redactCommand(argv, [])).toEqual(['server', ...shown, '--port', '8080', '/srv']);
  });

  it('quote a command in a system message as it is shown', () => {
    const argv = ['API_KEY=k1', 'srv', '-pk2'];
    const shown = redactCommand(argv, []);
    expect(redactQuoted('spawn API_KEY=k1 ENOENT (srv -pk2)', argv, shown)).toBe(
      `spawn API_KEY=${R} ENOENT (srv -p${R})`,
    );
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
