import { configOrComplain, defaultConfigPath, effectiveConfig } from './config.js';
import { print, printJson } from './output.js';
import type { ConfigOptions } from './program.js';

/**
 * `config`: the configuration in effect as JSON (`--print`, the default; exit 2 when
 * the file cannot be used), or `--path`: the file that is read, whether it exists or not.
 */
export async function configCommand(options: ConfigOptions): Promise<number> {
  if (options.path && !options.print) {
    print(`${options.config ?? defaultConfigPath()}\n`);
    return 0;
  }
  const loaded = await configOrComplain(options.config);
  if (!loaded) return 2;
  printJson(effectiveConfig(loaded));
  return 0;
}
