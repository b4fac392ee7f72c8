"""The ``gradadvisor trace`` click command (imports no jax itself)."""

from __future__ import annotations

import importlib.util
import math
import os
import sys

import click
from rich.console import Console
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from gradadvisor.bench.command import _int_list
from gradadvisor.bench.loader import FunctionRef, UsageError, parse_argnums

JAX_MISSING = "gradadvisor trace needs jax: pip install 'gradadvisor[bench]'"

HELP = """Show which line of your code makes the gradient program big, and why.

FILE is a bench file (inputs(size=...), baseline and/or candidate,
optionally sizes and argnums). trace builds jax.make_jaxpr of jax.grad(f)
and of f at two or three sizes (the file's sizes, else a quarter, half and
all of inputs()'s default size; or --sizes) and charges every equation,
those of scan/cond/jit/custom_vjp bodies included, to the line of your code
it came from. Per line: equations at each size and how they grow, the
dominant primitives, embedded constants, and the zero-filled arrays the
backward writes into; then diagnoses (unrolled-loop, slice-backward,
dense-table-gradient, captured-constant, diag-of-matmul, cheap-gradient)
mapped to rule codes. Without FILE, name the function(s) with --function
and their arguments with --inputs (module:function or path.py:function).

Tracing IMPORTS AND RUNS your code (unlike `gradadvisor scan`, which only
parses): trace code you trust. It runs in a child process that is killed
when one step (loading the code, building the inputs at one size, tracing
one function at one size) takes longer than --timeout. Nothing is compiled
unless --cost asks for XLA's flop counts.

The scanner then reads the files of the traced code, and each of its
findings is reported as confirmed by the trace or not (--no-scan skips it).

Exit codes: 0 the trace ran (with or without diagnoses); 2 usage error,
user code raised, or nothing could be traced within --timeout; 130
interrupted.
"""


def _positive_seconds(ctx: click.Context, param: click.Parameter, value: float) -> float:
    if not math.isfinite(value) or value <= 0:
        raise click.BadParameter("expected a finite number of seconds greater than 0")
    return value


@click.command("trace", help=HELP)
@click.argument("path", required=False, type=click.Path(exists=True, dir_okay=False))
@click.option("--function", "function_refs", multiple=True, metavar="MOD:FUNC",
              help="A function to trace (repeatable); with FILE, a name defined in FILE.")
@click.option("--inputs", "inputs_ref", metavar="MOD:FUNC",
              help="Returns the tuple of arguments; called as inputs(size).")
@click.option("--argnums", metavar="I[,J]", help="Differentiated arguments (default: the file's argnums, else 0).")
@click.option("--sizes", callback=_int_list, metavar="N,N,...",
              help="Problem sizes to trace at (default: the file's sizes, else inputs' default /4, /2, x1).")
@click.option("--timeout", type=float, default=60.0, show_default=True, callback=_positive_seconds,
              help="Seconds allowed for each step (loading, inputs at one size, one trace at one size).")
@click.option("--cost", is_flag=True,
              help="Also compile forward and gradient for XLA's flop counts (slow for unrolled loops).")
@click.option("--no-scan", is_flag=True, help="Do not run the scanner to confirm its findings.")
@click.option("--format", "output_format", type=click.Choice(["table", "json"]), default="table",
              show_default=True)
@click.option("--lines", "max_lines", type=click.IntRange(1), default=12, show_default=True,
              help="Table rows per function (the JSON has every line).")
@click.option("--quiet", is_flag=True, help="No progress display.")
def trace(path, function_refs, inputs_ref, argnums, sizes, timeout, cost, no_scan, output_format,
          max_lines, quiet):
    if importlib.util.find_spec("jax") is None:
        click.echo(JAX_MISSING, err=True)
        sys.exit(2)
    try:
        target = _target(path, function_refs, inputs_ref, argnums)
    except UsageError as exc:
        raise click.UsageError(str(exc)) from None
    err_console = Console(stderr=True)
    try:
        document = _run(target, sizes, timeout, cost, no_scan, quiet, err_console)
    except KeyboardInterrupt:
        err_console.print("gradadvisor trace: interrupted", highlight=False)
        sys.exit(130)
    _print(document, output_format, max_lines, err_console)


def _target(path, function_refs, inputs_ref, argnums):
    from gradadvisor.trace.worker import TraceTarget

    parsed = parse_argnums(argnums) if argnums else None
    if path:
        resolved = os.path.abspath(path)
        refs = tuple(
            (ref, FunctionRef.parse(ref)) if ":" in ref else (ref, FunctionRef(resolved, ref))
            for ref in function_refs
        )
        for name, ref in refs:
            if not ref.name.isidentifier():
                raise UsageError(f"not a function name: {name!r}")
        target = TraceTarget.from_file(path)
        if refs:
            target = TraceTarget(target.label, tuple((ref.name, ref) for _, ref in refs), target.inputs,
                                 target.file)
        if inputs_ref:
            inputs = FunctionRef.parse(inputs_ref) if ":" in inputs_ref else FunctionRef(resolved, inputs_ref)
            target = TraceTarget(target.label, target.functions, inputs, target.file, None, target.optional)
        return TraceTarget(target.label, target.functions, target.inputs, target.file, parsed, target.optional)
    if not function_refs or not inputs_ref:
        raise UsageError("give a bench file, or --function (one or more) and --inputs")
    refs = [FunctionRef.parse(ref) for ref in function_refs]
    names = [ref.name for ref in refs]
    shown = [str(ref) if names.count(ref.name) > 1 else ref.name for ref in refs]
    return TraceTarget(
        label=", ".join(shown),
        functions=tuple(zip(shown, refs)),
        inputs=FunctionRef.parse(inputs_ref),
        argnums=parsed or (0,),
    )


def _run(target, sizes, timeout, cost, no_scan, quiet, err_console) -> dict:
    """Trace, diagnose, confirm: the JSON document."""
    from gradadvisor.trace import confirm, diagnose, lines, report
    from gradadvisor.trace.runner import _describe, run_trace
    from gradadvisor.trace.worker import TraceJob

    job = TraceJob(target=target, sizes=tuple(sizes) if sizes else None, cost=cost)
    with Progress(SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn(),
                  console=err_console, transient=True,
                  disable=quiet or not err_console.is_terminal) as progress:
        task = progress.add_task(target.label)

        def on_event(kind: str, payload: dict) -> None:
            if kind == "begin":
                progress.update(task, description=f"{target.label}: {_describe(payload)}")

        run = run_trace(job, timeout, on_event)
        functions = []
        for info in (run.plan or {}).get("functions", []):
            traces = [t for t in run.traces if t["function"] == info["name"]]
            if traces:
                functions.append(lines.merge(info["name"], info, traces))
            elif run.error is None:
                run.notes.append(f"{info['name']} could not be traced at any size within --timeout")
        run.notes += [f"{fn.name} returns an array: its sum is differentiated (as bench does)"
                      for fn in functions if fn.summed_output]
        if functions and len([s for s in run.plan["sizes"] if s is not None]) < 2:
            run.notes.append("traced at one size only: equation growth, unrolled-loop and slice-backward "
                             "need two or more sizes (--sizes, or inputs(size=...))")
        if run.error is None and not functions:
            run.error = {"kind": "user", "headline": "nothing could be traced within --timeout "
                         f"({timeout:g} s)", "trace": "", "function": None}
        findings: list = []
        confirmation = None
        if functions and not no_scan:
            progress.update(task, description=f"{target.label}: scanning the traced files")
            files = {target.file} | {fn.path for fn in functions}
            files |= {row.path for fn in functions for row in fn.rows if row.path}
            scanned = confirm.run_scan(files)
            findings = scanned.findings
            if scanned.error:
                confirmation = {"error": scanned.error}
        diagnoses = {fn.name: diagnose.diagnose(fn, findings, cost) for fn in functions}
        if functions and not no_scan and confirmation is None:
            traced_lines = {
                (path, line)
                for fn in functions for row in fn.rows if row.path
                for path, line in [(row.path, row.line)] + [(f["path"], f["line"]) for f in row.stack]
            }
            every = [d for fn in functions for d in diagnoses[fn.name]]
            confirmation = confirm.confirm(findings, every, traced_lines, report.display_path)
    return report.document(target, run, functions, diagnoses, confirmation)


def _print(document: dict, output_format: str, max_lines: int, err_console: Console) -> None:
    from gradadvisor.trace import report

    error = document.get("error")
    if error:
        report.print_error(err_console, error)
    if output_format == "json":
        click.echo(report.to_json(document))
    elif document["functions"]:
        out_console = Console(width=None if sys.stdout.isatty() or os.environ.get("COLUMNS") else 160)
        report.print_document(out_console, document, max_lines)
    sys.exit(report.EXIT_ERROR if error else report.EXIT_OK)
