"""Run workers, enforce the time budgets, and assemble the results.

Each (target, size) is measured in a fresh child process (a new interpreter:
no jax state is inherited; see ``child`` for how it dies with its parent).
The child reports each stage as it begins and ends; the
parent charges the time to the function being measured and kills the child
when one function overruns its budget, since an XLA compile cannot be
interrupted from inside the process. What was measured so far is kept, and
the other function is measured again in a new child without the one that
overran.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from dataclasses import dataclass, field, replace
from typing import Any, Callable

from gradadvisor.bench import child, scaling, timing
from gradadvisor.bench.loader import BenchTarget
from gradadvisor.bench.worker import FUNCTIONS, Job

STARTUP_GRACE_S = 60.0  # importing jax and the bench file
KILL_GRACE_S = 2.0

EventHandler = Callable[[str, dict], None]


@dataclass
class Outcome:
    """Everything one worker (or a worker and its restart) reported."""

    meta: dict = field(default_factory=dict)
    reports: dict[str, dict] = field(default_factory=dict)
    stage_seconds: dict[str, dict[str, float]] = field(default_factory=dict)
    exceeded: dict[str, dict] = field(default_factory=dict)
    match: dict | None = None
    timings: list[dict] = field(default_factory=list)
    error: dict | None = None
    notes: list[str] = field(default_factory=list)


PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])  # the folder holding gradadvisor/


def _start(job: Job) -> tuple[subprocess.Popen, Any]:
    """Start a child for ``job``: its process and the receiving end of its pipe."""
    from multiprocessing.connection import Connection

    read_fd, write_fd = os.pipe()
    try:
        with _sigint_ignored():  # inherited across exec: the child never sees Ctrl-C
            process = subprocess.Popen(
                child.command(os.getpid(), write_fd, PACKAGE_ROOT),
                stdin=subprocess.PIPE,
                pass_fds=(write_fd,),
            )
    except BaseException:
        os.close(read_fd)
        raise
    finally:
        os.close(write_fd)
    receiver = Connection(read_fd, writable=False)
    try:
        process.stdin.write(child.encode_job(job, list(sys.path)))
        process.stdin.flush()  # stdin stays open: its end of file tells the child we are gone
    except OSError:
        pass  # the child died at once; reading its pipe reports it
    return process, receiver


class _sigint_ignored:
    """Ignore SIGINT while starting a child (only the main thread can change handlers)."""

    def __enter__(self) -> None:
        self.previous = None
        if threading.current_thread() is threading.main_thread():
            self.previous = signal.signal(signal.SIGINT, signal.SIG_IGN)

    def __exit__(self, *exc: object) -> None:
        if self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)


def _stop(process: subprocess.Popen, receiver: Any) -> None:
    """Kill the child if it still runs, reap it, and close both pipes."""
    if process.poll() is None:
        process.kill()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        pass
    for stream in (process.stdin, receiver):
        try:
            stream.close()
        except OSError:
            pass


def _deadline(job: Job, current: dict | None, charged: dict[str, float], started: float) -> float:
    if current is None:
        return started + job.budget_s + STARTUP_GRACE_S
    function = current["function"]
    if current["stage"] == "float64 re-check":
        return current["at"] + job.budget_s + KILL_GRACE_S
    if function in FUNCTIONS:
        return current["at"] + job.budget_s - charged.get(function, 0.0) + KILL_GRACE_S
    budgets = current.get("budgets") or {}
    return current["at"] + sum(max(b, 0.0) for b in budgets.values()) + 10 * KILL_GRACE_S


def run_worker(job: Job, outcome: Outcome, on_event: EventHandler) -> None:
    """Run one worker to completion or to a budget kill, filling ``outcome``."""
    process, receiver = _start(job)
    started = time.perf_counter()
    charged = {name: 0.0 for name in FUNCTIONS}
    current: dict | None = None
    try:
        while True:
            wait = _deadline(job, current, charged, started) - time.perf_counter()
            if not receiver.poll(max(wait, 0.0)):
                _record_overrun(job, outcome, current, started)
                on_event("overrun", {"current": current})
                return
            try:
                kind, payload = receiver.recv()
            except (EOFError, OSError):
                try:
                    code = process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    code = None
                outcome.error = {
                    "kind": "internal",
                    "headline": f"the measuring process died (exit code {code}); "
                    "out of memory?",
                    "trace": "",
                    "function": current["function"] if current else None,
                }
                return
            on_event(kind, payload)
            if kind == "begin":
                current = dict(payload, at=time.perf_counter())
            elif kind == "end":
                function = payload["function"]
                if function in FUNCTIONS and payload["stage"] != "float64 re-check":
                    charged[function] += payload.get("seconds", 0.0)
                    outcome.stage_seconds.setdefault(function, {})[payload["stage"]] = payload["seconds"]
                current = None
            elif kind == "meta":
                outcome.meta = payload
            elif kind == "function":
                outcome.reports[payload["function"]] = payload["report"]
            elif kind == "match":
                outcome.match = payload
            elif kind == "timing":
                outcome.timings.append(payload)
            elif kind == "error":
                outcome.error = payload
                return
            elif kind == "done":
                return
    finally:
        _stop(process, receiver)


def _record_overrun(job: Job, outcome: Outcome, current: dict | None, started: float) -> None:
    now = time.perf_counter()
    if current is None:
        outcome.error = {
            "kind": "user",
            "headline": f"loading the bench or building its inputs took over "
            f"{job.budget_s + STARTUP_GRACE_S:.0f} s",
            "trace": "",
            "function": "inputs",
        }
        return
    function, stage = current["function"], current["stage"]
    elapsed = now - current["at"]
    if stage == "float64 re-check":
        outcome.notes.append(f"the float64 re-check of {function} exceeded the budget; "
                             "the float32 comparison stands")
        return
    if function in FUNCTIONS:
        outcome.exceeded[function] = {"stage": stage, "elapsed_s": elapsed}
        return
    for name in FUNCTIONS:
        if name not in job.skip:
            outcome.exceeded.setdefault(name, {"stage": stage, "elapsed_s": elapsed})


def run_size(job: Job, on_event: EventHandler) -> Outcome:
    """Measure one target at one size, restarting once without an overrunning function."""
    outcome = Outcome()
    run_worker(job, outcome, on_event)
    remaining = [f for f in FUNCTIONS if f not in job.skip and f not in outcome.exceeded]
    if outcome.error is None and outcome.exceeded and remaining and not _timed(outcome, remaining):
        outcome.notes.append(
            f"{', '.join(sorted(outcome.exceeded))} exceeded the {job.budget_s:g} s budget; "
            f"{', '.join(remaining)} measured again on its own"
        )
        rerun = replace(job, skip=tuple(sorted(set(job.skip) | set(outcome.exceeded))))
        second = Outcome()
        run_worker(rerun, second, on_event)
        for name in remaining:
            if name in second.reports:
                outcome.reports[name] = second.reports[name]
        outcome.timings.extend(second.timings)
        outcome.exceeded.update(second.exceeded)
        outcome.error = second.error
        outcome.notes.extend(second.notes)
        outcome.meta = outcome.meta or second.meta
    return outcome


def _timed(outcome: Outcome, names: list[str]) -> bool:
    return all(
        any(f"{name}.grad" in t.get("samples", {}) for t in outcome.timings) for name in names
    )


# -- assembling one size's result ---------------------------------------------------


def _samples_of(outcome: Outcome, key: str) -> tuple[list[float], int | None]:
    for t in outcome.timings:
        if key in t.get("samples", {}):
            return t["samples"][key], t["repeats"][key]
    return [], None


def function_result(outcome: Outcome, name: str, job: Job) -> dict:
    """The JSON report of one function at one size."""
    report = dict(outcome.reports.get(name, {}))
    stages = outcome.stage_seconds.get(name, {})
    report.setdefault("budget_s", job.budget_s)
    if name not in outcome.reports:
        report["forward_first_call_s"] = stages.get("forward first call")
        report["first_call_s"] = stages.get("gradient first call")
        for key in ("forward_compile_s", "compile_s", "trace_lower_s", "flops",
                    "bytes_accessed", "memory"):
            report.setdefault(key, None)
    exceeded = outcome.exceeded.get(name)
    report["exceeded_budget"] = exceeded is not None
    if exceeded is not None:
        report["exceeded_at"] = exceeded["stage"]
        if exceeded["stage"] == "gradient first call":
            report["first_call_at_least_s"] = exceeded["elapsed_s"]
        elif exceeded["stage"] == "forward first call":
            report["forward_first_call_at_least_s"] = exceeded["elapsed_s"]
            report["first_call_at_least_s"] = exceeded["elapsed_s"]
    for kind, key in (("forward", "forward_s"), ("grad", "grad_s")):
        samples, repeats = _samples_of(outcome, f"{name}.{kind}")
        stats = timing.Samples(samples, repeats or 1)
        report[key] = stats.median
        report[f"{kind}_min_s"] = stats.min
        report[f"{kind}_spread"] = stats.spread
        report[f"{kind}_samples"] = len(samples)
    forward, grad = report.get("forward_s"), report.get("grad_s")
    report["grad_to_forward"] = grad / forward if forward and grad else None
    report["extrapolated"] = False
    return report


def _ratio(a: float | None, b: float | None) -> float | None:
    return a / b if a and b else None


def speedup(outcome: Outcome, baseline: dict, candidate: dict) -> dict:
    """Baseline over candidate: pairwise medians where interleaved, else ratios."""
    result: dict[str, Any] = {"lower_bounds": []}
    interleaved = True
    for kind in ("forward", "grad"):
        base, _ = _samples_of(outcome, f"baseline.{kind}")
        cand, _ = _samples_of(outcome, f"candidate.{kind}")
        same_worker = any(
            f"baseline.{kind}" in t.get("samples", {}) and f"candidate.{kind}" in t.get("samples", {})
            for t in outcome.timings
        )
        if same_worker and base and cand:
            ratio = timing.pairwise_ratio(timing.Samples(base), timing.Samples(cand))
            result[kind] = ratio.median
            result[f"{kind}_range"] = [ratio.low, ratio.high]
            result[f"{kind}_claimed"] = ratio.claimed
            result[f"{kind}_pairs"] = len(ratio.values)
        else:
            interleaved = False
            value = _ratio(baseline.get(f"{kind}_s"), candidate.get(f"{kind}_s"))
            result[kind] = value
            result[f"{kind}_range"] = None
            result[f"{kind}_claimed"] = False
    result["interleaved"] = interleaved
    first = _ratio(baseline.get("first_call_s"), candidate.get("first_call_s"))
    if first is None and baseline.get("first_call_at_least_s") and candidate.get("first_call_s"):
        first = baseline["first_call_at_least_s"] / candidate["first_call_s"]
        result["lower_bounds"].append("first_call")
    result["first_call"] = first
    result["compile"] = _ratio(baseline.get("compile_s"), candidate.get("compile_s"))
    return result


def _second_draw_result(second: dict | None) -> dict | None:
    if not second:
        return None
    from gradadvisor.bench.compare import combine

    details = [second["value_detail"], second["grad_detail"]]
    errs = [leaf["max_abs_err"] for d in details for leaf in d["leaves"]]
    return {
        "how": second["how"],
        "value": second["value_detail"]["ok"],
        "grad": second["grad_detail"]["ok"],
        "ok": combine(second["value_detail"]["ok"], second["grad_detail"]["ok"]),
        "max_abs_err": max(errs) if errs else None,
        "problems": details[0]["problems"] + details[1]["problems"],
        "value_leaves": second["value_detail"]["leaves"],
        "grad_leaves": second["grad_detail"]["leaves"],
    }


def match_result(outcome: Outcome, job: Job) -> dict | None:
    """The JSON ``match`` object, or None when the two could not be compared.

    ``value`` and ``grad`` are True (match at every input draw), False (differ)
    or None (not compared: NaN or inf); ``vacuous`` says the match proves
    nothing (see ``vacuity``).
    """
    match = outcome.match
    if match is None:
        return None
    details = [match["value_detail"], match["grad_detail"]]
    leaves = [leaf for d in details for leaf in d["leaves"]]
    abs_errs = [leaf["max_abs_err"] for leaf in leaves]
    rel_errs = [leaf["max_rel_err"] for leaf in leaves]
    rtols = sorted({leaf["rtol"] for leaf in leaves})
    second = _second_draw_result(match.get("second_draw"))
    vacuity = match.get("vacuity") or {"value": None, "grad": None, "vacuous": False}
    return {
        "value": match["value"],
        "grad": match["grad"],
        "max_abs_err": max(abs_errs) if abs_errs else None,
        "max_rel_err": max(rel_errs) if rel_errs else None,
        "rtol": job.rtol if job.rtol is not None else (rtols[0] if len(rtols) == 1 else rtols),
        # atol is a fraction of the largest magnitude in the baseline's result
        "atol": job.atol if job.atol is not None else (rtols[0] if len(rtols) == 1 else rtols),
        "decided_by": match["decided_by"],
        "problems": details[0]["problems"] + details[1]["problems"]
        + [f"second input draw: {problem}" for problem in (second or {}).get("problems", [])],
        "value_leaves": match["value_detail"]["leaves"],
        "grad_leaves": match["grad_detail"]["leaves"],
        "second_draw": second,
        "vacuous": vacuity["vacuous"],
        "vacuity": {"value": vacuity["value"], "grad": vacuity["grad"]},
        **(
            {"float32": {"value": match["float32_value_detail"]["ok"],
                         "grad": match["float32_grad_detail"]["ok"],
                         "grad_leaves": match["float32_grad_detail"]["leaves"]}}
            if "float32_grad_detail" in match else {}
        ),
    }


def size_result(outcome: Outcome, job: Job) -> dict:
    """One entry of the JSON ``runs`` list."""
    run: dict[str, Any] = {
        "size": outcome.meta.get("size", job.size),
        "jit": job.jit,
    }
    if outcome.error is not None:
        run["error"] = outcome.error
    baseline = function_result(outcome, "baseline", job) if "baseline" not in job.skip else None
    candidate = function_result(outcome, "candidate", job) if "candidate" not in job.skip else None
    run["baseline"] = baseline
    run["candidate"] = candidate
    run["speedup"] = speedup(outcome, baseline, candidate) if baseline and candidate else None
    run["match"] = match_result(outcome, job)
    run["notes"] = list(outcome.notes)
    for name, report in (("baseline", baseline), ("candidate", candidate)):
        if report and report.get("summed_output"):
            run["notes"].append(
                f"{name} returns an array of shape {tuple(report['output_shape'])}; "
                "bench differentiates its sum"
            )
    run["rounds"] = job.rounds
    if any(t.get("truncated") for t in outcome.timings):
        run["notes"].append("timing rounds were cut short by the budget")
    for name in sorted({n for t in outcome.timings for n in t.get("skipped", [])}):
        run["notes"].append(f"{name} spent its budget on first calls: no steady-state timing")
    run["load_average"] = timing.load_average()
    return run


# -- a whole target, over sizes --------------------------------------------------------


def run_target(
    target: BenchTarget,
    base_job: Job,
    sizes: list[int] | None,
    use_file_sizes: bool,
    on_event: EventHandler,
) -> dict:
    """Measure a target at each size (or its default size) and fit the scaling."""
    runs: list[dict] = []
    meta: dict = {}
    skip: set[str] = set()
    plan: list[tuple[int | None, int | None]]
    if sizes:
        plan = [(s, None) for s in sizes]
    elif use_file_sizes:
        plan = [(None, 0)]
    else:
        plan = [(None, None)]
    index = 0
    while index < len(plan):
        size, size_index = plan[index]
        job = replace(base_job, target=target, size=size, size_index=size_index,
                      skip=tuple(sorted(skip)))
        on_event("size", {"label": target.label, "size": size, "index": index})
        outcome = run_size(job, on_event)
        meta = meta or outcome.meta
        runs.append(size_result(outcome, job))
        if outcome.error is not None:
            break
        if size_index is not None and outcome.meta.get("sizes"):
            plan += [(s, None) for s in outcome.meta["sizes"][1:]]
        skip |= set(outcome.exceeded)
        if skip >= set(FUNCTIONS):
            break
        index += 1
    result: dict[str, Any] = {
        "target": target.label,
        "file": target.file,
        "baseline_ref": str(target.baseline),
        "candidate_ref": str(target.candidate),
        "device": meta.get("device"),
        "jax_version": meta.get("jax_version"),
        "argnums": meta.get("argnums"),
        "runs": runs,
    }
    if len(runs) > 1:
        result["scaling"] = fit_scaling(runs)
    return result


def fit_scaling(runs: list[dict]) -> dict:
    """Fit time ~ size**k per function and kind; extrapolate where skipped."""
    sizes = [r["size"] for r in runs]
    exponents: dict[str, dict[str, float | None]] = {}
    flags: list[str] = []
    for name in FUNCTIONS:
        exponents[name] = {}
        for kind in ("forward", "grad"):
            key = f"{kind}_s"
            measured = [
                (r["size"], r[name][key]) for r in runs
                if r.get(name) and r[name].get(key) and not r[name].get("extrapolated")
            ]
            fit = scaling.fit_exponent([s for s, _ in measured], [t for _, t in measured])
            exponents[name][kind] = fit[0] if fit else None
            if fit is None:
                continue
            for run in runs:
                report = run.get(name)
                if report is None or report.get(key) is None:
                    if report is None:
                        report = run[name] = {"skipped": True, "exceeded_budget": True}
                    report[key] = scaling.extrapolate(fit, run["size"])
                    report["extrapolated"] = True
        forward_k, grad_k = exponents[name]["forward"], exponents[name]["grad"]
        if scaling.gradient_outgrows_forward(forward_k, grad_k):
            flags.append(
                f"{name}: gradient time grows as size^{grad_k:.2f} but forward as "
                f"size^{forward_k:.2f}: the backward pass does work the forward does not"
            )
    for run in runs:
        base, cand = run.get("baseline"), run.get("candidate")
        if base and cand and (base.get("extrapolated") or cand.get("extrapolated")):
            run["speedup"] = run.get("speedup") or {}
            for kind in ("forward", "grad"):
                run["speedup"][kind] = _ratio(base.get(f"{kind}_s"), cand.get(f"{kind}_s"))
                run["speedup"][f"{kind}_claimed"] = False
            run["speedup"]["extrapolated"] = True
        for report in (base, cand):
            if report and report.get("forward_s") and report.get("grad_s"):
                report["grad_to_forward"] = report["grad_s"] / report["forward_s"]
    return {"sizes": sizes, "exponents": exponents, "flags": flags}


