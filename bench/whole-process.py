#!/usr/bin/env python3
"""Times a whole process and its peak resident memory.

  whole-process.py COMMAND [ARGS...]

Runs COMMAND with its output discarded and prints one JSON line: {"ms": ..., "code": ...,
"maxRssBytes": ...}. The peak is what wait4 reports for the command: the largest of it
and of every process it waited for (ccusage's npm command runs its native binary as a
child). Python's os.wait4, not Node: Node gives no child's resource usage.
"""

import json
import os
import subprocess
import sys
import tempfile
import time


def main(argv):
    # stderr to a file: a pipe left unread while waiting would fill and stall the command.
    with tempfile.TemporaryFile() as log:
        start = time.perf_counter()
        child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=log)
        _, status, usage = os.wait4(child.pid, 0)
        ms = (time.perf_counter() - start) * 1000
        log.seek(0)
        err = log.read().decode("utf8", "replace")
    code = os.waitstatus_to_exitcode(status)
    # ru_maxrss is in KiB on Linux.
    print(json.dumps({"ms": ms, "code": code, "maxRssBytes": usage.ru_maxrss * 1024, "stderr": err[-2000:]}))


if __name__ == "__main__":
    main(sys.argv[1:])
