"""The ``gradadvisor bench`` click command (imports no jax itself)."""

from __future__ import annotations

import importlib.util
import math
import os
import sys
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from gradadvisor.bench.loader import (
    BenchTarget,
    FunctionRef,
    UsageError,
    bench_files_in,
    parse_argnums,
)

JAX_MISSING = "gradadvisor bench needs jax: pip install 'gradadvisor[bench]'"
EXIT_INTERRUPTED = 130

HELP = """Prove a rewrite: same value, same gradient, and how much faster.

PATH is a bench file (defining inputs(size=..., seed=...), baseline(*args),
candidate(*args), optionally argnums and sizes) or a folder of them, such
as patterns/. Without PATH, name the functions with --baseline, --candidate
and --inputs (module:function or path.py:function). `--init FILE:LINE`
writes a bench file for the scanner's finding at that line.

Loading a bench file IMPORTS AND RUNS IT (unlike `gradadvisor scan`, which
only parses): run bench on code you trust. Each measurement runs in a child
process that is killed when a function exceeds --timeout.

Exit codes: 0 the candidate matches; 1 values or gradients differ, could
not be compared (NaN or inf), the match is vacuous (see --allow-vacuous), or
a time regressed against --compare; 2 usage error, or user code raised;
130 interrupted.
"""


def _int_list(ctx: click.Context, param: click.Parameter, value: str | None) -> list[int] | None:
    if value is None:
        return None
    try:
        sizes = [int(part) for part in value.split(",") if part.strip()]
    except ValueError:
        raise click.BadParameter("expected comma-separated integers, e.g. 100,1000,10000") from None
    if not sizes or any(s <= 0 for s in sizes):
        raise click.BadParameter("expected positive sizes")
    return sizes


def _finite(positive: bool):
    """A callback that accepts finite numbers above 0 (``positive``) or at least 0."""

    def check(ctx: click.Context, param: click.Parameter, value: float | None) -> float | None:
        if value is None:
            return None
        if not math.isfinite(value) or value < 0 or (positive and value == 0):
            raise click.BadParameter(f"must be a finite number {'> 0' if positive else '>= 0'}, not {value:g}")
        return value

    return check


class _FormatChoice(click.Choice):
    """The output formats; ``table`` is kept as a hidden alias of ``text``."""

    aliases = {"table": "text"}

    def convert(self, value, param, ctx):
        return super().convert(self.aliases.get(value, value), param, ctx)


@click.command("bench", help=HELP)
@click.argument("path", required=False, type=click.Path(exists=True, dir_okay=True))
@click.option("--baseline", "baseline_ref", metavar="MOD:FUNC", help="The original function.")
@click.option("--candidate", "candidate_ref", metavar="MOD:FUNC", help="The rewrite.")
@click.option("--inputs", "inputs_ref", metavar="MOD:FUNC",
              help="Returns the tuple of arguments; called as f(size) with --sizes.")
@click.option("--argnums", metavar="I[,J]", help="Differentiated arguments (default: the file's argnums, else 0).")
@click.option("--sizes", callback=_int_list, metavar="N,N,...",
              help="Problem sizes: fit time ~ size^k for forward and gradient.")
@click.option("--scaling", is_flag=True, help="Use the bench file's own `sizes` for scaling.")
@click.option("--jit/--no-jit", default=True, show_default=True, help="Measure under jax.jit or eagerly.")
@click.option("--timeout", type=float, default=60.0, show_default=True, callback=_finite(positive=True),
              help="Budget in seconds for all measurements of one function at one size.")
@click.option("--rounds", type=click.IntRange(1), default=7, show_default=True,
              help="Interleaved timing rounds after a discarded warm-up round (at least 5 for claims).")
@click.option("--min-sample", type=float, default=0.02, show_default=True, callback=_finite(positive=False),
              help="Each timing sample repeats the call until it lasts this many seconds.")
@click.option("--quick", is_flag=True, help="3 rounds of 5 ms samples: for smoke tests, not for claims.")
@click.option("--rtol", type=float, callback=_finite(positive=False),
              help="Relative tolerance (default 1e-4 float32, 1e-10 float64).")
@click.option("--atol", type=float, callback=_finite(positive=False),
              help="Absolute tolerance as a fraction of the largest magnitude in the result (default: rtol).")
@click.option("--no-x64-check", is_flag=True, help="Do not re-run a failing float32 comparison in float64.")
@click.option("--allow-vacuous", is_flag=True,
              help="Accept a match that proves nothing (value and gradient zero, constant or input-independent).")
@click.option("--device", type=click.Choice(["cpu", "gpu"]), help="Backend to measure on.")
@click.option("--format", "output_format", type=_FormatChoice(["text", "json", "markdown"]), default="text",
              show_default=True, help="Output format (markdown: tables to paste in a pull request).")
@click.option("--save", type=click.Path(dir_okay=False), help="Also write the JSON here.")
@click.option("--compare", "compare_path", type=click.Path(exists=True, dir_okay=False), metavar="OLD.json",
              help="Compare the times with a run saved by --save; exit 1 on a confirmed regression.")
@click.option("--init", "init_at", metavar="FILE:LINE",
              help="Write a bench file for the scanner's finding at FILE:LINE (then bench it).")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="With --init: where to write (default FILE_bench.py).")
@click.option("--force", is_flag=True, help="With --init: overwrite an existing file.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def bench(path, baseline_ref, candidate_ref, inputs_ref, argnums, sizes, scaling, jit, timeout,
          rounds, min_sample, quick, rtol, atol, no_x64_check, allow_vacuous, device, output_format,
          save, compare_path, init_at, output, force, quiet):
    if init_at is not None:
        _init(init_at, output, force, path, baseline_ref or candidate_ref or inputs_ref)
        return
    if output or force:
        raise click.UsageError("-o/--output and --force go with --init")
    if importlib.util.find_spec("jax") is None:
        click.echo(JAX_MISSING, err=True)
        sys.exit(2)
    from gradadvisor.bench import markdown, report, saved_run, timing
    from gradadvisor.bench.runner import run_target
    from gradadvisor.bench.worker import Job

    try:
        targets = _targets(path, baseline_ref, candidate_ref, inputs_ref, argnums)
        old_document = saved_run.load_saved(compare_path) if compare_path else None
        if save:
            saved_run.check_writable(save)
    except UsageError as exc:
        raise click.UsageError(str(exc)) from None
    if sizes and scaling:
        raise click.UsageError("use either --sizes or --scaling")
    if quick:
        rounds, min_sample = min(rounds, 3), min(min_sample, 0.005)
    job = Job(target=targets[0], jit=jit, device=device, rounds=rounds, min_sample_s=min_sample,
              budget_s=timeout, rtol=rtol, atol=atol, x64_check=not no_x64_check)

    err_console = Console(stderr=True)
    load_at_start = timing.load_average()
    if timing.machine_is_busy(load_at_start):
        err_console.print(f"[yellow]warning:[/] load average is {load_at_start:.1f} on "
                          f"{os.cpu_count()} cores: other work will make the timings noisy",
                          highlight=False)
    out_console = Console(width=None if sys.stdout.isatty() else 130)
    results = []
    steps = 7 * (len(sizes) if sizes else 1)  # per size: 3 stages per function, then timing
    try:
        with Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(),
                      TimeElapsedColumn(), console=err_console, transient=True,
                      disable=quiet or not err_console.is_terminal) as progress:
            for target in targets:
                task = progress.add_task(target.label, total=steps)
                sink = _progress_sink(progress, task, target.label)
                result = run_target(target, job, sizes, scaling, sink)
                result["allow_vacuous"] = allow_vacuous
                progress.update(task, completed=steps)
                results.append(result)
                if output_format == "text" and len(targets) > 1:
                    report.print_target(out_console, result, detail=False)
    except KeyboardInterrupt:  # the runner has killed the measuring process
        err_console.print("gradadvisor bench: interrupted", highlight=False)
        sys.exit(EXIT_INTERRUPTED)

    document = _document(results, path, targets)
    document["load_average_at_start"] = load_at_start
    comparison = None
    if old_document is not None:
        comparison = saved_run.compare_runs(old_document, results, str(compare_path))
        document["comparison"] = comparison
    if save:
        try:
            Path(save).write_text(report.to_json(document) + "\n")
        except OSError as exc:
            err_console.print(f"[red]error:[/] cannot save to {save}: {exc.strerror or exc}", highlight=False)
    if output_format == "json":
        click.echo(report.to_json(document))
    elif output_format == "markdown":
        click.echo(markdown.render(results, comparison))
    else:
        if len(targets) == 1:
            report.print_target(out_console, results[0])
        else:
            out_console.print(report.summary_table(results))
        if comparison is not None:
            out_console.print(report.comparison_table(comparison))
            for note in comparison["notes"]:
                out_console.print(f"[yellow]note:[/] {note}", highlight=False)
    code = max(report.exit_code(r) for r in results)
    if comparison is not None and comparison["regressions"] and code == report.EXIT_MATCH:
        code = report.EXIT_DIFFER
    sys.exit(code)


def _init(init_at: str, output: str | None, force: bool, path: str | None, explicit: str | None) -> None:
    """``--init FILE:LINE``: write a bench file for the finding there."""
    from gradadvisor.bench.init.command import InitError, init_bench_file

    if path or explicit:
        raise click.UsageError("--init takes FILE:LINE alone, not PATH or --baseline/--candidate/--inputs")
    console = Console(stderr=True, highlight=False)
    try:
        written = init_bench_file(init_at, output, force)
    except InitError as exc:
        console.print(f"[red]error:[/] {escape(str(exc))}")
        sys.exit(2)
    click.echo(f"wrote {written.path}")
    for todo in written.todos:
        click.echo(f"  TODO (line {todo.line}): {todo.text}")
    if written.todos and all(todo.text.startswith("adjust ") for todo in written.todos):
        click.echo(f"the file runs as written; check the {len(written.todos)} assumed input(s) marked TODO, "
                   f"then: gradadvisor bench {written.path}")
    elif written.todos:
        click.echo(f"fill in the {len(written.todos)} TODO(s), then: gradadvisor bench {written.path}")
    else:
        click.echo(f"next: gradadvisor bench {written.path}")


def _targets(path, baseline_ref, candidate_ref, inputs_ref, argnums) -> list[BenchTarget]:
    """The bench targets named on the command line."""
    explicit = [baseline_ref, candidate_ref, inputs_ref]
    if path and any(explicit):
        raise UsageError("give either PATH or --baseline/--candidate/--inputs, not both")
    if not path:
        if not all(explicit):
            raise UsageError("give a bench file or folder, or all of --baseline, --candidate and --inputs")
        baseline, candidate, inputs = (FunctionRef.parse(r) for r in explicit)
        label = f"{baseline.name} vs {candidate.name}"
        return [BenchTarget(label=label, baseline=baseline, candidate=candidate, inputs=inputs,
                            argnums=parse_argnums(argnums) if argnums else (0,))]
    if os.path.isdir(path):
        files = bench_files_in(path)
        if not files:
            raise UsageError(f"no bench files (*.py) in {path}")
        targets = [BenchTarget.from_file(f) for f in files]
    else:
        targets = [BenchTarget.from_file(path)]
    if argnums:
        parsed = parse_argnums(argnums)
        targets = [BenchTarget(t.label, t.baseline, t.candidate, t.inputs, parsed, t.file) for t in targets]
    return targets


def _progress_sink(progress: Progress, task, label: str):
    """Turn worker messages into progress updates."""
    state = {"size": None}

    def on_event(kind: str, payload: dict) -> None:
        if kind == "size":
            state["size"] = payload.get("size")
        elif kind == "meta":
            state["size"] = payload.get("size")
        elif kind == "begin":
            where = f" size={state['size']}" if state["size"] is not None else ""
            progress.update(task, description=f"{label}{where}: {payload['function']} {payload['stage']}")
        elif kind in ("end", "overrun"):
            progress.advance(task)

    return on_event


def _document(results: list[dict], path: str | None, targets) -> dict:
    """The JSON document: one target's result, or all of a folder's."""
    first = next((r for r in results if r.get("device")), results[0])
    common = {"device": first.get("device"), "jax_version": first.get("jax_version")}
    if len(results) == 1 and not (path and os.path.isdir(path)):
        return {**common, **results[0]}
    return {**common, "folder": path, "benches": results}
