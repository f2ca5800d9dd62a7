import { describe, expect, it } from 'vitest';
import { expandArg, LinkError } from '../../src/sources/links.js';
import { OpenError } from '../../src/sources/open-source.js';
import { hasSecrets, redactText, redactUrl } from '../../src/sources/redact.js';

describe('redactUrl', () => {
  it('hides userinfo, user and password both', () => {
    expect(redactUrl('https://user:PASSW0RD@example.com/x.jsonl')).toBe('https://***@example.com/x.jsonl');
    expect(redactUrl('https://ghp_T0KEN@example.com/x')).toBe('https://***@example.com/x');
    // The last @ ends the userinfo, as the URL parser reads it.
    expect(redactUrl('http://u:p@ss@127.0.0.1:9/x')).toBe('http://***@127.0.0.1:9/x');
    expect(redactUrl('ws://a:b@127.0.0.1:7777/')).toBe('ws://***@127.0.0.1:7777/');
  });

  it('hides the value of secret-looking query and fragment parameters, whatever their case or affix', () => {
    const names = [
      'token',
      'TOKEN',
      'access_token',
      'api_key',
      'apiKey',
      'key',
      'secret',
      'client_secret',
      'sig',
      'X-Amz-Signature',
      'password',
      'passwd',
      'auth',
      'Authorization',
    ];
    for (const name of names)
      expect(redactUrl(`https://h/x?a=1&${name}=S3CRET&b=2`), name).toBe(`https://h/x?a=1&${name}=***&b=2`);
    expect(redactUrl('https://h/cb#access_token=S3CRET&state=1')).toBe('https://h/cb#access_token=***&state=1');
  });

  it('hides a secret after a `;`, which some servers take for `&`, in messages too', () => {
    expect(redactUrl('https://h/x?a=1;token=S3CRET')).toBe('https://h/x?a=1;token=***');
    expect(redactUrl('https://h/x?a=1;b=2;api_key=S3CRET&c=3')).toBe('https://h/x?a=1;b=2;api_key=***&c=3');
    expect(redactUrl('https://h/x#a=1;sig=S3CRET')).toBe('https://h/x#a=1;sig=***');
    expect(redactText('cannot read https://h/x?a=1;token=S3CRET: HTTP 404')).toBe(
      'cannot read https://h/x?a=1;token=***: HTTP 404',
    );
    // In a viewer link's list: an entry `token=…` after a URL is hidden too (whichever it was meant to be).
    expect(redactUrl('https://mcpreplay.dev/?trace=https://h/a.jsonl?a=1;token=S3CRET')).toBe(
      'https://mcpreplay.dev/?trace=https://h/a.jsonl?a=1;token=***',
    );
    // Nothing else changes.
    for (const url of ['https://h/x?a=1;b=2', 'https://h/x?a=1;token=', 'https://h/x?list=a;b;c'])
      expect(redactUrl(url)).toBe(url);
  });

  it('leaves everything else exactly as typed (no re-encoding)', () => {
    for (const url of [
      'https://h/a b%20c.jsonl?x=1&page=2#view=calls',
      'http://127.0.0.1:8080/',
      'trace.jsonl',
      '-',
      '/tmp/token=x',
      'https://h/x?token=',
    ])
      expect(redactUrl(url)).toBe(url);
    expect(hasSecrets('https://h/x?token=')).toBe(false);
    expect(hasSecrets('https://h/x?token=1')).toBe(true);
  });

  it('redacts inside a viewer link whose trace= decodes to URLs with secrets', () => {
    const inner = 'https://u:pw@h.example/a.jsonl?token=T0KEN';
    const link = `https://mcpreplay.dev/?trace=${encodeURIComponent(inner)};${encodeURIComponent('https://h.example/b.jsonl')}#view=calls`;
    const shown = redactUrl(link);
    expect(shown).not.toContain('T0KEN');
    expect(shown).not.toContain('pw');
    expect(shown).toBe(
      'https://mcpreplay.dev/?trace=https://***@h.example/a.jsonl?token=***;https://h.example/b.jsonl#view=calls',
    );
  });

  it('redacts every URL quoted in a message (as Node and ws quote them)', () => {
    expect(
      redactText(
        'Request cannot be constructed from a URL that includes credentials: http://user:PASSW0RD@127.0.0.1:1/x',
      ),
    ).toBe('Request cannot be constructed from a URL that includes credentials: http://***@127.0.0.1:1/x');
    expect(redactText('cannot open http://h/x?token=abc: HTTP 404.')).toBe(
      'cannot open http://h/x?token=***: HTTP 404.',
    );
    expect(redactText("Failed to parse URL from 'https://h/x?sig=abc' and ws://a:b@h/")).toBe(
      "Failed to parse URL from 'https://h/x?sig=***' and ws://***@h/",
    );
  });
});

describe('messages never quote a secret', () => {
  it('OpenError names the target redacted, and redacts its reason', () => {
    const e = new OpenError('https://user:PASSW0RD@h/x?token=T', 'see https://user:PASSW0RD@h/x?token=T');
    expect(e.message).toBe('cannot open https://***@h/x?token=***: see https://***@h/x?token=***');
    expect(e.target).toBe('https://***@h/x?token=***');
  });

  it('viewer-link errors quote the link and what it names redacted', () => {
    const link = `https://mcpreplay.dev/?trace=${encodeURIComponent('examples/a.jsonl')}&token=T0KEN`;
    expect(() => expandArg(link)).toThrow(/from https:\/\/mcpreplay\.dev\/\?trace=examples%2Fa\.jsonl&token=\*\*\*\)/);
    expect(() => expandArg('https://mcpreplay.dev/?api_key=T0KEN')).toThrow(
      'https://mcpreplay.dev/?api_key=***: a viewer link needs',
    );
    const id = '1f0e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b';
    expect(() => expandArg(`https://mcpreplay.dev/?trace=${id}&sig=T0KEN`)).toThrow(
      `(from https://mcpreplay.dev/?trace=${id}&sig=***)`,
    );
  });

  it('a `;` inside a trace URL (encoded, %3B) belongs to it: never a list separator, never shown', () => {
    const secret = 'https://127.0.0.1:8931/x.jsonl?token=PART1;SECRETTAIL';
    const other = 'https://h.example/b.jsonl?sig=S1;S2&v=1';
    const link = `https://mcpreplay.dev/?trace=${encodeURIComponent(secret)};${encodeURIComponent(other)}#view=calls`;
    expect(expandArg(link).targets).toEqual([secret, other]);
    const shown = redactUrl(link);
    for (const leak of ['PART1', 'SECRETTAIL', 'S1', 'S2']) expect(shown).not.toContain(leak);
    expect(shown).toBe(
      'https://mcpreplay.dev/?trace=https://127.0.0.1:8931/x.jsonl?token=***;https://h.example/b.jsonl?sig=***&v=1#view=calls',
    );
    // Every message about a link with such a URL: the tail is not a trace of its own to complain about.
    const relative = `https://mcpreplay.dev/?trace=${encodeURIComponent('x.jsonl?token=PART1;SECRETTAIL')}`;
    expect(() => expandArg(relative)).toThrow(LinkError);
    expect(() => expandArg(relative)).not.toThrow(/SECRETTAIL|PART1/);
  });

  it('a viewer link naming a URL with a token expands to the real URL (the source redacts it for display)', () => {
    const inner = 'https://h.example/a.jsonl?token=T0KEN';
    expect(expandArg(`https://mcpreplay.dev/?trace=${encodeURIComponent(inner)}`).targets).toEqual([inner]);
  });
});
