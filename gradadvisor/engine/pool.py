"""Worker processes that never outlive the scan.

``WorkerPool`` maps a function over items in worker processes (a
``ProcessPoolExecutor``) and keeps them on a short leash:

- A worker dies with the scan. On Linux the kernel sends it SIGTERM when its
  parent dies (``prctl(PR_SET_PDEATHSIG)``), even when the parent was killed with
  SIGKILL; elsewhere a thread in the worker polls ``os.getppid()``. A worker
  also checks at start-up that its parent is still there.
- Ctrl-C is the parent's business: workers ignore SIGINT (a terminal sends it to
  the whole process group), and the parent stops them when its own loop is
  interrupted, by any exception.
- A worker stops cleanly on SIGTERM: in the middle of a file, SIGTERM raises
  ``Terminated`` so that ``finally`` blocks run (an atomic write removes its
  temporary file), then the worker exits at once; between files it exits at once.
- Stopping sends SIGTERM, waits up to ``STOP_GRACE_S``, then SIGKILL, and then waits for the
  executor's manager thread to end, so that Python's exit hook never races it.

``StopSignals`` turns the scan command's own SIGINT and SIGTERM into exceptions,
so the parent unwinds the same way.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, TypeVar

if TYPE_CHECKING:  # imported when a pool starts: a scan of a few files runs without them
    import multiprocessing.context
    from concurrent.futures import ProcessPoolExecutor

Item = TypeVar("Item")
Result = TypeVar("Result")

#: Seconds stopped workers get to unwind (remove temporary files) before SIGKILL.
STOP_GRACE_S = 2.0
#: How long ``stop()`` waits for the executor's manager thread once the workers are gone (it
#: then only closes pipes; Python's exit would wait for it anyway).
MANAGER_JOIN_S = 10.0
#: Where the kernel cannot tell a worker its parent died: how often it looks.
PARENT_POLL_S = 0.5
#: linux/prctl.h
PR_SET_PDEATHSIG = 1
#: Signals that end a scan; blocked while workers start, so that a start-up is never
#: cut in half (a blocked signal waits and is handled once the worker is ready).
STOP_SIGNALS = {signal.SIGINT, signal.SIGTERM}


class Terminated(BaseException):
    """SIGTERM, raised as an exception so that clean-up code runs (like KeyboardInterrupt)."""


class StopSignals:
    """While inside (in the main thread): SIGINT raises ``KeyboardInterrupt`` and SIGTERM
    raises ``Terminated``, so that clean-up code runs. The signal is also remembered:
    an exception raised in an unlucky place (a ``__hash__`` called by C code that
    discards errors) can be lost, and ``check()`` raises it again. A signal the process
    was told to ignore (a background job's SIGINT) stays ignored."""

    def __init__(self) -> None:
        self.received: int | None = None
        self._previous: dict[int, Any] = {}
        self._unraisable: Any = None

    def __enter__(self) -> StopSignals:
        self.received = None
        if threading.current_thread() is threading.main_thread():
            for signum in (signal.SIGINT, signal.SIGTERM):
                if signal.getsignal(signum) is not signal.SIG_IGN:
                    self._previous[signum] = signal.signal(signum, self._on_signal)
            # A stop raised inside a weakref callback or ``__del__`` is "ignored" by Python, with a
            # traceback on stderr: ``check()`` raises it again, so say nothing of it there.
            self._unraisable = sys.unraisablehook
            sys.unraisablehook = self._on_unraisable
        return self

    def __exit__(self, *exc_info: Any) -> None:
        while self._previous:
            signum, handler = self._previous.popitem()
            signal.signal(signum, handler)
        if self._unraisable is not None:
            sys.unraisablehook, self._unraisable = self._unraisable, None

    def _on_unraisable(self, unraisable: Any) -> None:
        if isinstance(unraisable.exc_value, (KeyboardInterrupt, Terminated)) and self.received is not None:
            return
        (self._unraisable or sys.__unraisablehook__)(unraisable)

    def _on_signal(self, signum: int, frame: Any) -> None:
        self.received = signum
        self.check()

    def check(self) -> None:
        """Raise for a stop signal received while inside, if any."""
        if self.received == signal.SIGINT:
            raise KeyboardInterrupt
        if self.received == signal.SIGTERM:
            raise Terminated()


@contextlib.contextmanager
def _signals_blocked(signals: set[int]) -> Iterator[None]:
    """Hold ``signals`` back while inside (children started now inherit the mask)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, signals)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def pool_context() -> multiprocessing.context.BaseContext:
    """Fork (fast) on Linux from the command line; spawn when the process runs other
    threads (jax loaded by an embedding program or a test session), since forking them
    can deadlock, and on other systems. Never forkserver: a worker's parent must be
    the scanning process, for it to die with it."""
    import multiprocessing

    fork_is_safe = threading.active_count() == 1 and "jax" not in sys.modules
    if fork_is_safe and sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


# -- in the worker ----------------------------------------------------------------

_function: Callable[[Any], Any] | None = None
_in_task = False
_terminating = False


def _init_worker(parent: int, function: Callable, initializer: Callable | None, initargs: tuple) -> None:
    global _function
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _on_sigterm)
    die_with_parent(parent)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
    _function = function
    if initializer is not None:
        initializer(*initargs)


def _on_sigterm(signum: int, frame: Any) -> None:
    """Between files: exit now. In a file: raise ``Terminated`` so that clean-up code runs;
    ``_call`` then exits. Should the exception be lost (raised where something swallows
    it), a timer ends the worker anyway."""
    global _terminating
    if not _in_task or _terminating:
        os._exit(128 + signum)
    _terminating = True
    backstop = threading.Timer(STOP_GRACE_S, os._exit, (128 + signum,))
    backstop.daemon = True
    backstop.start()
    raise Terminated()


def die_with_parent(parent: int) -> None:
    """Arrange to receive SIGTERM when ``parent`` dies; exit now if it already has (a worker of
    this pool, or ``trace``'s child)."""
    armed = False
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            armed = libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0) == 0
        except (OSError, AttributeError):
            armed = False
    if os.getppid() != parent:  # it died before the death signal was armed
        os._exit(128 + signal.SIGTERM)
    if not armed:
        threading.Thread(target=_watch_parent, args=(parent,), name="gradadvisor-parent-watch", daemon=True).start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_S)
    os.kill(os.getpid(), signal.SIGTERM)  # unwinds like a stop from the parent
    time.sleep(STOP_GRACE_S)
    os._exit(128 + signal.SIGTERM)


def _call(item: Any) -> Any:
    """Run the pool's function on one item; a SIGTERM during it ends the worker after clean-up."""
    global _in_task
    assert _function is not None
    _in_task = True
    try:
        return _function(item)
    finally:
        _in_task = False
        if _terminating:
            os._exit(128 + signal.SIGTERM)


# -- in the parent ----------------------------------------------------------------


class WorkerPool:
    """``with WorkerPool(jobs) as pool: for result in pool.map(f, items, lost=...)``.

    Leaving the block by an exception (Ctrl-C, ``Terminated``, an error in the
    caller's loop) stops the workers; leaving it normally waits for them.
    """

    def __init__(self, jobs: int, initializer: Callable | None = None, initargs: tuple = ()) -> None:
        self.jobs = jobs
        self.initializer = initializer
        self.initargs = initargs
        self._executor: ProcessPoolExecutor | None = None

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, kind, error, traceback) -> None:
        if self._executor is None:
            return
        if kind is None:
            self._executor.shutdown(wait=True)
        else:
            self.stop()

    def map(
        self,
        function: Callable[[Item], Result],
        items: Iterable[Item],
        chunksize: int = 1,
        lost: Callable[[Item], Result] | None = None,
    ) -> Iterator[Result]:
        """``function(item)`` for each item, in order. ``function`` must be picklable (a
        module-level function). If a worker dies (a crash in native code, the OOM killer),
        the items without a result get ``lost(item)``, or ``BrokenProcessPool`` is raised."""
        from concurrent.futures import ProcessPoolExecutor
        from concurrent.futures.process import BrokenProcessPool

        items = list(items)
        self._executor = ProcessPoolExecutor(
            max_workers=self.jobs,
            mp_context=pool_context(),
            initializer=_init_worker,
            initargs=(os.getpid(), function, self.initializer, self.initargs),
        )
        done = 0
        try:
            # A worker can die while the items are still being handed out: ``map`` raises then.
            with _signals_blocked(STOP_SIGNALS):  # the workers start now
                results = self._executor.map(_call, items, chunksize=chunksize)
            for result in results:
                done += 1
                yield result
        except BrokenProcessPool:
            if lost is None:
                raise
            for item in items[done:]:
                yield lost(item)

    def stop(self) -> None:
        """Stop every worker now: SIGTERM, a short grace, then SIGKILL. Ctrl-C is held off meanwhile."""
        executor, self._executor = self._executor, None
        if executor is None:
            return
        processes = list((getattr(executor, "_processes", None) or {}).values())
        manager = getattr(executor, "_executor_manager_thread", None)
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if threading.current_thread() is threading.main_thread() else None
        try:
            executor.shutdown(wait=False, cancel_futures=True)
            if not processes and hasattr(executor, "terminate_workers"):  # Python 3.14+
                executor.terminate_workers()
            for process in processes:
                with contextlib.suppress(Exception):
                    process.terminate()
            deadline = time.monotonic() + STOP_GRACE_S
            for process in processes:
                process.join(max(0.0, deadline - time.monotonic()))
            for process in processes:
                if process.is_alive():
                    with contextlib.suppress(Exception):
                        process.kill()
                    process.join(1.0)
            _join_manager(manager)
        finally:
            if previous is not None:
                signal.signal(signal.SIGINT, previous)


def _join_manager(manager: threading.Thread | None) -> None:
    """Wait until the executor's manager thread has closed its wake-up pipe and ended.

    ``shutdown(wait=False)`` leaves that thread to notice the stopped workers and close the
    pipe on its own. Python's exit hook (``concurrent.futures.process._python_exit``) writes
    to the same pipe without the executor's lock: if the process exits while the thread is
    closing it, the hook fails with ``OSError: [Errno 9] Bad file descriptor`` after
    "interrupted". Once the thread has ended, the pipe is marked closed and the hook does
    nothing with it."""
    if manager is None or manager is threading.current_thread() or not manager.is_alive():
        return
    manager.join(MANAGER_JOIN_S)
