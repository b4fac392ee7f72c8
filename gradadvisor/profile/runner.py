"""Start the program under ``bootstrap`` and wait for it (the parent side).

The command after ``--`` is read as Python would read it:
``python [options] script.py ARGS``, ``python [options] -m module ARGS``,
``python [options] -c code ARGS`` (any ``python``, ``python3.11`` or path to
an interpreter), ``pytest ARGS`` (run as ``python -m pytest`` with the
interpreter of the ``pytest`` on ``PATH``) or ``script.py ARGS`` (this
interpreter). The child inherits the working directory, stdin, stdout,
stderr and the environment (plus the two variables ``bootstrap`` removes, and,
to follow its Python subprocesses, ``GRADADVISOR_PROFILE_CHILDREN`` and the
``_site`` folder first on ``PYTHONPATH``); it dies with the parent. ``--timeout`` sends it SIGTERM, then SIGKILL after
``STOP_GRACE_S``; Ctrl-C reaches it as it would without profile (same
process group), and the parent waits ``STOP_GRACE_S`` for it to finish.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass

import gradadvisor
from gradadvisor.profile.bootstrap import CHILDREN_ENV, PARENT_ENV, RECORDS_ENV

STOP_GRACE_S = 10.0
_PYTHON = re.compile(r"^python(\d+(\.\d+)?)?$")
#: Interpreter options that take the next argument.
_OPTIONS_WITH_VALUE = ("-W", "-X", "--check-hash-based-pycs")


class CommandError(Exception):
    """The command after ``--`` is not a Python program profile can run."""


@dataclass(frozen=True)
class Target:
    interpreter: str
    options: tuple[str, ...]
    mode: str  # script | module | code
    target: str
    args: tuple[str, ...]

    @property
    def label(self) -> str:
        if self.mode == "module":
            return f"python -m {self.target}"
        if self.mode == "code":
            return "python -c ..."
        return self.target


@dataclass
class Outcome:
    returncode: int | None
    elapsed_s: float
    timed_out: bool = False
    interrupted: bool = False
    start_error: str | None = None


def _is_python(word: str) -> bool:
    return bool(_PYTHON.match(os.path.basename(word))) or os.path.realpath(word) == os.path.realpath(sys.executable)


def _shebang_python(script: str) -> str | None:
    try:
        with open(script, "rb") as handle:
            first = handle.readline(400).decode("utf-8", "replace").strip()
    except OSError:
        return None
    if not first.startswith("#!"):
        return None
    words = first[2:].split()
    if words and os.path.basename(words[0]) == "env" and len(words) > 1:
        words = words[1:]
    if words and _is_python(words[0]):
        return shutil.which(words[0]) or words[0]
    return None


def parse_command(argv: list[str]) -> Target:
    if not argv:
        raise CommandError("give the program to run after --: -- python script.py ARGS, -- python -m module, "
                           "-- pytest ARGS")
    first, rest = argv[0], list(argv[1:])
    if os.path.basename(first) in ("pytest", "py.test"):
        found = shutil.which(first)
        interpreter = (_shebang_python(found) if found else None) or sys.executable
        return Target(interpreter, (), "module", "pytest", tuple(rest))
    if first.endswith(".py"):
        return Target(sys.executable, (), "script", first, tuple(rest))
    if not _is_python(first):
        raise CommandError(f"{first!r} is not a Python interpreter: profile runs Python programs "
                           "(-- python script.py ARGS, -- python -m module ARGS, -- pytest ARGS)")
    interpreter = shutil.which(first) or first
    options: list[str] = []
    while rest:
        word = rest.pop(0)
        if word in ("-m", "-c"):
            if not rest:
                raise CommandError(f"python {word} needs an argument")
            return Target(interpreter, tuple(options), "module" if word == "-m" else "code", rest[0],
                          tuple(rest[1:]))
        if word.startswith("-m") and len(word) > 2:
            return Target(interpreter, tuple(options), "module", word[2:], tuple(rest))
        if word.startswith("-c") and len(word) > 2:
            return Target(interpreter, tuple(options), "code", word[2:], tuple(rest))
        if word == "-":
            raise CommandError("profile cannot run a program read from stdin (python -)")
        if word.startswith("-") and word != "--":
            options.append(word)
            if word in _OPTIONS_WITH_VALUE and rest:
                options.append(rest.pop(0))
            continue
        if word == "--":
            if not rest:
                break
            word = rest.pop(0)
        if not os.path.isfile(word):
            raise CommandError(f"no such file: {word!r}")
        return Target(interpreter, tuple(options), "script", word, tuple(rest))
    raise CommandError("give python a script, -m module or -c code to run")


def bootstrap_code(root: str) -> str:
    return (f"import sys; sys.path.insert(0, {root!r}); "
            f"from gradadvisor.profile.bootstrap import main; main({root!r})")


def child_command(target: Target) -> list[str]:
    root = os.path.dirname(os.path.dirname(os.path.abspath(gradadvisor.__file__)))
    return [target.interpreter, *target.options, "-c", bootstrap_code(root), target.mode, target.target,
            *target.args]


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(STOP_GRACE_S)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


SITE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_site")


def child_environment(record_dir: str, subprocesses: bool = True) -> dict[str, str]:
    """The program's environment: the parent's, plus what the bootstrap and, with
    ``subprocesses``, the ``sitecustomize`` of the program's Python subprocesses read."""
    env = dict(os.environ, **{RECORDS_ENV: record_dir, PARENT_ENV: str(os.getpid())})
    if subprocesses:
        env[CHILDREN_ENV] = record_dir
        env["PYTHONPATH"] = os.pathsep.join(p for p in (SITE_DIR, env.get("PYTHONPATH")) if p)
    return env


def run(target: Target, record_dir: str, timeout: float | None, subprocesses: bool = True) -> Outcome:
    env = child_environment(record_dir, subprocesses)
    start = time.monotonic()
    try:
        process = subprocess.Popen(child_command(target), env=env)
    except OSError as exc:
        return Outcome(None, 0.0, start_error=f"cannot start {target.interpreter}: {exc}")
    outcome = Outcome(None, 0.0)
    try:
        try:
            outcome.returncode = process.wait(timeout)
        except subprocess.TimeoutExpired:
            outcome.timed_out = True
            _stop(process)
        except KeyboardInterrupt:
            outcome.interrupted = True
            try:
                process.wait(STOP_GRACE_S)
            except (subprocess.TimeoutExpired, KeyboardInterrupt):
                pass
    finally:
        _stop(process)
        outcome.elapsed_s = time.monotonic() - start
        if outcome.returncode is None and not outcome.timed_out:
            outcome.returncode = process.returncode
    if outcome.returncode is not None and outcome.returncode < 0:
        outcome.returncode = 128 - outcome.returncode  # killed by a signal, as a shell reports it
    if outcome.interrupted:
        outcome.returncode = 130
    return outcome
