"""The tracing process: imports the user's code and jax, and reports back.

One worker traces the functions of one target at each size, sending
``(kind, payload)`` messages of plain Python data over a pipe: ``ready``
once jax is imported, ``begin`` as each step starts (loading the code,
building the inputs at one size, tracing one function at one size),
``plan`` with the sizes and functions, ``traced`` with each function's
per-line summaries, and ``done`` or ``error``. The parent kills the worker
when a step outlasts ``--timeout``.
"""

from __future__ import annotations

import inspect
import os
import signal
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from gradadvisor.bench.loader import (
    FunctionRef,
    UsageError,
    accepts_size,
    default_size_of,
    file_settings,
    import_module_from,
    resolve,
)
from gradadvisor.bench.worker import UserCodeError, _summed, check_output
from gradadvisor.engine.pool import die_with_parent

BENCH_FUNCTIONS = ("baseline", "candidate")
DEFAULT_SIZES_WITHOUT_DEFAULT = (8, 16, 32)


@dataclass(frozen=True)
class TraceTarget:
    """What to trace: picklable, so it can travel to the worker."""

    label: str
    functions: tuple[tuple[str, FunctionRef], ...]  # (name shown, where it lives)
    inputs: FunctionRef
    file: str | None = None  # the bench file, when the target is one
    argnums: tuple[int, ...] | None = None  # None: the file's argnums, else 0
    optional: bool = False  # skip functions the file does not define (baseline/candidate)

    @classmethod
    def from_file(cls, path: str | os.PathLike, names: tuple[str, ...] = ()) -> "TraceTarget":
        """A bench file: its baseline and candidate (those it defines), or the named functions."""
        resolved = str(Path(path).resolve())
        chosen = names or BENCH_FUNCTIONS
        return cls(
            label=Path(path).stem,
            functions=tuple((name, FunctionRef(resolved, name)) for name in chosen),
            inputs=FunctionRef(resolved, "inputs"),
            file=resolved,
            optional=not names,
        )


@dataclass
class TraceJob:
    """What the parent asks a worker to do."""

    target: TraceTarget
    sizes: tuple[int, ...] | None = None  # None: the file's sizes, else defaults
    cost: bool = False
    skip: frozenset = field(default_factory=frozenset)  # (function, size) pairs already done
    parent_pid: int | None = None


def default_sizes(inputs: Callable[..., Any], file_sizes: tuple[int, ...] | None) -> list[int | None]:
    """The file's sizes; else a quarter, half and all of inputs' default size; else 8, 16, 32."""
    if file_sizes:
        return sorted(set(file_sizes))
    if not accepts_size(inputs):
        return [None]
    default = default_size_of(inputs)
    if isinstance(default, int) and not isinstance(default, bool) and default > 0:
        return sorted({max(1, default // 4), max(1, default // 2), default})
    return list(DEFAULT_SIZES_WITHOUT_DEFAULT)


def _input_names(fn: Callable[..., Any], binding: Any) -> dict[tuple[int, ...], tuple[str, bool]]:
    """Shape -> (a readable name such as ``table`` or ``params['w']``, differentiated?) per input leaf.

    Where several leaves share a shape, a differentiated one wins: a zero-filled
    array of its shape may simply be its gradient.
    """
    import jax

    try:
        params = list(inspect.signature(fn).parameters)
    except (TypeError, ValueError):
        params = []
    names: dict[tuple[int, ...], tuple[str, bool]] = {}
    for index, (position, value) in enumerate(zip(binding.traced_positions, binding.traced_args)):
        base = params[position] if position < len(params) else f"argument {position}"
        differentiated = index in binding.grad_argnums
        for path, leaf in jax.tree_util.tree_flatten_with_path(value)[0]:
            shape = tuple(int(d) for d in getattr(leaf, "shape", ()))
            if shape and (shape not in names or (differentiated and not names[shape][1])):
                names[shape] = (base + jax.tree_util.keystr(path), differentiated)
    return names


def _defined_at(fn: Callable[..., Any]) -> tuple[str | None, int | None]:
    code = getattr(inspect.unwrap(fn), "__code__", None)
    if code is None:
        return None, None
    return os.path.realpath(code.co_filename), code.co_firstlineno


class TraceWorker:
    """Runs the steps of a job and sends a message for each."""

    def __init__(self, job: TraceJob, send: Callable[[str, dict], None]):
        self.job = job
        self.send = send
        self.user_files: set[str] = set()
        self.loaded = False

    def user_call(self, what: str, function: str, fn: Callable[..., Any]) -> Any:
        """Call user code; wrap what it raises with a trimmed traceback."""
        from gradadvisor.bench.errors import headline, user_traceback

        try:
            return fn()
        except (UsageError, UserCodeError):
            raise
        except Exception as exc:  # noqa: BLE001 - any error of the user's code
            raise UserCodeError(headline(what, exc), user_traceback(exc, self.user_files), function) from None

    def begin(self, stage: str, **details: Any) -> None:
        self.send("begin", {"stage": stage, **details})

    def run(self) -> None:
        import jax

        from gradadvisor.bench.binding import bind_arguments

        job = self.job
        target = job.target
        self.user_files = {
            str(Path(ref.module).resolve()) for _, ref in target.functions if ref.is_path
        } | ({str(Path(target.inputs.module).resolve())} if target.inputs.is_path else set())
        self.send("ready", {"pid": os.getpid(), "jax_version": jax.__version__})
        self.begin("loading")
        functions = self.load_functions()
        inputs = resolve(target.inputs)
        file_argnums, file_sizes = (
            file_settings(import_module_from(target.inputs), target.file) if target.file else (None, None)
        )
        argnums = target.argnums or file_argnums or (0,)
        self.loaded = True
        if job.sizes:
            if not accepts_size(inputs):
                raise UsageError(f"{target.inputs} takes no size argument; cannot trace it at --sizes")
            sizes: list[int | None] = sorted(set(job.sizes))
        else:
            sizes = default_sizes(inputs, file_sizes)
        self.send("plan", {
            "sizes": sizes,
            "argnums": list(argnums),
            "functions": [
                {"name": name, "ref": str(ref), "path": _defined_at(fn)[0], "line": _defined_at(fn)[1]}
                for name, ref, fn in functions
            ],
        })
        for size in sizes:
            todo = [(name, fn) for name, _, fn in functions if (name, size) not in job.skip]
            if not todo:
                continue
            self.begin("inputs", size=size)
            what = "inputs()" if size is None else f"inputs(size={size})"
            args = self.user_call(what, "inputs", inputs if size is None else lambda: inputs(size))
            if isinstance(args, list):
                args = tuple(args)
            binding = bind_arguments(args, argnums)
            for name, fn in todo:
                self.begin("trace", function=name, size=size)
                self.send("traced", self.trace(name, fn, binding, size))
        self.send("done", {})

    def load_functions(self) -> list[tuple[str, FunctionRef, Callable[..., Any]]]:
        target = self.job.target
        functions = []
        for name, ref in target.functions:
            if target.optional and not hasattr(import_module_from(ref), ref.name):
                continue
            fn = resolve(ref)
            functions.append((name, ref, fn))
            path, _ = _defined_at(fn)
            if path:
                self.user_files.add(path)
        if not functions:
            names = " or ".join(name for name, _ in target.functions)
            raise UsageError(f"{target.file or target.label} defines no {names} to trace")
        return functions

    def trace(self, name: str, fn: Callable[..., Any], binding: Any, size: int | None) -> dict:
        """The forward and gradient jaxprs of one function, summarised per line."""
        import jax

        from gradadvisor.trace.frames import FrameFilter
        from gradadvisor.trace.jaxpr import summarize

        bound = binding.bind(fn)
        args = binding.traced_args
        start = time.perf_counter()
        forward, out_shape = self.user_call(
            f"{name} (forward, jax.make_jaxpr)", name,
            lambda: jax.make_jaxpr(bound, return_shape=True)(*args),
        )
        check_output(out_shape, name)
        summed = tuple(out_shape.shape) != ()
        scalar = _summed(bound) if summed else bound
        gradient_fn = jax.grad(scalar, argnums=binding.grad_argnums)
        gradient = self.user_call(
            f"{name} (jax.grad, jax.make_jaxpr)", name, lambda: jax.make_jaxpr(gradient_fn)(*args)
        )
        trace_s = time.perf_counter() - start
        frame_filter = FrameFilter(self.user_files)
        shapes = _input_names(fn, binding)
        result = {
            "function": name,
            "size": size,
            "trace_s": trace_s,
            "summed_output": summed,
            "forward": summarize(forward, frame_filter, shapes),
            "grad": summarize(gradient, frame_filter, shapes),
            "cost": None,
        }
        if self.job.cost:
            result["cost"] = self.cost(name, bound, gradient_fn, args)
        return result

    def cost(self, name: str, forward: Callable[..., Any], gradient: Callable[..., Any], args: tuple) -> dict:
        """XLA's flop counts of the compiled forward and gradient (``--cost``)."""
        import jax

        from gradadvisor.bench import xla

        flops = {}
        for kind, fn in (("forward", forward), ("grad", gradient)):
            self.begin("compile", function=name, kind=kind)
            compiled = self.user_call(
                f"{name} ({kind}, jax.jit(...).lower().compile())", name,
                lambda fn=fn: jax.jit(fn).lower(*args).compile(),
            )
            flops[kind] = xla.cost(compiled)["flops"]
        return flops


def worker_main(job: TraceJob, conn: Any) -> None:
    """Entry point of the child process: run the job, report, never raise."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    if job.parent_pid is not None:
        die_with_parent(job.parent_pid)
    os.dup2(2, 1)  # user prints go to stderr; the parent's stdout stays clean JSON
    sys.stdout = sys.stderr

    def send(kind: str, payload: dict) -> None:
        conn.send((kind, payload))

    worker = TraceWorker(job, send)
    try:
        worker.run()
    except UsageError as exc:
        send("error", {"kind": "usage", "headline": str(exc), "trace": "", "function": None})
    except UserCodeError as exc:
        send("error", {"kind": "user", "headline": exc.headline, "trace": exc.trace,
                       "function": exc.function})
    except Exception as exc:  # noqa: BLE001 - user code at import time, or a bug of ours
        import traceback

        from gradadvisor.bench.errors import headline, user_traceback

        if worker.loaded:
            send("error", {"kind": "internal", "headline": headline("gradadvisor trace", exc),
                           "trace": traceback.format_exc(), "function": None})
        else:
            where = job.target.file or job.target.label
            send("error", {"kind": "user", "headline": headline(f"loading {where}", exc),
                           "trace": user_traceback(exc, worker.user_files), "function": None})
    finally:
        conn.close()
