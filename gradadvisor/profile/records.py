"""Read the record files and join their lines into programs (pure Python: no jax here).

Each profiled process (the program, and each of its Python subprocesses that
imports jax) writes its own file, ``<pid>.jsonl``, in the run's record folder;
the files are joined one by one and their programs listed in order of process
start.

The profiled process writes, in order on each thread: the ``trace``
duration of a function (named by the function), then the ``program`` record
of its lowering (``hooks``), then the ``lower`` and ``compile`` durations
(named by the module, ``jit(f)``). A program takes the last unclaimed trace
duration of its thread; the lower and compile durations go to the last
program of that module that has none yet (a program lowered with ``.lower()``
and compiled later still gets its compile time); a duration without a name
(older jax records none) goes to the last program that has none yet.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Program:
    """One program JAX lowered (and usually compiled)."""

    index: int
    module: str
    function: str | None
    path: str | None
    line: int | None
    internal: bool
    arg_names: list[str]
    in_avals: list[str]
    in_shapes: list[list[int]]
    out_avals: list[str]
    eqns: int
    summary: dict | None
    trace_s: float | None = None
    lower_s: float | None = None
    compile_s: float | None = None
    #: The process that built it (the program's, or one of its subprocesses').
    pid: int | None = None

    @property
    def key(self) -> tuple:
        """What makes two programs the same function traced again."""
        return (self.module, self.path, self.line)

    @property
    def total_s(self) -> float:
        return (self.trace_s or 0.0) + (self.lower_s or 0.0) + (self.compile_s or 0.0)


@dataclass
class Recording:
    """Everything the profiled process wrote."""

    jax_version: str | None = None
    jaxpr_hook: bool | None = None
    programs: list[Program] = field(default_factory=list)
    errors: list[dict] = field(default_factory=list)
    events: dict[str, int] = field(default_factory=dict)
    #: Durations no program claimed (tracing without lowering: make_jaxpr, eval_shape...), by event.
    unclaimed_s: dict[str, float] = field(default_factory=dict)
    jax_imported: bool = False
    #: The processes that imported jax, in order of start (the program's first when it did).
    pids: list[int] = field(default_factory=list)
    #: When the first process started recording (``time.monotonic``: one clock for the machine).
    started: float | None = None


def read_lines(path: str) -> list[dict]:
    """The records; a line cut short by a kill is skipped."""
    records = []
    try:
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                try:
                    record = json.loads(line)
                except json.JSONDecodeError:
                    continue
                if isinstance(record, dict):
                    records.append(record)
    except OSError:
        pass
    return records


def join(records: list[dict]) -> Recording:
    recording = Recording()
    pending_trace: dict[Any, dict] = {}  # thread -> the last trace duration not yet claimed
    for record in records:
        kind = record.get("kind")
        thread = record.get("thread")
        if kind == "start":
            recording.jax_imported = True
            if recording.started is None and isinstance(record.get("t"), (int, float)):
                recording.started = float(record["t"])
            if isinstance(record.get("pid"), int) and record["pid"] not in recording.pids:
                recording.pids.append(record["pid"])
            recording.jax_version = record.get("jax_version")
            recording.jaxpr_hook = bool(record.get("jaxpr_hook"))
        elif kind == "error":
            recording.errors.append(record)
        elif kind == "event":
            name = str(record.get("event"))
            recording.events[name] = recording.events.get(name, 0) + 1
        elif kind == "duration":
            event = record.get("event")
            seconds = float(record.get("s") or 0.0)
            if event == "trace":
                previous = pending_trace.pop(thread, None)
                if previous is not None:
                    _unclaimed(recording, "trace", previous["s"])
                pending_trace[thread] = record
            elif event in ("lower", "compile"):
                attribute = f"{event}_s"
                name = record.get("fun_name")
                target = next((p for p in reversed(recording.programs)
                               if (p.module == name or not name) and getattr(p, attribute) is None), None)
                if target is None:
                    _unclaimed(recording, event, seconds)
                else:
                    setattr(target, attribute, seconds)
            else:
                _unclaimed(recording, str(event), seconds)
        elif kind == "program":
            program = Program(
                index=len(recording.programs),
                module=str(record.get("module")),
                function=record.get("function"),
                path=record.get("path"),
                line=record.get("line"),
                internal=bool(record.get("internal")),
                arg_names=list(record.get("arg_names") or []),
                in_avals=list(record.get("in_avals") or []),
                in_shapes=list(record.get("in_shapes") or []),
                out_avals=list(record.get("out_avals") or []),
                eqns=int(record.get("eqns") or 0),
                summary=record.get("summary"),
                pid=recording.pids[-1] if recording.pids else None,
            )
            trace = pending_trace.pop(thread, None)
            if trace is not None:
                program.trace_s = float(trace.get("s") or 0.0)
            recording.programs.append(program)
    for trace in pending_trace.values():
        _unclaimed(recording, "trace", float(trace.get("s") or 0.0))
    return recording


def _unclaimed(recording: Recording, event: str, seconds: float) -> None:
    recording.unclaimed_s[event] = recording.unclaimed_s.get(event, 0.0) + seconds


def merge(parts: list[Recording]) -> Recording:
    """One recording of several processes' (each joined on its own)."""
    if len(parts) == 1:
        return parts[0]
    whole = Recording()
    for part in parts:
        if part.jax_imported and not whole.jax_imported:
            whole.jax_version, whole.jaxpr_hook = part.jax_version, part.jaxpr_hook
        elif part.jax_imported and part.jaxpr_hook is False:
            whole.jaxpr_hook = False
        whole.jax_imported = whole.jax_imported or part.jax_imported
        for program in part.programs:
            program.index = len(whole.programs)
            whole.programs.append(program)
        whole.errors += part.errors
        whole.pids += [p for p in part.pids if p not in whole.pids]
        for name, count in part.events.items():
            whole.events[name] = whole.events.get(name, 0) + count
        for name, seconds in part.unclaimed_s.items():
            whole.unclaimed_s[name] = whole.unclaimed_s.get(name, 0.0) + seconds
    return whole


def read(path: str) -> Recording:
    """The recording in a record folder (every process's file), or in one record file."""
    if not os.path.isdir(path):
        return join(read_lines(path))
    files = [os.path.join(path, name) for name in os.listdir(path) if name.endswith(".jsonl")]
    parts = [join(read_lines(name)) for name in files]
    parts = [p for p in parts if p.jax_imported or p.errors or p.programs]
    parts.sort(key=lambda p: p.started if p.started is not None else float("inf"))
    return merge(parts) if parts else Recording()
