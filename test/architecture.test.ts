import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(name) ? [p] : [];
  });
}

/** Which stages each stage may import (docs/architecture.md). */
const ALLOWED: Record<string, string[]> = {
  sources: ['sources'],
  trace: ['trace'],
  store: ['store', 'trace', 'sources'],
  report: ['report', 'store', 'trace'],
  ui: ['ui', 'store', 'trace'],
  cli: ['cli', 'ui', 'report', 'store', 'sources', 'trace'],
};
const UI_ONLY = ['react', 'ink', 'chalk', 'ink-testing-library'];

const imports = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from\s+|import\s*\(\s*)'([^']+)'/g)].map((m) => m[1]!);

describe('the import rule: data flows source → trace → store → views / reports', () => {
  const all = files(SRC);
  it('finds the source tree', () => expect(all.length).toBeGreaterThan(20));

  it.each(all.map((f) => [relative(SRC, f), f]))('%s imports only what its stage may', (_name, file) => {
    const stage = relative(SRC, file).split('/')[0]!;
    for (const spec of imports(file)) {
      if (spec.startsWith('.')) {
        const target = relative(SRC, join(file, '..', spec)).split('/')[0]!;
        expect(ALLOWED[stage], `${stage} → ${target} (${spec})`).toContain(target);
      } else if (UI_ONLY.includes(spec)) {
        // Type-only use of the store in sources is never needed; chalk is the theme's alone.
        expect(stage === 'ui' || (stage === 'cli' && spec !== 'chalk'), `${stage} imports ${spec}`).toBe(true);
      }
      if (stage === 'ui' && /\/ui\/(panes|components)\//.test(file)) {
        expect(spec.includes('/store/'), `${file} reaches into the store; panes take props`).toBe(false);
      }
      if (spec === 'chalk') expect(file.endsWith(join('ui', 'theme.ts')), `${file} imports chalk`).toBe(true);
    }
  });

  it('keeps the file system and network in sources/ (and the cli wiring)', () => {
    for (const file of all) {
      const stage = relative(SRC, file).split('/')[0]!;
      if (stage === 'sources' || stage === 'cli') continue;
      for (const spec of imports(file))
        expect(
          ['node:fs', 'node:fs/promises', 'node:http', 'node:https', 'node:net'],
          `${relative(SRC, file)} imports ${spec}`,
        ).not.toContain(spec);
    }
  });
});

describe('encoded columns are read through at()', () => {
  // Times and counts may be Int32 offsets or sentinels: `.data[i]` would read those raw.
  const ENCODED = /\.(t|input|output|cacheRead|cacheWrite|thinkingExact|thinkingEstimated|ttft|duration)\.data\[/;
  it('in every source file', () => {
    const raw = files(SRC).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => ENCODED.test(l))
        .map((l) => `${relative(SRC, file)}: ${l.trim()}`),
    );
    expect(raw).toEqual([]);
  });
});

describe('one way out to the terminal (src/cli/output.ts)', () => {
  // Every byte for stdout or stderr passes output.ts's sanitizer: a file that wrote to
  // the streams itself could send trace text raw. Reading stdin (a trace on `-`) is fine.
  const WRITES =
    /process\s*\.\s*(stdout|stderr)\b|\bconsole\s*\.\s*(log|error|warn|info|debug|trace)\b|process\s*\[\s*['"`]std(out|err)/;
  it('no other source file names process.stdout, process.stderr or console', () => {
    const found = files(SRC)
      .filter((file) => !file.endsWith(join('cli', 'output.ts')))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((l, i) => [l, i] as const)
          .filter(([l]) => WRITES.test(l))
          .map(([l, i]) => `${relative(SRC, file)}:${i + 1}: ${l.trim()}`),
      );
    expect(found).toEqual([]);
  });

  it('the check sees the spellings it is for', () => {
    for (const line of [
      'process.stdout.write(x)',
      'process.stderr.write(x)',
      'console.log(x)',
      "process['stderr'].write(x)",
      'const out = process.stdout;',
    ])
      expect(WRITES.test(line), line).toBe(true);
    expect(WRITES.test('process.stdin.isTTY')).toBe(false);
  });
});
