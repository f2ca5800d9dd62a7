/** What the keys thread (keys-worker.ts) and the main thread (keys.ts) share. */
export interface KeysWorkerData {
  /** An Int32Array's buffer, indexed by the slots below. */
  shared: SharedArrayBuffer;
  /** The bytes that put the screen back (leave the alternate screen, show the cursor). */
  leave: string;
  /** The line written when the keys thread has to end the process itself. */
  reason: string;
}

/** How many Ctrl-Cs the main thread has taken. */
export const CTRL_C_TAKEN = 0;
/** 1 while the keys thread holds the terminal in raw mode; it notifies on every change. */
export const RAW_MODE = 1;
export const SHARED_SLOTS = 2;

/** Main thread to keys thread. */
export type KeysCommand = { raw: boolean } | 'stop';
