"""The measuring process: imports the user's code and jax, and reports back.

One worker measures one target at one size. It sends messages over a pipe
as each stage begins and ends, so the parent can charge the time to the
function being measured and kill the worker when a function overruns its
budget (an XLA compile cannot be interrupted inside a process). Messages are
``(kind, payload)`` tuples of plain Python data.
"""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from gradadvisor.bench.loader import BenchTarget, LoadedBench, UsageError, load

FUNCTIONS = ("baseline", "candidate")


@dataclass
class Job:
    """What the parent asks a worker to do."""

    target: BenchTarget
    size: int | None = None  # None: inputs()'s default, or sizes[size_index]
    size_index: int | None = None
    jit: bool = True
    device: str | None = None
    rounds: int = 7
    min_sample_s: float = 0.02
    budget_s: float = 60.0
    skip: tuple[str, ...] = ()
    rtol: float | None = None
    atol: float | None = None
    x64_check: bool = True


class UserCodeError(Exception):
    """User code raised; carries the headline and the trimmed traceback."""

    def __init__(self, headline: str, trace: str, function: str):
        super().__init__(headline)
        self.headline = headline
        self.trace = trace
        self.function = function


@dataclass
class Measured:
    """One function's compiled callables, results and first-call report."""

    forward_call: Callable[[], Any] | None = None
    grad_call: Callable[[], Any] | None = None
    forward_run: Callable[..., Any] | None = None  # the same, on other arguments of the same shapes
    grad_run: Callable[..., Any] | None = None
    output: Any = None
    grads: Any = None
    report: dict[str, Any] = field(default_factory=dict)
    spent_s: float = 0.0


class Worker:
    """Runs the stages of a job and sends a message for each."""

    def __init__(self, job: Job, send: Callable[[str, dict], None]):
        self.job = job
        self.send = send
        self.bench: LoadedBench | None = None
        self.binding: Any = None  # the measured arguments, and those of the second draw
        self.second_args: Any = None

    # -- plumbing -------------------------------------------------------------

    def user_call(self, what: str, function: str, fn: Callable[..., Any], *args: Any) -> Any:
        """Call user code; wrap what it raises with a trimmed traceback."""
        from gradadvisor.bench.errors import headline, user_traceback

        try:
            return fn(*args)
        except (UsageError, UserCodeError):
            raise
        except Exception as exc:
            files = self.bench.user_files if self.bench else set()
            raise UserCodeError(headline(what, exc), user_traceback(exc, files), function) from None

    def stage(self, function: str, name: str, body: Callable[[], Any], measured: Measured | None) -> Any:
        self.send("begin", {"function": function, "stage": name})
        start = time.perf_counter()
        result = body()
        seconds = time.perf_counter() - start
        if measured is not None:
            measured.spent_s += seconds
        self.send("end", {"function": function, "stage": name, "seconds": seconds})
        return result

    # -- the job --------------------------------------------------------------

    def run(self) -> None:
        import jax

        job = self.job
        device = self.pick_device(jax)
        self.bench = load(job.target)
        size = job.size
        if size is None and job.size_index is not None:
            if not self.bench.sizes:
                raise UsageError(
                    f"{job.target.label} defines no sizes; pass --sizes 100,1000,..."
                )
            size = self.bench.sizes[job.size_index]
        from gradadvisor.bench.loader import accepts_size

        if size is not None and not accepts_size(self.bench.inputs):
            raise UsageError(f"{job.target.inputs} takes no size argument; cannot scale it")
        self.send(
            "meta",
            {
                "size": size if size is not None else self.bench.default_size,
                "sizes": list(self.bench.sizes) if self.bench.sizes else None,
                "argnums": list(self.bench.argnums),
                "device": describe_device(device),
                "jax_version": jax.__version__,
                "pid": os.getpid(),
            },
        )
        with jax.default_device(device):
            binding = self.make_binding(size, device)
            measured = {}
            for function in FUNCTIONS:
                if function in job.skip:
                    continue
                fn = getattr(self.bench, function)
                measured[function] = self.measure_first_calls(function, fn, binding)
                self.send("function", {"function": function, "report": measured[function].report})
            match = None
            if len(measured) == 2:
                match = self.compare(measured, binding, size, device)
            self.time_steady_state(measured)
            if match is not None and self.needs_x64_check(match):
                self.x64_check(match)
        self.send("done", {})

    def pick_device(self, jax: Any) -> Any:
        if self.job.device is None:
            return jax.devices()[0]
        try:
            return jax.devices(self.job.device)[0]
        except RuntimeError:
            platforms = sorted({d.platform for d in jax.devices()})
            raise UsageError(
                f"no {self.job.device} device; jax sees: {', '.join(platforms)}"
            ) from None

    def make_binding(self, size: int | None, device: Any) -> Any:
        from gradadvisor.bench.binding import bind_arguments

        args = self.call_inputs(size)
        return bind_arguments(args, self.bench.argnums, device)

    def call_inputs(self, size: int | None, seed: int | None = None) -> Any:
        import jax

        kwargs = {} if seed is None else {"seed": seed}
        shown = ", ".join([*([f"size={size}"] if size is not None else []),
                           *(f"{k}={v}" for k, v in kwargs.items())])
        if size is None:
            args = self.user_call(f"inputs({shown})", "inputs", lambda: self.bench.inputs(**kwargs))
        else:
            args = self.user_call(f"inputs({shown})", "inputs", lambda: self.bench.inputs(size, **kwargs))
        if isinstance(args, list):
            args = tuple(args)
        return jax.block_until_ready(args)

    # -- first calls, compile, cost -------------------------------------------

    def measure_first_calls(self, function: str, fn: Callable[..., Any], binding: Any) -> Measured:
        import jax

        jax.clear_caches()  # so nothing traced for the other function is reused
        measured = Measured()
        bound = binding.bind(fn)
        args = binding.traced_args
        report = measured.report
        report["budget_s"] = self.job.budget_s
        if self.job.jit:
            forward = self.stage(
                function, "forward first call",
                lambda: self.first_call_jit(function, bound, args, "forward"), measured,
            )
        else:
            forward = self.stage(
                function, "forward first call",
                lambda: self.first_call_eager(function, bound, args, check=True), measured,
            )
        output = forward["output"]
        summed = getattr(output, "shape", ()) != ()
        report["summed_output"] = summed
        report["output_shape"] = list(getattr(output, "shape", ()))
        scalar_fn = _summed(bound) if summed else bound
        value_and_grad = jax.value_and_grad(scalar_fn, argnums=binding.grad_argnums)
        if self.job.jit:
            grad = self.stage(
                function, "gradient first call",
                lambda: self.first_call_jit(function, value_and_grad, args, "gradient"), measured,
            )
        else:
            grad = self.stage(
                function, "gradient first call",
                lambda: self.first_call_eager(function, value_and_grad, args), measured,
            )
        measured.output = output
        measured.grads = grad["output"][1]
        measured.forward_call = forward["call"]
        measured.grad_call = grad["call"]
        measured.forward_run = forward["run"]
        measured.grad_run = grad["run"]
        report["forward_first_call_s"] = forward["first_call_s"]
        report["forward_compile_s"] = forward.get("compile_s")
        report["first_call_s"] = grad["first_call_s"]
        report["compile_s"] = grad.get("compile_s")
        report["trace_lower_s"] = grad.get("trace_lower_s")
        report["flops"] = {"forward": forward["cost"]["flops"], "grad": grad["cost"]["flops"]}
        report["bytes_accessed"] = {
            "forward": forward["cost"]["bytes_accessed"],
            "grad": grad["cost"]["bytes_accessed"],
        }
        report["memory"] = {"forward": forward["memory"], "grad": grad["memory"]}
        return measured

    def first_call_jit(self, function: str, fn: Callable[..., Any], args: tuple, kind: str) -> dict:
        """Trace, lower, compile and run once, timing each step."""
        import jax

        from gradadvisor.bench import xla

        what = f"{function} ({kind}, under jax.jit)"
        start = time.perf_counter()
        traced = self.user_call(what, function, lambda: jax.jit(fn).trace(*args))
        if kind == "forward":
            check_output(traced.out_info, function)
        lowered = self.user_call(what, function, traced.lower)
        compile_start = time.perf_counter()
        compiled = self.user_call(what, function, lowered.compile)
        compile_end = time.perf_counter()
        output = self.user_call(what, function, lambda: jax.block_until_ready(compiled(*args)))
        end = time.perf_counter()
        return {
            "output": output,
            "call": lambda: jax.block_until_ready(compiled(*args)),
            "run": compiled,
            "first_call_s": end - start,
            "compile_s": compile_end - compile_start,
            "trace_lower_s": compile_start - start,
            "cost": xla.cost(compiled),
            "memory": xla.memory(compiled),
        }

    def first_call_eager(
        self, function: str, fn: Callable[..., Any], args: tuple, check: bool = False
    ) -> dict:
        """Run op by op once (each primitive compiles on first use)."""
        import jax

        from gradadvisor.bench import xla

        what = f"{function} (eager)"
        start = time.perf_counter()
        output = self.user_call(what, function, lambda: jax.block_until_ready(fn(*args)))
        end = time.perf_counter()
        if check:
            check_output(output, function)
        return {
            "output": output,
            "call": lambda: jax.block_until_ready(fn(*args)),
            "run": fn,
            "first_call_s": end - start,
            "cost": xla.cost(None),
            "memory": xla.memory(None),
        }

    # -- equality ---------------------------------------------------------------

    def compare(self, measured: dict[str, Measured], binding: Any, size: int | None, device: Any) -> dict:
        """Compare at the measured inputs and at a second draw; judge whether it proves anything."""
        from gradadvisor.bench import vacuity
        from gradadvisor.bench.compare import combine, compare_trees, lowest_precision

        base, cand = measured["baseline"], measured["candidate"]
        value = compare_trees(base.output, cand.output, self.job.rtol, self.job.atol)
        grad = compare_trees(base.grads, cand.grads, self.job.rtol, self.job.atol)
        match = {
            "value": value.ok,
            "grad": grad.ok,
            "decided_by": lowest_precision((base.output, base.grads)) or "exact",
            "value_detail": value.to_dict(),
            "grad_detail": grad.to_dict(),
            "second_draw": None,
        }
        second_args, how = self.second_arguments(size, binding, device)
        self.binding, self.second_args = binding, second_args
        second: dict[str, tuple[Any, Any]] = {}
        if second_args is not None:
            for function, m in measured.items():
                second[function] = self.stage(
                    function, "second input draw",
                    lambda m=m, function=function: self.user_call(
                        f"{function} (second input draw)", function,
                        lambda: _value_and_grads(m, second_args)),
                    m,
                )
            value2 = compare_trees(second["baseline"][0], second["candidate"][0], self.job.rtol, self.job.atol)
            grad2 = compare_trees(second["baseline"][1], second["candidate"][1], self.job.rtol, self.job.atol)
            match["second_draw"] = {"how": how, "value_detail": value2.to_dict(), "grad_detail": grad2.to_dict()}
            match["value"] = combine(value.ok, value.ok if value2.ok is None else value2.ok)
            match["grad"] = combine(grad.ok, grad.ok if grad2.ok is None else grad2.ok)
        base_second = second.get("baseline", (None, None))
        match["vacuity"] = vacuity.verdict(
            vacuity.uninformative(base.output, base_second[0]),
            vacuity.uninformative(base.grads, base_second[1]),
        )
        self.send("match", match)
        return match

    def second_arguments(self, size: int | None, binding: Any, device: Any) -> tuple[Any, str | None]:
        """Other arguments of the same shapes: inputs(seed=1) if it takes a seed, else perturbed."""
        from gradadvisor.bench import vacuity
        from gradadvisor.bench.binding import bind_arguments, same_layout
        from gradadvisor.bench.loader import accepts_seed

        if accepts_seed(self.bench.inputs):
            seeded = bind_arguments(self.call_inputs(size, seed=1), self.bench.argnums, device)
            if same_layout(binding, seeded) and not _same_values(binding.traced_args, seeded.traced_args):
                return seeded.traced_args, "inputs(seed=1)"
        perturbed, changed = vacuity.perturb(binding.traced_args)
        if changed:
            return perturbed, PERTURBED
        return None, None

    def needs_x64_check(self, match: dict) -> bool:
        import jax

        if not self.job.x64_check or (match["value"] is not False and match["grad"] is not False):
            return False
        if jax.config.jax_enable_x64:
            return False
        details = [match["value_detail"], match["grad_detail"]]
        if match.get("second_draw"):
            details += [match["second_draw"]["value_detail"], match["second_draw"]["grad_detail"]]
        if any(d["problems"] for d in details):
            return False  # structure, shape, dtype or NaN: rounding cannot explain it
        return match["decided_by"] in ("float32", "float16", "bfloat16")

    def x64_check(self, match: dict) -> None:
        """Re-run both under jax.enable_x64 at the same input draws, converted, and decide there."""
        import jax

        from gradadvisor.bench.compare import combine, compare_trees

        second = match.get("second_draw")
        binding = self.binding
        with jax.enable_x64(True):
            runs = {}
            for function in FUNCTIONS:
                bound = binding.bind(getattr(self.bench, function))

                def both(*a: Any, bound: Callable[..., Any] = bound) -> Any:
                    grads = jax.grad(_summed(bound), argnums=binding.grad_argnums)(*a)
                    return bound(*a), grads

                runs[function] = jax.jit(both) if self.job.jit else both
            draws = [binding.traced_args] + ([self.second_args] if second else [])
            verdicts = []
            for draw in draws:
                draw = jax.tree_util.tree_map(_to_float64, draw)
                results = {
                    function: self.stage(
                        function, "float64 re-check",
                        lambda run=run, function=function, draw=draw: self.user_call(
                            f"{function} (float64 re-check)", function,
                            lambda: jax.block_until_ready(run(*draw)),
                        ),
                        None,
                    )
                    for function, run in runs.items()
                }
                verdicts.append((
                    compare_trees(results["baseline"][0], results["candidate"][0], self.job.rtol, self.job.atol),
                    compare_trees(results["baseline"][1], results["candidate"][1], self.job.rtol, self.job.atol),
                ))
        (value, grad), later = verdicts[0], verdicts[1:]
        match.update(
            {
                "value": combine(value.ok, *[v.ok if v.ok is not None else value.ok for v, _ in later]),
                "grad": combine(grad.ok, *[g.ok if g.ok is not None else grad.ok for _, g in later]),
                "decided_by": "float64",
                "float32_value_detail": match["value_detail"],
                "float32_grad_detail": match["grad_detail"],
                "value_detail": value.to_dict(),
                "grad_detail": grad.to_dict(),
            }
        )
        if later:
            second["float32_value_detail"] = second["value_detail"]
            second["float32_grad_detail"] = second["grad_detail"]
            second["value_detail"], second["grad_detail"] = (c.to_dict() for c in later[0])
        self.send("match", match)

    # -- steady state -------------------------------------------------------------

    def time_steady_state(self, measured: dict[str, Measured]) -> None:
        from gradadvisor.bench import timing

        budgets = {name: self.job.budget_s - m.spent_s for name, m in measured.items()}
        exhausted = sorted(name for name, left in budgets.items() if left <= 0)
        timed = {name: m for name, m in measured.items() if name not in exhausted}
        if not timed:
            self.send("timing", {"samples": {}, "repeats": {}, "skipped": exhausted})
            return
        calls = {}
        for name, m in timed.items():
            calls[f"{name}.forward"] = m.forward_call
            calls[f"{name}.grad"] = m.grad_call
        call_budgets = {
            f"{name}.{kind}": budgets[name] / 2 for name in timed for kind in ("forward", "grad")
        }
        self.send("begin", {"function": "both", "stage": "steady-state timing",
                            "budgets": {name: budgets[name] for name in timed}})
        try:
            samples, truncated = timing.interleaved(
                calls, self.job.rounds, self.job.min_sample_s, call_budgets
            )
        except Exception as exc:  # a function that ran once but fails when repeated
            name = next(iter(timed))
            raise UserCodeError(f"timing raised {type(exc).__name__}: {exc}", "", name) from None
        self.send("end", {"function": "both", "stage": "steady-state timing"})
        self.send(
            "timing",
            {
                "samples": {key: s.per_call_s for key, s in samples.items()},
                "repeats": {key: s.repeats for key, s in samples.items()},
                "spent_s": {key: s.spent_s for key, s in samples.items()},
                "truncated": truncated,
                "skipped": exhausted,
            },
        )


PERTURBED = "the inputs with each floating entry multiplied by U(0.9, 1.1)"


def _value_and_grads(measured: Measured, args: tuple) -> tuple[Any, Any]:
    """A function's value and gradient at other arguments, with its compiled executables."""
    import jax

    value = jax.block_until_ready(measured.forward_run(*args))
    grads = jax.block_until_ready(measured.grad_run(*args))[1]
    return value, grads


def _same_values(first: Any, second: Any) -> bool:
    import jax
    import numpy as np

    a, b = jax.tree_util.tree_leaves(first), jax.tree_util.tree_leaves(second)
    return len(a) == len(b) and all(np.array_equal(np.asarray(x), np.asarray(y)) for x, y in zip(a, b))


def _summed(fn: Callable[..., Any]) -> Callable[..., Any]:
    import jax.numpy as jnp

    def summed(*args: Any) -> Any:
        return jnp.sum(fn(*args))

    summed.__name__ = f"sum_of_{getattr(fn, '__name__', 'f')}"
    return summed


def _to_float64(leaf: Any) -> Any:
    import jax.numpy as jnp
    import numpy as np

    if isinstance(leaf, (np.ndarray, np.generic)) or hasattr(leaf, "dtype"):
        if jnp.issubdtype(leaf.dtype, jnp.floating):
            return jnp.asarray(leaf, dtype=jnp.float64)
    return leaf


def check_output(out_info: Any, function: str) -> None:
    """A bench function must return one floating array."""
    import jax.numpy as jnp

    if not hasattr(out_info, "shape") or not hasattr(out_info, "dtype"):
        raise UserCodeError(
            f"{function} must return one array (its sum is differentiated), "
            f"got {type(out_info).__name__}",
            "",
            function,
        )
    if not jnp.issubdtype(out_info.dtype, jnp.inexact):
        raise UserCodeError(
            f"{function} returns {out_info.dtype}; only floating outputs can be differentiated",
            "",
            function,
        )


def describe_device(device: Any) -> str:
    kind = getattr(device, "device_kind", "") or ""
    return f"{device.platform}:{device.id} ({kind})" if kind else f"{device.platform}:{device.id}"


def worker_main(job: Job, conn: Any) -> None:
    """Entry point of the child process: run the job, report, never raise."""
    os.dup2(2, 1)  # user prints go to stderr; stdout of the parent stays JSON
    sys.stdout = sys.stderr

    def send(kind: str, payload: dict) -> None:
        conn.send((kind, payload))

    worker = Worker(job, send)
    try:
        worker.run()
    except UsageError as exc:
        send("error", {"kind": "usage", "headline": str(exc), "trace": "", "function": None})
    except UserCodeError as exc:
        send("error", {"kind": "user", "headline": exc.headline, "trace": exc.trace,
                       "function": exc.function})
    except Exception as exc:  # user code at import time, or a bug of ours
        import traceback

        from gradadvisor.bench.errors import headline, user_traceback

        if worker.bench is not None:
            send("error", {"kind": "internal", "headline": headline("gradadvisor bench", exc),
                           "trace": traceback.format_exc(), "function": None})
            return
        files = worker.bench.user_files if worker.bench else {
            ref.module for ref in (job.target.baseline, job.target.candidate, job.target.inputs)
        }
        send("error", {"kind": "user", "headline": headline("loading the bench", exc),
                       "trace": user_traceback(exc, files), "function": None})
    finally:
        conn.close()
