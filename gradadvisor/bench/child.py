"""The measuring child process: how it starts, and how it dies with its parent.

The runner starts ``python -c BOOT PARENT_PID MESSAGE_FD`` with ``subprocess``
(not ``multiprocessing``, whose resource tracker is a helper process that
outlives a killed parent), with SIGINT ignored: on Ctrl-C the parent prints
one line, kills the child and exits 130. The job arrives on stdin as a
length-prefixed pickle; messages go back over MESSAGE_FD as
``multiprocessing.connection`` frames (a pipe, no helper process).

The child dies with its parent: on Linux ``prctl(PR_SET_PDEATHSIG, SIGKILL)``
(checked against a parent that died before the call), and everywhere a
thread that exits the process when its stdin, held open by the parent,
reaches end of file.
"""

from __future__ import annotations

import os
import pickle
import signal
import struct
import sys
import threading

#: What ``python -c`` runs: find gradadvisor where the parent found it, then hand over.
BOOT = (
    "import sys; sys.path.insert(0, sys.argv.pop()); "
    "from gradadvisor.bench.child import main; main()"
)
HEADER = struct.Struct("!Q")
PR_SET_PDEATHSIG = 1


def command(parent_pid: int, message_fd: int, package_root: str) -> list[str]:
    """The command line that starts a child."""
    return [sys.executable, "-c", BOOT, str(parent_pid), str(message_fd), package_root]


def encode_job(job: object, sys_path: list[str]) -> bytes:
    """The bytes written to the child's stdin (the parent keeps stdin open)."""
    data = pickle.dumps({"job": job, "sys_path": sys_path})
    return HEADER.pack(len(data)) + data


def die_with_parent(parent_pid: int) -> None:
    """Ask the kernel to SIGKILL us when the parent dies (Linux); exit if it already has."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent_pid:
        os._exit(1)


def _read_exactly(stream, size: int) -> bytes:
    chunks, left = [], size
    while left:
        chunk = stream.read(left)
        if not chunk:
            os._exit(1)  # the parent went away before sending the job
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _exit_at_end_of_stdin(stream) -> None:
    """Wherever prctl is missing: the parent holds our stdin; EOF means it is gone."""

    def watch() -> None:
        try:
            while stream.read(4096):
                pass
        except (OSError, ValueError):
            pass
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def main() -> None:
    """Entry point of the child: read the job, run it, report over the pipe."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C
    parent_pid, message_fd = int(sys.argv[1]), int(sys.argv[2])
    die_with_parent(parent_pid)
    stdin = sys.stdin.buffer
    (size,) = HEADER.unpack(_read_exactly(stdin, HEADER.size))
    payload = pickle.loads(_read_exactly(stdin, size))
    _exit_at_end_of_stdin(stdin)
    sys.path[:] = payload["sys_path"]

    from multiprocessing.connection import Connection

    from gradadvisor.bench.worker import worker_main

    worker_main(payload["job"], Connection(message_fd, readable=False))
