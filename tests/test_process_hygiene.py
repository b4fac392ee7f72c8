"""Interrupting a scan: Ctrl-C exits 130 with one line, SIGTERM 143, and no worker process
outlives the scan (not even when the scan is killed with SIGKILL); ``--fix`` leaves every file
either as it was or fully fixed, and no temporary file.

The signal tests run the real command in its own session (process group) and look for
survivors in /proc, so they need Linux.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import DIAG_FIXED, DIAG_SOURCE, _clean_env, write
from gradadvisor.fixes.apply import TEMPORARY_MARK, write_atomically

needs_proc = pytest.mark.skipif(
    not sys.platform.startswith("linux") or not Path("/proc/self/stat").exists(), reason="looks for processes in /proc"
)

#: A file the scanner parses and analyses in about a second: a GA202 finding (safe fix)
#: and 400 jitted functions.
BIG_SOURCE = "import jax\n" + DIAG_SOURCE + "".join(
    f"\n\n@jax.jit\ndef f{index}(a, b, x):\n    y = jnp.dot(a, b) + x * {index}\n    return jnp.sum(y ** 2)\n"
    for index in range(5000)
)
BIG_FIXED = BIG_SOURCE.replace("jnp.diag(a.T @ b)", 'jnp.einsum("ij,ij->j", a, b)')
#: How long survivors get to go, and how long a scan may take to start its workers.
DEADLINE_S = 15.0
START_S = 60.0


def _project(root: Path, big: int = 8, small: int = 0) -> dict[Path, tuple[str, str]]:
    """Files that keep two workers busy for several seconds: each file's (source, fixed) text.
    The big files are spread across the run, between the small ones."""
    count = big + small
    big_at = {index * count // big for index in range(big)}
    files = {}
    for index in range(count):
        source, fixed = (BIG_SOURCE, BIG_FIXED) if index in big_at else (DIAG_SOURCE, DIAG_FIXED)
        files[write(root / f"m{index:03d}.py", source)] = (source, fixed)
    return files


def _processes() -> list[tuple[int, str, int, int]]:
    """(pid, state, parent pid, process group) of every process."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stream:
                stat = stream.read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        found.append((int(entry), fields[0], int(fields[1]), int(fields[2])))
    return found


def _alive(pgid: int) -> list[int]:
    """Live members of the process group (zombies are dead: in a container nobody may reap them)."""
    return [pid for pid, state, _, group in _processes() if group == pgid and state not in ("Z", "X")]


def _workers(parent: int) -> list[int]:
    return [pid for pid, state, ppid, _ in _processes() if ppid == parent and state not in ("Z", "X")]


class Scan:
    """``python -m gradadvisor scan ARGS`` in its own session, output to files (a surviving
    worker holding a pipe must not hang the test)."""

    def __init__(self, cwd: Path, *args: str) -> None:
        self.out = cwd.parent / f"{cwd.name}.stdout"
        self.err = cwd.parent / f"{cwd.name}.stderr"
        with open(self.out, "wb") as out, open(self.err, "wb") as err:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "gradadvisor", "scan", "--no-cache", *args],
                cwd=cwd,
                env=_clean_env(),
                stdout=out,
                stderr=err,
                start_new_session=True,
            )
        self.pid = self.process.pid

    def wait_for_workers(self, count: int = 2) -> list[int]:
        deadline = time.monotonic() + START_S
        while time.monotonic() < deadline:
            workers = _workers(self.pid)
            if len(workers) >= count:
                return workers
            assert self.process.poll() is None, f"the scan ended before its workers started: {self.stderr()}"
            time.sleep(0.02)
        pytest.fail("the scan's workers did not start")

    def wait(self) -> int:
        try:
            return self.process.wait(timeout=DEADLINE_S)
        finally:
            self.kill_group()

    def survivors(self) -> list[int]:
        """Processes of the scan's group still alive once the deadline has passed (waits less if none)."""
        deadline = time.monotonic() + DEADLINE_S
        while _alive(self.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        return _alive(self.pid)

    def kill_group(self) -> None:
        for pid in _alive(self.pid):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass

    def stderr(self) -> str:
        return self.err.read_text()


@pytest.fixture
def scan_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "project"
    folder.mkdir()
    return folder


@pytest.fixture
def scans():
    started: list[Scan] = []
    yield started
    for scan in started:  # never leave a process behind, even when a test fails
        if scan.process.poll() is None:
            scan.process.kill()
            scan.process.wait()
        scan.kill_group()


def _start(scans: list[Scan], cwd: Path, *args: str) -> Scan:
    scan = Scan(cwd, *args)
    scans.append(scan)
    return scan


@needs_proc
@pytest.mark.parametrize("whole_group", [False, True], ids=["parent", "group-like-a-terminal"])
def test_ctrl_c_exits_130_with_one_line_and_stops_the_workers(scans, scan_dir, whole_group):
    _project(scan_dir)
    scan = _start(scans, scan_dir, "--jobs", "2", ".")
    workers = scan.wait_for_workers()
    (os.killpg if whole_group else os.kill)(scan.pid, signal.SIGINT)
    assert scan.wait() == 130
    assert scan.stderr() == "gradadvisor: interrupted\n"
    assert scan.survivors() == []
    assert not set(workers) & {pid for pid, state, _, _ in _processes() if state not in ("Z", "X")}


@needs_proc
def test_sigterm_exits_143_and_stops_the_workers(scans, scan_dir):
    _project(scan_dir)
    scan = _start(scans, scan_dir, "--jobs", "2", ".")
    scan.wait_for_workers()
    os.kill(scan.pid, signal.SIGTERM)
    assert scan.wait() == 128 + signal.SIGTERM
    assert scan.stderr() == "gradadvisor: terminated\n"
    assert scan.survivors() == []


@needs_proc
def test_workers_die_with_a_killed_parent(scans, scan_dir):
    """SIGKILL cannot be caught: the kernel tells the workers (PR_SET_PDEATHSIG)."""
    _project(scan_dir)
    scan = _start(scans, scan_dir, "--jobs", "2", ".")
    scan.wait_for_workers()
    os.kill(scan.pid, signal.SIGKILL)
    assert scan.process.wait(timeout=DEADLINE_S) == -signal.SIGKILL
    assert scan.survivors() == []


@needs_proc
def test_ctrl_c_in_a_serial_scan_exits_130(scans, scan_dir):
    _project(scan_dir, big=3)
    scan = _start(scans, scan_dir, "--jobs", "1", ".")
    time.sleep(1.0)  # start-up and the first file
    assert scan.process.poll() is None, scan.stderr()
    os.kill(scan.pid, signal.SIGINT)
    assert scan.wait() == 130
    assert scan.stderr() == "gradadvisor: interrupted\n"


@needs_proc
@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM, signal.SIGKILL], ids=lambda s: s.name)
def test_an_interrupted_fix_leaves_whole_files_and_no_temporary_file(scans, scan_dir, stop):
    files = _project(scan_dir, big=6, small=40)
    scan = _start(scans, scan_dir, "--jobs", "2", "--fix", ".")
    scan.wait_for_workers()
    deadline = time.monotonic() + START_S
    while not any(path.read_text() == fixed for path, (_, fixed) in files.items()):  # fixes are being written
        assert time.monotonic() < deadline and scan.process.poll() is None, scan.stderr()
        time.sleep(0.01)
    os.kill(scan.pid, stop)
    code = scan.process.wait(timeout=DEADLINE_S)
    assert scan.survivors() == []
    assert code == {signal.SIGINT: 130, signal.SIGTERM: 143, signal.SIGKILL: -signal.SIGKILL}[stop]
    assert [path.name for path in scan_dir.iterdir() if TEMPORARY_MARK in path.name] == []
    states = {path.name: {source: "as it was", fixed: "fixed"}.get(path.read_text(), "damaged") for path, (source, fixed) in files.items()}
    assert "damaged" not in states.values(), states
    assert "fixed" in states.values()


# -- in-process ----------------------------------------------------------------------------


def test_keyboard_interrupt_is_exit_130_not_a_traceback(cli, tmp_path, monkeypatch):
    from gradadvisor.engine import runner

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "lint_paths", interrupted)  # what `scan` calls
    write(tmp_path / "slow.py", DIAG_SOURCE)
    result = cli("scan", "slow.py")
    assert result.exit_code == 130
    assert result.stderr == "gradadvisor: interrupted\n"
    assert result.stdout == ""


def test_signal_handlers_are_restored_after_a_scan(cli, tmp_path):
    before = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    write(tmp_path / "slow.py", DIAG_SOURCE)
    assert cli("scan", "slow.py").exit_code == 1
    assert (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)) == before


@pytest.mark.parametrize("interruption", [KeyboardInterrupt, OSError], ids=["ctrl-c", "disk-full"])
def test_an_interrupted_atomic_write_removes_its_temporary_file(tmp_path, monkeypatch, interruption):
    target = write(tmp_path / "slow.py", DIAG_SOURCE)
    seen = []
    real_fsync = os.fsync

    def fsync(descriptor):
        real_fsync(descriptor)
        seen.extend(path.name for path in tmp_path.iterdir() if path.name != "slow.py")
        raise interruption()

    monkeypatch.setattr(os, "fsync", fsync)
    with pytest.raises(interruption):
        write_atomically(target, DIAG_FIXED.encode())
    assert len(seen) == 1 and seen[0].startswith(".slow.py" + TEMPORARY_MARK)  # recognisable
    assert sorted(path.name for path in tmp_path.iterdir()) == ["slow.py"]
    assert target.read_text() == DIAG_SOURCE


def test_a_worker_whose_parent_is_gone_exits_at_once():
    """The death signal is armed after the worker started: it re-checks its parent."""
    code = "from gradadvisor.engine.pool import die_with_parent; die_with_parent(1); print('still running')"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=_clean_env())
    assert result.returncode == 128 + signal.SIGTERM
    assert result.stdout == ""


def test_a_stop_raised_inside_a_weakref_callback_prints_nothing(capsys):
    """Ctrl-C can land while Python runs a weakref callback (an object freed mid-scan): Python
    "ignores" the KeyboardInterrupt there with a traceback on stderr. The stop is remembered and
    raised again by ``check()``, so nothing is printed for it."""
    import weakref

    from gradadvisor.engine.pool import StopSignals

    class Held:
        pass

    def callback(_reference):
        raise KeyboardInterrupt

    with StopSignals() as stops:
        stops.received = signal.SIGINT
        held = Held()
        reference = weakref.ref(held, callback)
        del held  # the callback raises; Python reports it through sys.unraisablehook
        assert reference() is None
        with pytest.raises(KeyboardInterrupt):
            stops.check()
    assert capsys.readouterr().err == ""
    assert sys.unraisablehook is sys.__unraisablehook__ or sys.unraisablehook is not stops._on_unraisable


def test_a_stopped_pool_leaves_nothing_for_the_exit_hook_to_race(monkeypatch):
    """After Ctrl-C, ``stop()`` returns only once the executor's manager thread has closed its
    wake-up pipe and ended. Python's exit hook (``concurrent.futures.process._python_exit``)
    writes to that pipe without a lock: were the thread still closing it when the process
    exits, the hook would print ``OSError: [Errno 9] Bad file descriptor`` after
    "gradadvisor: interrupted". The manager is slowed down here so that the window is wide."""
    import threading
    import time as time_module
    from concurrent.futures import process as futures_process

    from gradadvisor.engine.pool import WorkerPool

    real_join = futures_process._ExecutorManagerThread.join_executor_internals

    def slow_join(self):
        time_module.sleep(0.5)
        real_join(self)

    monkeypatch.setattr(futures_process._ExecutorManagerThread, "join_executor_internals", slow_join)
    before = set(threading.enumerate())
    with pytest.raises(KeyboardInterrupt):
        with WorkerPool(2) as pool:
            for _ in pool.map(time_module.sleep, [0.05] * 8):
                raise KeyboardInterrupt
    managers = [thread for thread in set(threading.enumerate()) - before if isinstance(thread, futures_process._ExecutorManagerThread)]
    assert managers == []
    for thread, wakeup in list(futures_process._threads_wakeups.items()):
        if thread not in before:
            assert wakeup._closed
            wakeup.wakeup()  # what the exit hook does: a no-op, not EBADF
