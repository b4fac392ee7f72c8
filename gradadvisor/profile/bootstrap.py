"""The profiled process: arm the hooks for when jax is imported, then run the program.

The parent starts ``PYTHON [its options] -c BOOTSTRAP MODE TARGET ARGS...``
(``command.bootstrap_code``), where MODE is ``script``, ``module`` or
``code``. This module then makes the process look as ``python script.py
ARGS``, ``python -m module ARGS`` or ``python -c code ARGS`` would:
``sys.argv``, ``sys.path[0]`` and ``__main__`` (``runpy``), and runs it.
Nothing is imported ahead of the program but the standard library and this
package: jax is *not* imported here (a program may set ``JAX_*`` or
``XLA_FLAGS`` before importing it); a finder on ``sys.meta_path`` installs
``hooks`` the moment the program's own ``import jax`` completes.

The record folder and the parent's pid come in the environment
(``GRADADVISOR_PROFILE_RECORDS``, ``GRADADVISOR_PROFILE_PARENT``) and are
removed from it. Each process that imports jax writes its own record file in
that folder (``<pid>.jsonl``). To follow the program's own Python
subprocesses (``pytest -n`` workers, ``multiprocessing``, ``subprocess.run
([sys.executable, ...])``), the parent also sets
``GRADADVISOR_PROFILE_CHILDREN`` to the folder and puts ``site/`` first on
``PYTHONPATH``: its ``sitecustomize`` calls ``arm`` in every Python process
started with that environment (``--no-subprocesses``: neither is set, and the
program sees exactly the environment it was given). The process dies with
the parent (``engine.pool.die_with_parent``).
An exception that ends the program is printed without this module's and
``runpy``'s frames, as Python would print it.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import os
import runpy
import sys
from typing import Any

RECORDS_ENV = "GRADADVISOR_PROFILE_RECORDS"
PARENT_ENV = "GRADADVISOR_PROFILE_PARENT"
CHILDREN_ENV = "GRADADVISOR_PROFILE_CHILDREN"

_armed = False


def record_file(record_dir: str) -> str:
    """This process's record file in the run's record folder."""
    return os.path.join(record_dir, f"{os.getpid()}.jsonl")


def arm(record_dir: str) -> None:
    """Install the hooks when this process imports jax (now, if it already has); once per process."""
    global _armed
    if _armed or not record_dir:
        return
    _armed = True
    if "jax" not in sys.modules:
        sys.meta_path.insert(0, _JaxWatcher(record_dir))
        return
    try:
        from gradadvisor.profile import hooks

        hooks.install(sys.modules["jax"], record_dir)
    except Exception as exc:  # noqa: BLE001 - the program runs on, unprofiled
        _note_error(record_dir, f"installing the hooks: {type(exc).__name__}: {exc}")


class _JaxWatcher(importlib.abc.MetaPathFinder):
    """Finds ``jax`` as the other finders do, and installs the hooks once it has executed."""

    def __init__(self, record_dir: str):
        self.record_dir = record_dir

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        if name != "jax":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec("jax")
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        loader = spec.loader
        execute = loader.exec_module
        record_dir = self.record_dir

        def exec_module(module: Any) -> None:
            execute(module)
            try:
                from gradadvisor.profile import hooks

                hooks.install(module, record_dir)
            except Exception as exc:  # noqa: BLE001 - the program runs on, unprofiled
                _note_error(record_dir, f"installing the hooks: {type(exc).__name__}: {exc}")

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def _note_error(record_dir: str, message: str) -> None:
    import json

    try:
        with open(record_file(record_dir), "a", encoding="utf-8") as out:
            out.write(json.dumps({"kind": "error", "where": "bootstrap", "message": message}) + "\n")
    except OSError:
        pass


def _print_exception(exc: BaseException) -> None:
    """The traceback Python prints, without the frames of this module and runpy."""
    tb = exc.__traceback__
    skipped = {os.path.realpath(__file__), os.path.realpath(runpy.__file__)}
    while tb is not None and os.path.realpath(tb.tb_frame.f_code.co_filename) in skipped:
        tb = tb.tb_next
    sys.excepthook(type(exc), exc.with_traceback(tb), tb)


def _run(mode: str, target: str, args: list[str]) -> None:
    if mode == "script":
        sys.argv = [target, *args]
        sys.path[0] = os.path.dirname(os.path.realpath(target))
        runpy.run_path(target, run_name="__main__")
    elif mode == "module":
        sys.argv = [target, *args]  # runpy replaces argv[0] with the module's file
        sys.path[0] = os.getcwd()
        runpy.run_module(target, run_name="__main__", alter_sys=True)
    else:
        sys.argv = ["-c", *args]
        sys.path[0] = ""
        code = compile(target, "<string>", "exec")
        main = sys.modules["__main__"]
        for name in list(vars(main)):
            if name not in ("__name__", "__doc__", "__builtins__", "__spec__", "__loader__", "__package__"):
                delattr(main, name)
        exec(code, vars(main))  # noqa: S102 - this is what python -c does


def main(root: str | None = None) -> None:
    if root and sys.path and sys.path[0] == root:
        del sys.path[0]  # the package's folder, put first only to import this module
    mode, target, *args = sys.argv[1:]
    record_dir = os.environ.pop(RECORDS_ENV, "")
    parent = os.environ.pop(PARENT_ENV, "")
    if parent.isdigit():
        from gradadvisor.engine.pool import die_with_parent

        die_with_parent(int(parent))
    arm(record_dir)
    try:
        _run(mode, target, args)
    except SystemExit:
        raise
    except BaseException as exc:  # noqa: BLE001 - printed as Python prints an uncaught exception
        _print_exception(exc)
        if isinstance(exc, KeyboardInterrupt):  # as Python does: end by the signal itself
            import signal

            sys.stdout.flush()
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGINT)
        sys.exit(1)
