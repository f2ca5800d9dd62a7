import { oneLine } from '../kit/text.js';
import { configOrComplain, defaultConfigPath, effectiveConfig } from './config.js';
import { print, printJson } from './output.js';
import type { ConfigOptions } from './program.js';

/**
 * `config`: the configuration in effect as JSON (`--print`, the default; exit 2 when
 * the file cannot be used), or `--path`: the file that is read, whether it exists or not.
 */
export async function configCommand(options: ConfigOptions): Promise<number> {
  if (options.path && !options.print) {
    // One line whatever the path holds: a line break in XDG_CONFIG_HOME shows as `␊`.
    print(`${oneLine(options.config ?? defaultConfigPath())}\n`);
    return 0;
  }
  const loaded = await configOrComplain(options.config);
  if (!loaded) return 2;
  printJson(effectiveConfig(loaded));
  return 0;
}
