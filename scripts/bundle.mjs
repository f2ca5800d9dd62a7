// The binary's bundle (dist/bundle/), made by esbuild from src/. Node opened ~830
// module files before the app's first frame when it ran tsc's output; bundled, ~60, and
// minified, less to compile. Each command's code stays apart (split into chunks loaded by its dynamic
// import), and each worker thread has an entry file of its own next to the chunks, where
// `new URL('./keys-worker.js', import.meta.url)` and the index worker's look for it.
// The tests and the bench's in-process children still use tsc's dist/ (one file a module).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * Yoga (Ink's layout engine) ships its WebAssembly as a base64 data: URL, which it
 * fetch()es when fetch exists: that loads Node's fetch (undici), ~70 ms of a start. The
 * bytes are handed to it decoded instead, as its `wasmBinary` would be. A newer yoga
 * that no longer has these lines fails the build here, to be looked at again.
 */
const yogaWithoutFetch = {
  name: 'yoga-without-fetch',
  setup(b) {
    b.onLoad({ filter: /yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const at = '";if(!ua(H))';
      if (text.split(at).length !== 2 || !text.includes('var w;'))
        throw new Error(`${args.path} changed: check how it loads its wasm before bundling it`);
      return { contents: text.replace(at, `";w=Buffer.from(H.slice(37),"base64")${at.slice(1)}`), loader: 'js' };
    });
  },
};

/**
 * Ink's text packages (string-width, slice-ansi, ansi-tokenize) each make an
 * Intl.Segmenter as they load, and Ink cuts every line of every frame with one: they get
 * src/kit/lazy-segmenter.ts's instead (why: there). Only ES modules are rewritten: an
 * import in a CommonJS file would change what it exports.
 */
const LAZY_SEGMENTER = fileURLToPath(new URL('../src/kit/lazy-segmenter.ts', import.meta.url));
const lazySegmenters = {
  name: 'lazy-segmenters',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/].*\.m?js$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('new Intl.Segmenter(')) return undefined;
      if (!/^\s*(import|export)\s/m.test(text) || /\bmodule\.exports\b/.test(text))
        throw new Error(`${args.path} makes an Intl.Segmenter and is not an ES module: see lazySegmenters`);
      const take = `import { LazySegmenter as __LazySegmenter } from ${JSON.stringify(LAZY_SEGMENTER)};\n`;
      return {
        contents: take + text.replaceAll('new Intl.Segmenter(', 'new __LazySegmenter('),
        loader: 'js',
        resolveDir: dirname(args.path),
      };
    });
  },
};

/** Ink's packages get string-width through src/kit/string-width-standalone.ts (why: there). */
const standaloneStringWidth = {
  name: 'standalone-string-width',
  setup(b) {
    b.onResolve({ filter: /^string-width$/ }, (args) =>
      /[\\/]node_modules[\\/]/.test(args.importer)
        ? { path: fileURLToPath(new URL('../src/kit/string-width-standalone.ts', import.meta.url)) }
        : undefined,
    );
  },
};

/**
 * Commander requires node:child_process as it loads (with net and dgram, ~5 ms of every
 * start, `--version` too) for subcommands that are programs of their own, which this
 * one has none of: it is required when one would be spawned instead.
 */
const commanderLazySpawn = {
  name: 'commander-lazy-spawn',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]commander[\\/]lib[\\/]command\.js$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const at = "const childProcess = require('node:child_process');";
      if (text.split(at).length !== 2) throw new Error(`${args.path} changed: check how it loads child_process`);
      const lazy = "const childProcess = { spawn: (...a) => require('node:child_process').spawn(...a) };";
      return { contents: text.replace(at, lazy), loader: 'js', resolveDir: dirname(args.path) };
    });
  },
};

const root = fileURLToPath(new URL('..', import.meta.url));
export const BUNDLE_DIR = `${root}dist/bundle`;

/** esbuild's options for the bundle; test/startup-modules.test.ts builds with them too. */
export const bundleOptions = {
  absWorkingDir: root,
  entryPoints: {
    main: 'src/cli/main.ts',
    'keys-worker': 'src/cli/keys-worker.ts',
    'index-worker': 'src/ingest/index-worker.ts',
  },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Node 20 has regular expressions' v flag, which esbuild dates later: it would rewrite
  // string-width's /…/v literals as `new RegExp` calls, compiled as the module loads (its
  // emoji pattern alone ~50–100 ms) instead of on first use.
  supported: { 'regexp-set-notation': true },
  // Flat: a chunk's import.meta.url must sit beside the worker entries.
  chunkNames: '[name]-[hash]',
  // Some packages' `main` is a UMD build that requires files by relative path (jsonc-parser).
  mainFields: ['module', 'main'],
  // React and its reconciler ship a development build too, several times slower per frame.
  define: { 'process.env.NODE_ENV': '"production"' },
  // Optional packages their users load in a try: Ink's devtools (DEV=true), ws's native helpers.
  external: ['react-devtools-core', 'bufferutil', 'utf-8-validate'],
  // The CommonJS packages (React, commander) call `require` for Node's modules.
  banner: {
    js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
  },
  plugins: [yogaWithoutFetch, lazySegmenters, standaloneStringWidth, commanderLazySpawn],
  metafile: true,
  minify: true,
  logLevel: 'warning',
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  rmSync(BUNDLE_DIR, { recursive: true, force: true });
  mkdirSync(BUNDLE_DIR, { recursive: true });
  const result = await build({ ...bundleOptions, outdir: BUNDLE_DIR });
  // Which sources went into which file (test/e2e/startup-modules.test.ts reads it).
  writeFileSync(`${root}dist/bundle-meta.json`, JSON.stringify(result.metafile));
}
