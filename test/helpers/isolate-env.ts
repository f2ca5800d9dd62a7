/**
 * Every test file (and each program it starts) gets a config and a state directory of
 * its own, empty: a config.json or marks saved by someone's own runs would change
 * what the app draws (other keys, a theme, a marks column). Tests that need them set
 * their own.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const home = mkdtempSync(join(tmpdir(), 'mrt-env-'));
process.env.XDG_CONFIG_HOME = join(home, 'config');
process.env.MCP_REPLAY_TUI_STATE_DIR ??= join(home, 'state');
