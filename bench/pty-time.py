#!/usr/bin/env python3
"""Times a command as a person at a terminal sees it, from the process start.

  pty-time.py [--cols 80] [--rows 24] [--until TEXT] -- COMMAND [ARGS...]

Runs COMMAND in a pseudo-terminal of its own (its controlling terminal, so /dev/tty
works) and prints one JSON line: {"ms": ..., "found": ..., "code": ...}. With --until,
`ms` is until TEXT first appears in what the command writes, after which the command
is ended (SIGTERM: the app leaves its screen and exits); without it, until the command
exits. The clock starts just before the fork, so the command's whole start is counted.

Python's pty module, not an npm package: a pseudo-terminal needs a native module in
Node, and python3 is on every machine the bench runs on.
"""

import fcntl
import json
import os
import pty
import select
import signal
import struct
import sys
import termios
import time


def main(argv):
    cols, rows, until = 80, 24, None
    while argv and argv[0] != "--":
        flag, value, argv = argv[0], argv[1], argv[2:]
        if flag == "--cols":
            cols = int(value)
        elif flag == "--rows":
            rows = int(value)
        elif flag == "--until":
            until = value.encode()
        else:
            raise SystemExit(f"unknown flag {flag}")
    command = argv[1:]
    if not command:
        raise SystemExit("no command given")
    os.environ.setdefault("TERM", "xterm-256color")

    t0 = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        try:
            os.execvp(command[0], command)
        finally:
            os._exit(127)

    seen = b""
    found_at = None
    while True:
        ready, _, _ = select.select([fd], [], [], 30)
        if not ready:
            break
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # EIO: the command closed the terminal (it exited)
            break
        if not chunk:
            break
        if until is not None and found_at is None:
            # Keep only what a match across two reads needs.
            seen = seen[-len(until):] + chunk
            if until in seen:
                found_at = time.perf_counter()
                os.kill(pid, signal.SIGTERM)
    _, status = os.waitpid(pid, 0)
    ended = time.perf_counter()
    os.close(fd)
    stop = found_at if until is not None else ended
    print(
        json.dumps(
            {
                "ms": None if stop is None else (stop - t0) * 1000,
                "found": until is None or found_at is not None,
                "code": os.waitstatus_to_exitcode(status),
            }
        )
    )


if __name__ == "__main__":
    main(sys.argv[1:])
