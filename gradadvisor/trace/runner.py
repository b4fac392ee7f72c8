"""Run the tracing worker in a child process and enforce ``--timeout``.

The worker is started with the 'spawn' context (no jax state inherited; fork
after jax starts its threads is unsafe). Each step it reports (loading the
code, building the inputs at one size, tracing one function at one size, a
``--cost`` compile) must finish within the timeout, or the child is killed.
What was traced is kept: a function whose trace overran is not traced at
larger sizes, and a new child traces whatever is left. The child dies with
the parent (``engine.pool.die_with_parent``), and the parent kills it on
any exit, Ctrl-C included.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from dataclasses import dataclass, field, replace
from typing import Any, Callable

from gradadvisor.trace.worker import TraceJob, worker_main

STARTUP_GRACE_S = 60.0  # starting Python and importing jax, before the first step

EventHandler = Callable[[str, dict], None]


@dataclass
class TraceRun:
    """Everything the workers reported."""

    plan: dict | None = None
    jax_version: str | None = None
    traces: list[dict] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    error: dict | None = None
    timed_out: list[dict] = field(default_factory=list)  # {"function", "size", "stage"}


def _spawn(job: TraceJob) -> tuple[Any, Any]:
    context = multiprocessing.get_context("spawn")
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=worker_main, args=(job, sender), daemon=True)
    process.start()
    sender.close()
    return process, receiver


def _stop(process: Any) -> None:
    if process.is_alive():
        process.kill()
    process.join(timeout=10)


def _describe(stage: dict | None) -> str:
    if stage is None:
        return "starting"
    size = stage.get("size")
    at = f" at size {size}" if size is not None else ""
    if stage["stage"] == "loading":
        return "loading the code"
    if stage["stage"] == "inputs":
        return f"building the inputs{at}"
    if stage["stage"] == "compile":
        return f"compiling {stage['function']} ({stage['kind']}, --cost){at}"
    return f"tracing {stage['function']}{at}"


def run_child(job: TraceJob, run: TraceRun, timeout: float, on_event: EventHandler) -> dict | None:
    """Run one worker to the end; return the step it overran, if it did."""
    process, receiver = _spawn(job)
    current: dict | None = None
    deadline = time.monotonic() + STARTUP_GRACE_S
    try:
        while True:
            if not receiver.poll(max(deadline - time.monotonic(), 0.0)):
                return current or {"stage": "starting"}
            try:
                kind, payload = receiver.recv()
            except (EOFError, OSError):
                process.join(timeout=10)
                run.error = {
                    "kind": "internal",
                    "headline": f"the tracing process died (exit code {process.exitcode}) while "
                    f"{_describe(current)}; out of memory?",
                    "trace": "",
                    "function": current.get("function") if current else None,
                }
                return None
            on_event(kind, payload)
            if kind == "begin":
                current = dict(payload, size=payload.get("size", current.get("size") if current else None))
                deadline = time.monotonic() + timeout
            elif kind == "ready":
                run.jax_version = payload.get("jax_version")
                deadline = time.monotonic() + timeout
            elif kind == "plan":
                run.plan = run.plan or payload
            elif kind == "traced":
                run.traces.append(payload)
            elif kind == "error":
                run.error = payload
                return None
            elif kind == "done":
                return None
    finally:
        _stop(process)


def run_trace(job: TraceJob, timeout: float, on_event: EventHandler) -> TraceRun:
    """Trace every function at every size, restarting the child after an overrun."""
    run = TraceRun()
    skip = set(job.skip)
    job = replace(job, parent_pid=os.getpid())
    while True:
        overrun = run_child(replace(job, skip=frozenset(skip)), run, timeout, on_event)
        if overrun is None or run.error is not None:
            return run
        stage = overrun.get("stage")
        what = _describe(overrun)
        if stage in ("starting", "loading") or run.plan is None:
            run.error = {"kind": "user", "headline": f"{what} took over {timeout:g} s (--timeout)",
                         "trace": "", "function": None}
            return run
        sizes = run.plan["sizes"]
        names = [f["name"] for f in run.plan["functions"]]
        size = overrun.get("size")
        later = [s for s in sizes if s is None or size is None or s >= size]
        stopped = [overrun["function"]] if overrun.get("function") else names
        run.timed_out.append({"function": overrun.get("function"), "size": size, "stage": stage})
        run.notes.append(
            f"{what} took over {timeout:g} s (--timeout): "
            + (f"{stopped[0]} is not traced at this size or larger" if len(stopped) == 1
               else "nothing is traced at this size or larger")
        )
        skip |= {(name, s) for name in stopped for s in later}
        skip |= {(t["function"], t["size"]) for t in run.traces}
        if all((name, s) in skip for name in names for s in sizes):
            return run
