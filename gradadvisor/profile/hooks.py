"""What the profiled program records, and the one place that touches jax internals.

Installed in the profiled process right after ``import jax`` finishes
(``bootstrap`` watches for it), this module writes JSON lines to the record
file the parent named:

- ``duration``: every ``jax.monitoring`` duration event (public API), such
  as ``/jax/core/compile/jaxpr_trace_duration`` (tracing, named by the
  function), ``.../jaxpr_to_mlir_module_duration`` (lowering) and
  ``.../backend_compile_duration`` (XLA compile), both named by the module.
- ``event``: every ``jax.monitoring`` event (compilation cache hits and
  misses).
- ``program``: the jaxpr of every program JAX lowers, summarised per user
  line by ``gradadvisor.trace.jaxpr`` (equations, primitives, constant bytes,
  zero fills...), with the function's name, where it is defined, its
  argument names and input types.

The jaxpr is not given to any public hook, so the program record is the one
internal: ``jax._src.interpreters.mlir.lower_jaxpr_to_module(module_name,
closed_jaxpr, ...)``, which every ``jit``/``pmap`` lowering calls and whose
first two positional arguments have been the same from jax 0.4.30 to 0.10.
It is wrapped, never replaced: the wrapper calls the original with the same
arguments and returns its result, and any failure of the summary is written
as an ``error`` record (the monitoring records still come). When the internal
is missing or changed, ``start`` says so (``jaxpr_hook: false``) and only the
timings are recorded.

A program whose function is defined inside jax (what an eager
``jnp.sin(x)`` outside ``jit`` compiles) is recorded by name and size only.
"""

from __future__ import annotations

import json
import os
import threading
import time
from typing import Any

_lock = threading.Lock()
_out: Any = None
_frame_filter: Any = None
_installed = False

#: Event names shortened in the records (the rest are kept whole).
SHORT_EVENTS = {
    "/jax/core/compile/jaxpr_trace_duration": "trace",
    "/jax/core/compile/jaxpr_to_mlir_module_duration": "lower",
    "/jax/core/compile/backend_compile_duration": "compile",
}


def write(record: dict) -> None:
    """One JSON line, flushed: what is written survives a kill."""
    if _out is None:
        return
    record["thread"] = threading.get_ident()
    record["t"] = time.monotonic()
    line = json.dumps(record, default=str)
    with _lock:
        try:
            _out.write(line + "\n")
            _out.flush()
        except (OSError, ValueError):  # closed at interpreter exit
            pass


def _on_duration(event: str, duration: float, **kwargs: Any) -> None:
    write({"kind": "duration", "event": SHORT_EVENTS.get(event, event),
           "fun_name": str(kwargs.get("fun_name", "")), "s": float(duration)})


def _on_event(event: str, **kwargs: Any) -> None:
    write({"kind": "event", "event": event})


def _aval(aval: Any) -> str:
    try:
        return aval.str_short(short_dtypes=True)
    except Exception:  # noqa: BLE001 - older signatures, odd avals
        return str(aval)


def _defined(debug_info: Any) -> tuple[str | None, int | None, str | None]:
    """(file, line, name) of the traced function, from the jaxpr's debug info."""
    if debug_info is None:
        return None, None, None
    name = getattr(debug_info, "func_name", None)
    filename = getattr(debug_info, "func_filename", None)
    line = getattr(debug_info, "func_lineno", None)
    src = getattr(debug_info, "func_src_info", None)
    if (filename is None or name is None) and isinstance(src, str) and " at " in src:
        head, _, where = src.partition(" at ")
        name = name or head
        path, _, number = where.rpartition(":")
        if number.isdigit():
            filename, line = filename or path, line or int(number)
    return filename, line, name


def summarize_program(module_name: str, closed: Any) -> dict:
    """The ``program`` record of one lowered ``ClosedJaxpr``."""
    from gradadvisor.trace.jaxpr import summarize

    jaxpr = closed.jaxpr
    debug_info = getattr(jaxpr, "debug_info", None)
    filename, line, name = _defined(debug_info)
    internal = bool(filename) and _frame_filter.is_jax(filename)
    arg_names = getattr(debug_info, "arg_names", None)
    record = {
        "kind": "program",
        "module": str(module_name),
        "function": name,
        "path": None if not filename or filename.startswith("<") else os.path.realpath(filename),
        "line": line,
        "internal": internal,
        "arg_names": [str(a) for a in arg_names] if arg_names else [],
        "in_avals": [_aval(a) for a in getattr(closed, "in_avals", ())],
        "in_shapes": [[int(d) for d in getattr(a, "shape", ()) if isinstance(d, int)]
                      for a in getattr(closed, "in_avals", ())],
        "out_avals": [_aval(a) for a in getattr(closed, "out_avals", ())],
        "eqns": len(jaxpr.eqns),
    }
    if not internal:
        entry = (record["path"], name) if record["path"] and name else None
        record["summary"] = summarize(closed, _frame_filter, _input_shapes(record["arg_names"], closed), entry)
    return record


def _input_shapes(arg_names: list[str], closed: Any) -> dict[tuple[int, ...], tuple[str, bool]]:
    """Shape -> (argument name, whether its gradient may be among the outputs) per input.

    A program does not say which inputs are differentiated; an output of the same
    shape may be the input's gradient, and a zero-filled array of that shape is then
    not reported as a dense gradient of a table (``trace.diagnose``'s dense-table rule).
    """
    out_shapes = {tuple(getattr(a, "shape", ())) for a in getattr(closed, "out_avals", ())}
    shapes: dict[tuple[int, ...], tuple[str, bool]] = {}
    for index, aval in enumerate(getattr(closed, "in_avals", ())):
        shape = tuple(getattr(aval, "shape", ()))
        if not shape or not all(isinstance(d, int) for d in shape):
            continue
        name = arg_names[index] if index < len(arg_names) else f"argument {index}"
        if shape not in shapes or (shape in out_shapes and not shapes[shape][1]):
            shapes[shape] = (name, shape in out_shapes)
    return shapes


def _wrap_lowering(mlir: Any) -> bool:
    original = getattr(mlir, "lower_jaxpr_to_module", None)
    if original is None or getattr(original, "_gradadvisor_profile", False):
        return False

    def lower_jaxpr_to_module(module_name, jaxpr, *args, **kwargs):
        try:
            if hasattr(jaxpr, "jaxpr") and hasattr(jaxpr.jaxpr, "eqns"):
                write(summarize_program(module_name, jaxpr))
        except Exception as exc:  # noqa: BLE001 - never break the user's program
            write({"kind": "error", "where": "summary", "message": f"{type(exc).__name__}: {exc}",
                   "module": str(module_name)})
        return original(module_name, jaxpr, *args, **kwargs)

    lower_jaxpr_to_module._gradadvisor_profile = True  # type: ignore[attr-defined]
    lower_jaxpr_to_module.__wrapped__ = original  # type: ignore[attr-defined]
    mlir.lower_jaxpr_to_module = lower_jaxpr_to_module
    return True


def _open(record_dir: str) -> Any:
    return open(os.path.join(record_dir, f"{os.getpid()}.jsonl"), "a", encoding="utf-8")  # noqa: SIM115


def _after_fork(record_dir: str) -> None:
    """A forked child records into a file of its own (its records would otherwise interleave
    with the parent's under the same thread ids)."""
    global _out
    try:
        _out = _open(record_dir)
    except OSError:
        _out = None
        return
    write({"kind": "start", "jax_version": _version, "pid": os.getpid(), "monitoring": _listeners,
           "jaxpr_hook": _hooked, "forked": True})


_version: Any = None
_listeners = False
_hooked = False


def install(jax: Any, record_dir: str) -> None:
    """Register the listeners and wrap the lowering; idempotent. Records go to
    ``<record_dir>/<pid>.jsonl``, one file per process."""
    global _out, _frame_filter, _installed, _version, _listeners, _hooked
    if _installed:
        return
    _installed = True
    _out = _open(record_dir)
    if hasattr(os, "register_at_fork"):
        os.register_at_fork(after_in_child=lambda: _after_fork(record_dir))
    from gradadvisor.trace.frames import FrameFilter

    _frame_filter = FrameFilter()
    version = getattr(jax, "__version__", None)
    monitoring = getattr(jax, "monitoring", None)
    listeners = False
    try:
        if monitoring is None:
            import jax.monitoring as monitoring  # noqa: PLW0621
        monitoring.register_event_duration_secs_listener(_on_duration)
        monitoring.register_event_listener(_on_event)
        listeners = True
    except Exception as exc:  # noqa: BLE001
        write({"kind": "error", "where": "monitoring", "message": f"{type(exc).__name__}: {exc}"})
    hooked = False
    try:
        from jax._src.interpreters import mlir

        hooked = _wrap_lowering(mlir)
    except Exception as exc:  # noqa: BLE001
        write({"kind": "error", "where": "jaxpr hook", "message": f"{type(exc).__name__}: {exc}"})
    _version, _listeners, _hooked = version, listeners, hooked
    write({"kind": "start", "jax_version": version, "pid": os.getpid(), "monitoring": listeners,
           "jaxpr_hook": hooked})
