import { CommanderError } from 'commander';
import type { PricesSpec } from '../ingest/read-run.js';
import { FilterError, filterErrorLines, parseFilter } from '../trace/filter.js';
import type { PriceTable } from '../trace/prices.js';
import type { LoadedConfig } from './config.js';
import { complain, complainLines, stdoutIsTerminal } from './output.js';
import { type AppOptions, buildProgram } from './program.js';
import { unknownCommandText } from './unknown-command.js';

/**
 * Exit codes: 0 done, 1 a file could not be opened or read, 2 usage error.
 * Only commander and the program's definitions load before a command runs (`--version`
 * and `--help` need nothing else); each command loads its own modules when it runs, so
 * `summary` pays for no other's imports, and the app for no command's.
 */
export async function main(argv: string[]): Promise<number> {
  let code = 0;
  const program = buildProgram(
    {
      app: async (files, options) => {
        const unknown = unknownCommandText(
          files,
          program.commands.map((c) => c.name()),
        );
        if (unknown !== null) {
          complain(unknown);
          return 2;
        }
        await start();
        // The keys thread takes tens of milliseconds to start: on a terminal it starts
        // now, idle until the app takes it, while the app's code loads.
        if (stdoutIsTerminal()) {
          // Before the config: its checks load the views, and with them Ink, which reads
          // CI once as it loads (set, it would draw nothing until exit).
          (await import('./interactive.js')).claimTerminal();
          (await import('./keys.js')).startKeysThread();
        }
        const loaded = await readConfig(options.config);
        if (!loaded) return 2;
        const { config } = loaded;
        if (!checkFilter(options.filter)) return 2;
        const priced = await loadPriceRows(options.prices, loaded);
        if (priced === null) return 1;
        const prices = priced.table;
        if (options.exportOtlp !== undefined || options.otlpEndpoint !== undefined)
          return (await import('./otlp-command.js')).otlpCommand(
            files,
            {
              file: options.exportOtlp,
              endpoint: options.otlpEndpoint,
              protocol: options.otlpProtocol,
              filter: options.filter,
              timeout: options.timeout,
              export: options.export,
              exportFormat: options.exportFormat,
            },
            prices,
          );
        if (options.export !== undefined)
          return (await import('./export-command.js')).exportCommand(
            files,
            options.export,
            options.filter,
            prices,
            options.timeout,
            options.exportFormat,
          );
        // A directory without a terminal (or no file: this machine's agent sessions): its
        // runs, one row each (what the Sessions list shows).
        if (
          !stdoutIsTerminal() &&
          (files.length === 0 || (await import('../sources/recordings.js')).namesDirectory(files))
        )
          return (await import('./report-command.js')).reportCommand(
            files,
            { by: ['session'], order: 'asc', json: false, timeout: options.timeout },
            prices,
            priced.spec,
          );
        if (!stdoutIsTerminal() && files.length)
          return (await import('./summary-command.js')).summaryCommand(
            files,
            { json: false, filter: options.filter, cache: options.cache, timeout: options.timeout },
            prices,
          );
        // Flags on the command line win over the config.
        const { ascii = config.ascii, utc = config.utc, mouse = config.mouse } = options;
        return runApp(files, { ...options, ascii, utc, mouse }, prices, priced.spec);
      },
      report: async (paths, options) => {
        await start();
        const loaded = await readConfig(options.config);
        if (!loaded) return 2;
        const prices = await loadPriceRows(options.prices, loaded);
        if (prices === null) return 1;
        return (await import('./report-command.js')).reportCommand(paths, options, prices.table, prices.spec);
      },
      validate: async (files, options) => {
        await start();
        return (await import('./validate-command.js')).validateCommand(files, options);
      },
      diff: async (files, options) => {
        await start();
        const loaded = await readConfig(options.config);
        if (!loaded) return 2;
        // A prices file that cannot be used is trouble (2), as diff(1) has it.
        const prices = await loadPriceRows(options.prices, loaded);
        if (prices === null) return 2;
        return (await import('./diff-command.js')).diffCommand(
          files,
          { ...options, ascii: loaded.config.ascii },
          prices.table,
        );
      },
      summary: async (files, options) => {
        await start();
        const loaded = await readConfig(options.config);
        if (!loaded) return 2;
        if (!checkFilter(options.filter)) return 2;
        const prices = await loadPriceRows(options.prices, loaded);
        return prices === null
          ? 1
          : (await import('./summary-command.js')).summaryCommand(files, options, prices.table);
      },
      config: async (options) => {
        await start();
        return (await import('./config-command.js')).configCommand(options);
      },
      record: async (command, options) => {
        await start();
        return (await import('./record-command.js')).recordCommand(command, options);
      },
    },
    (c) => (code = c),
  );
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.code === 'commander.helpDisplayed' ||
        error.code === 'commander.version' ||
        error.code === 'commander.help'
        ? 0
        : 2;
    }
    complain((error as Error).message);
    return 1;
  }
  return code;
}

async function runApp(
  files: string[],
  options: AppOptions,
  prices: PriceTable,
  pricesSpec: PricesSpec | null,
): Promise<number> {
  // Loaded only here, so `summary` never pays for React and Ink.
  (await import('./interactive.js')).claimTerminal();
  const { runTui } = await import('./tui-command.js');
  return runTui(files, options, prices, pricesSpec);
}

/** What every command does first: the heap kept tight, and every way out handled (fatal.ts). */
async function start(): Promise<void> {
  const [{ tightenHeap }, { installFatalHandlers }] = await Promise.all([
    import('../sources/heap.js'),
    import('./fatal.js'),
  ]);
  tightenHeap();
  installFatalHandlers();
}

/**
 * The config file (`--config FILE`, else the default one), its keys and theme put in
 * place; null (exit 2) after saying why it cannot be used. Loaded only by the commands
 * that read it: its checks know the keymap and the views.
 */
async function readConfig(file: string | undefined): Promise<LoadedConfig | null> {
  const { applyConfig, configOrComplain } = await import('./config.js');
  const loaded = await configOrComplain(file);
  if (!loaded) return null;
  applyConfig(loaded.config);
  return loaded;
}

/** The price table (`--prices`, the config's, else the bundled one), loaded by the commands that use it. */
const loadPriceRows: typeof import('./prices-file.js').loadPriceRows = async (...args) =>
  (await import('./prices-file.js')).loadPriceRows(...args);

/** An invalid --filter says what is wrong and where (exit 2). */
function checkFilter(expr: string | undefined): boolean {
  if (expr === undefined) return true;
  try {
    parseFilter(expr);
    return true;
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    const [first, ...rest] = filterErrorLines(expr, error);
    complainLines([`invalid --filter: ${first}`, ...rest]);
    return false;
  }
}
