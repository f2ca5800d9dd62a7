// A terminal for benchmarks: Ink renders to it and reads keys from it.
import { EventEmitter } from 'node:events';

export class FakeStdin extends EventEmitter {
  isTTY = true;
  data = null;
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
  read() {
    const d = this.data;
    this.data = null;
    return d;
  }
  /** Types `s` as if from the keyboard. */
  push(s) {
    this.data = s;
    this.emit('readable');
  }
}
