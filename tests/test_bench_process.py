"""bench's arguments, Ctrl-C, and child processes that die with their parent.

The process tests start ``python -m gradadvisor bench`` in its own process
group on a case whose baseline sleeps 30 s while traced, kill it, and look in
/proc for anything left in the group (Linux only).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from gradadvisor.bench import runner
from gradadvisor.bench.command import bench

CASES = Path(__file__).parent / "bench_cases"
SLOW = [sys.executable, "-m", "gradadvisor", "bench", str(CASES / "slow_baseline.py"), "--sizes", "40",
        "--quick", "--quiet", "--timeout", "60"]
linux_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")


@pytest.mark.parametrize(
    ("option", "value"),
    [("--timeout", "nan"), ("--timeout", "inf"), ("--timeout", "0"), ("--timeout", "-1"),
     ("--rtol", "nan"), ("--rtol", "-1e-3"), ("--atol", "inf"), ("--min-sample", "nan")],
)
def test_bad_numbers_are_one_line_usage_errors(option, value):
    result = CliRunner().invoke(bench, [str(CASES / "pytree_params.py"), option, value])
    assert result.exit_code == 2
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error")]
    assert errors == [f"Error: Invalid value for '{option}': must be a finite number "
                      f"{'> 0' if option == '--timeout' else '>= 0'}, not {float(value):g}"]
    assert "Traceback" not in result.output


def test_unwritable_save_fails_before_measuring(tmp_path, monkeypatch):
    def no_measuring(*args, **kwargs):
        raise AssertionError("measured before checking --save")

    monkeypatch.setattr(runner, "run_target", no_measuring)
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    for target in (blocker / "out.json", tmp_path / "missing" / "out.json"):
        result = CliRunner().invoke(bench, [str(CASES / "pytree_params.py"), "--save", str(target)])
        assert result.exit_code == 2, result.output
        assert f"cannot save to {target}: " in result.stderr
    result = CliRunner().invoke(bench, [str(CASES / "pytree_params.py"), "--save", str(tmp_path)])
    assert result.exit_code == 2 and "is a directory" in result.stderr
    fine = tmp_path / "fine.json"
    from gradadvisor.bench.saved_run import check_writable

    check_writable(fine)
    assert not fine.exists()  # the check leaves nothing behind


def _group(pgid: int) -> dict[int, str]:
    """Live processes (not zombies) of a process group: pid -> state."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[2]) == pgid and fields[0] not in ("Z", "X"):
            found[int(entry)] = fields[0]
    return found


def _start_slow_bench() -> tuple[subprocess.Popen, int]:
    """Start bench on the slow case; return it once its measuring child exists."""
    process = subprocess.Popen(SLOW, start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env={**os.environ, "NO_COLOR": "1"})
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        children = [pid for pid in _group(process.pid) if pid != process.pid]
        if children:
            time.sleep(2)  # let it import jax and start measuring
            return process, children[0]
        if process.poll() is not None:
            raise AssertionError(f"bench ended early: {process.communicate()}")
        time.sleep(0.1)
    process.kill()
    raise AssertionError("no measuring child appeared")


def _wait_empty(pgid: int, seconds: float = 15) -> dict[int, str]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and _group(pgid):
        time.sleep(0.1)
    return _group(pgid)


@linux_proc
def test_sigkill_of_bench_leaves_no_process_behind():
    process, child = _start_slow_bench()
    os.kill(process.pid, signal.SIGKILL)
    process.communicate(timeout=30)
    assert process.returncode == -signal.SIGKILL
    assert _wait_empty(process.pid) == {}, f"left behind in group {process.pid} (child was {child})"


@linux_proc
def test_ctrl_c_prints_one_line_and_exits_130():
    process, _ = _start_slow_bench()
    os.killpg(process.pid, signal.SIGINT)  # what a terminal does: the whole foreground group
    out, err = process.communicate(timeout=30)
    assert process.returncode == 130
    lines = [line for line in err.splitlines() if not line.startswith("warning: load average")]
    assert lines == ["gradadvisor bench: interrupted"]
    assert out == ""
    assert _wait_empty(process.pid) == {}


@linux_proc
def test_child_exits_when_its_stdin_closes(tmp_path):
    """The fallback where prctl is missing: the parent holds the child's stdin open."""
    from gradadvisor.bench import child
    from gradadvisor.bench.loader import BenchTarget
    from gradadvisor.bench.worker import Job

    read_fd, write_fd = os.pipe()
    process = subprocess.Popen(child.command(os.getpid(), write_fd, runner.PACKAGE_ROOT),
                               stdin=subprocess.PIPE, pass_fds=(write_fd,), start_new_session=True)
    os.close(write_fd)
    job = Job(target=BenchTarget.from_file(CASES / "slow_baseline.py"), size=40)
    process.stdin.write(child.encode_job(job, list(sys.path)))
    process.stdin.flush()
    time.sleep(1)
    assert process.poll() is None  # measuring (the baseline sleeps 30 s)
    process.stdin.close()
    try:
        process.wait(timeout=15)
    finally:
        os.close(read_fd)
        if process.poll() is None:
            process.kill()
    assert process.returncode == 1
