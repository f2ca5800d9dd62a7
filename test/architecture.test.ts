import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { Column } from '../src/store/columns.js';
import type { ToolPairs } from '../src/store/tool-pairs.js';
import type { TraceStore } from '../src/store/trace-store.js';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(name) ? [p] : [];
  });
}

/** Which stages each stage may import (docs/architecture.md). */
const ALLOWED: Record<string, string[]> = {
  kit: ['kit'],
  sources: ['sources', 'kit'],
  trace: ['trace', 'kit'],
  store: ['store', 'trace', 'kit'],
  ingest: ['ingest', 'store', 'trace', 'sources', 'kit'],
  report: ['report', 'store', 'trace', 'kit'],
  ui: ['ui', 'store', 'trace', 'kit'],
  cli: ['cli', 'ui', 'report', 'ingest', 'store', 'sources', 'trace', 'kit'],
};
const UI_ONLY = ['react', 'ink', 'chalk', 'ink-testing-library'];

/** What a file imports: `import … from`, `export … from`, `import('…')` and side-effect `import '…'`, in either quote. */
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)(['"])([^'"]+)\1/gm;
const imports = (file: string) => [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => m[2]!);

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
      // A pane's folder reads the store for its rows; its component (`*-pane.tsx`) only draws them.
      if (stage === 'ui' && /\/ui\/(panes\/[^/]+\/[^/]+-pane\.tsx$|components\/)/.test(file)) {
        expect(spec.includes('/store/'), `${file} reaches into the store; panes take props`).toBe(false);
      }
      if (spec === 'chalk') expect(file.endsWith(join('ui', 'theme.ts')), `${file} imports chalk`).toBe(true);
    }
  });

  it('keeps OpenTelemetry in report/ (spans and their JSON, pure) and cli/ (the exporters, which send)', () => {
    let found = 0;
    for (const file of all) {
      const stage = relative(SRC, file).split('/')[0]!;
      for (const spec of imports(file)) {
        expect(spec, `${relative(SRC, file)}: the test-only protobuf root`).not.toBe('otlp-proto-root');
        if (!spec.startsWith('@opentelemetry/')) continue;
        found++;
        expect(['report', 'cli'], `${relative(SRC, file)} imports ${spec}`).toContain(stage);
        if (spec.includes('exporter')) expect(stage, `${relative(SRC, file)} imports ${spec}`).toBe('cli');
      }
    }
    expect(found).toBeGreaterThan(3);
  });

  it('exports no mutable binding: a module hands values back, never through an exported `let`', () => {
    const offenders = all.filter((f) => /^export\s+(let|var)\b/m.test(readFileSync(f, 'utf8')));
    expect(offenders.map((f) => relative(SRC, f))).toEqual([]);
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

/** Every file under src/ with the src/ files it imports (type-only imports and re-exports too). */
function importGraph(all: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of all) {
    const targets = imports(file)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => join(file, '..', spec).replace(/\.js$/, ''))
      .flatMap((base) => all.filter((f) => f.replace(/\.tsx?$/, '') === base));
    graph.set(relative(SRC, file), [...new Set(targets.map((t) => relative(SRC, t)))]);
  }
  return graph;
}

/** The circles of a graph: its strongly connected components of more than one file, or a file importing itself (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('no import circles', () => {
  it('no file reaches itself through its imports, type-only ones included', () => {
    expect(circles(importGraph(files(SRC)))).toEqual([]);
  });

  it('the import reader sees every spelling of an import', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from './b.js';",
      "export * from './c.js';",
      'export { d } from "./d.js";',
      "import './e.js';",
      "const f = await import('./f.js');",
      "type G = import('./g.js').G;",
      "const h = 'import x from ./no.js';",
    ].join('\n');
    expect([...text.matchAll(IMPORT)].map((m) => m[2])).toEqual([
      './a.js',
      './b.js',
      './c.js',
      './d.js',
      './e.js',
      './f.js',
      './g.js',
    ]);
  });

  it('the check finds a circle, and one of one file', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(circles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
  });
});

describe('the store is read through its accessors (a read API), outside src/store/', () => {
  // The columns are an encoding (narrow types that widen, offsets in two parts, times
  // as block offsets): a file outside the store that named them would have to change
  // with it. Rows, lists, pairs and aggregates are read through the store's methods.
  const RAW = [
    { what: 'a typed array read', re: /\.data\s*\[/ },
    { what: "the store's columns", re: /[\w)\]]\s*\.cols\b/ },
    { what: 'a column module', re: /from\s+'[^']*store\/(columns|tables|tool-pairs)\.js'/ },
  ];
  const outside = files(SRC).filter((f) => relative(SRC, f).split('/')[0] !== 'store');

  it('no file outside src/store/ names a column', () => {
    const found = outside.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((l, i) => [l, i] as const)
        .flatMap(([l, i]) =>
          RAW.filter((r) => r.re.test(l)).map((r) => `${relative(SRC, file)}:${i + 1}: ${r.what}: ${l.trim()}`),
        ),
    );
    expect(found).toEqual([]);
  });

  it('only ingest/ writes rows (store.writer, store.rowAdded)', () => {
    const found = outside
      .filter((f) => relative(SRC, f).split('/')[0] !== 'ingest')
      .filter((f) => /[\w)\]]\s*\.(writer|rowAdded)\b/.test(readFileSync(f, 'utf8')));
    expect(found.map((f) => relative(SRC, f))).toEqual([]);
  });

  it('the checks see the spellings they are for', () => {
    for (const line of [
      'store.kind.data[row]',
      'x.cols.kind',
      'store.cols',
      "import { Column } from '../store/columns.js';",
    ])
      expect(
        RAW.some((r) => r.re.test(line)),
        line,
      ).toBe(true);
    for (const line of ['const active = [...cols];', 'store.kindOf(row)'])
      expect(
        RAW.some((r) => r.re.test(line)),
        line,
      ).toBe(false);
  });

  it('the store and its tool pairs have no column among their public members', () => {
    // Checked by the compiler (npm test type-checks the tests): a column property added
    // to either fails the build here.
    type Typed = Float64Array | Int32Array | Int16Array | Uint32Array | Uint16Array | Uint8Array;
    type ColumnKeys<T> = { [K in keyof T]-?: T[K] extends Column<Typed> ? K : never }[keyof T];
    const none: [ColumnKeys<TraceStore>, ColumnKeys<ToolPairs>] extends [never, never] ? true : false = true;
    expect(none).toBe(true);
  });
});

describe('no value outside src/store/ is a column (by type, whatever the spelling)', () => {
  // The line patterns above miss `const { cols } = store`, `store?.cols`, `store['cols']`
  // and aliases; the type checker does not: any expression whose type is a class of the
  // column modules is a read of the encoding.
  const COLUMN_MODULES = ['store/columns.ts', 'store/tables.ts'];
  const program = (() => {
    const all = files(SRC);
    const config = ts.getParsedCommandLineOfConfigFile(
      fileURLToPath(new URL('../tsconfig.json', import.meta.url)),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
    );
    return ts.createProgram(all, { ...config!.options, noEmit: true });
  })();
  const checker = program.getTypeChecker();
  const fromColumns = (type: ts.Type): boolean => {
    const decls = (type.aliasSymbol ?? type.getSymbol())?.getDeclarations() ?? [];
    return decls.some((d) => COLUMN_MODULES.some((m) => d.getSourceFile().fileName.endsWith(m)));
  };
  const columnReads = (file: ts.SourceFile): string[] => {
    const found: string[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) || ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
        const type = checker.getTypeAtLocation(node);
        const types = type.isUnion() ? type.types : [type];
        if (types.some(fromColumns)) {
          const { line } = file.getLineAndCharacterOfPosition(node.getStart());
          found.push(`${relative(SRC, file.fileName)}:${line + 1}: ${node.getText()}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
    return found;
  };

  it('in every source file outside src/store/', () => {
    const outside = program
      .getSourceFiles()
      .filter((f) => f.fileName.startsWith(SRC) && relative(SRC, f.fileName).split('/')[0] !== 'store');
    expect(outside.length).toBeGreaterThan(100);
    expect(outside.flatMap(columnReads)).toEqual([]);
  }, 60_000);

  it('the check sees a destructured, optional and bracketed read of the columns', () => {
    const probe = join(SRC, 'store', 'trace-store.ts');
    const text = [
      `import type { TraceStore } from '${probe.replace(/\.ts$/, '.js')}';`,
      'declare const store: TraceStore;',
      'const { cols } = store;',
      'const a = store?.cols;',
      "const b = store['cols'];",
      'const c = cols.kind;',
      'const ok = store.count;',
    ].join('\n');
    const host = ts.createCompilerHost(program.getCompilerOptions());
    const read = host.getSourceFile.bind(host);
    const name = join(SRC, 'ui', '__probe__.ts');
    host.getSourceFile = (f, v) => (f === name ? ts.createSourceFile(f, text, v, true) : read(f, v));
    const probeProgram = ts.createProgram([name], program.getCompilerOptions(), host, program);
    const probeChecker = probeProgram.getTypeChecker();
    const file = probeProgram.getSourceFile(name)!;
    const hits: string[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
        const t = probeChecker.getTypeAtLocation(node.name);
        const types = t.isUnion() ? t.types : [t];
        if (types.some(fromColumns)) hits.push(node.name.text);
      }
      if (ts.isBindingElement(node) && ts.isIdentifier(node.name)) {
        if (fromColumns(probeChecker.getTypeAtLocation(node.name))) hits.push(node.name.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
    expect(hits).toEqual(['cols', 'a', 'b', 'c']);
  }, 60_000);
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

describe('the composition root stays small', () => {
  it('App only wires input, store and view: under 200 lines (issue "The house")', () => {
    const lines = readFileSync(join(SRC, 'ui/app.tsx'), 'utf8').split('\n').length;
    expect(lines).toBeLessThan(200);
  });
});
