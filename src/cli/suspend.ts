import type { Keyboard } from './keys.js';
import { CONTROL, control, redrawWhole } from './output.js';

/**
 * Job control for a full-screen view, as vim, less and lazygit do it: SIGTSTP (or
 * Ctrl-Z, which raw mode delivers as a key instead of a signal) puts the terminal back
 * (raw mode off, the main screen, the cursor shown) and stops the process; once the
 * shell continues it (`fg`), raw mode, the alternate screen (with mouse reporting, when
 * the app had it) and a whole frame come back. Returns the uninstall.
 */
export function installSuspend(keyboard: Keyboard, mouse = false): () => void {
  const suspend = () => {
    keyboard.rawOff();
    control(CONTROL.leaveAltScreen);
    // Stopped by the signal's default action, so the shell sees a stopped job: with no
    // listener, SIGTSTP to this process stops it before kill() returns.
    process.removeListener('SIGTSTP', suspend);
    process.kill(process.pid, 'SIGTSTP');
    process.on('SIGTSTP', suspend);
    // Continued. Raw mode first: from the background (`bg`) that stops us again
    // (SIGTTOU) until the terminal is ours, before anything is drawn on the shell's screen.
    keyboard.rawOn();
    control(CONTROL.enterAltScreen);
    if (mouse) control(CONTROL.mouseOn);
    control(CONTROL.hideCursor);
    redrawWhole();
  };
  process.on('SIGTSTP', suspend);
  keyboard.onSuspendKey(suspend);
  return () => {
    process.removeListener('SIGTSTP', suspend);
    keyboard.onSuspendKey(null);
  };
}
