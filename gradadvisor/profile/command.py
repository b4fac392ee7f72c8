"""The ``gradadvisor profile`` click command (imports no jax itself)."""

from __future__ import annotations

import math
import os
import shutil
import sys
import tempfile

import click
from rich.console import Console

HELP = """Run a Python program unchanged and say which lines make JAX compile slowly.

    gradadvisor profile [OPTIONS] -- python train.py ARGS
    gradadvisor profile [OPTIONS] -- python -m package.main ARGS
    gradadvisor profile [OPTIONS] -- pytest tests/ ARGS

The program runs as it would (its arguments, working directory, stdin,
stdout, stderr and exit code), with hooks installed when it imports jax:
jax.monitoring's tracing, lowering and compile times, and the jaxpr of every
program jax compiles. The report lists the programs by compile time (how
many times each was traced, and why it retraced), then the source lines
their equations came from (the outermost line of your code, as `trace`
charges them), with diagnoses mapped to rule codes: unrolled-loop,
slice-backward, captured-constant, diag-of-matmul, retracing. The scanner
then reads the files the run touched, and each of its findings is reported
as confirmed by the run, not confirmed, or on lines the run never reached
(--no-scan skips it).

The program's Python subprocesses that import jax (pytest -n workers,
multiprocessing, subprocess.run([sys.executable, ...])) are profiled too: they
inherit GRADADVISOR_PROFILE_CHILDREN and a sitecustomize folder first on
PYTHONPATH. --no-subprocesses profiles the program's own process only and
leaves its environment exactly as given.

The report goes to stderr (the program's stdout stays untouched), or to
--output FILE.

Exit codes: the program's own; 2 when profile itself fails (a command it
cannot run, --timeout reached, a report it cannot write); 130 on Ctrl-C,
which stops the program and reports what was recorded.
"""

EXIT_ERROR, EXIT_INTERRUPTED = 2, 130


def _positive_seconds(ctx: click.Context, param: click.Parameter, value: float | None) -> float | None:
    if value is not None and (not math.isfinite(value) or value <= 0):
        raise click.BadParameter("expected a finite number of seconds greater than 0")
    return value


@click.command("profile", help=HELP,
               context_settings={"ignore_unknown_options": True, "allow_interspersed_args": False})
@click.argument("command", nargs=-1, type=click.UNPROCESSED, required=True)
@click.option("--format", "output_format", type=click.Choice(["text", "json", "sarif"]), default="text",
              show_default=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True),
              help="Write the report to FILE instead of stderr.")
@click.option("--timeout", type=float, default=None, callback=_positive_seconds, metavar="SECONDS",
              help="End the program after SECONDS (SIGTERM, then SIGKILL) and report what was recorded.")
@click.option("--no-scan", is_flag=True, help="Do not run the scanner on the files the run touched.")
@click.option("--no-subprocesses", is_flag=True,
              help="Profile only the program's own process (its environment then gets no profile variables).")
@click.option("--lines", "max_rows", type=click.IntRange(1), default=15, show_default=True,
              help="Rows per table of the text report (the JSON has them all).")
def profile(command, output_format, output, timeout, no_scan, no_subprocesses, max_rows):
    from gradadvisor.profile.runner import CommandError, parse_command, run

    try:
        target = parse_command(list(command))
    except CommandError as exc:
        raise click.UsageError(str(exc)) from None
    record_path = tempfile.mkdtemp(prefix="gradadvisor-profile-")
    try:
        outcome = run(target, record_path, timeout, subprocesses=not no_subprocesses)
        if outcome.start_error:
            click.echo(f"gradadvisor profile: {outcome.start_error}", err=True)
            sys.exit(EXIT_ERROR)
        doc = _analyze(list(command), outcome, record_path, no_scan)
    except KeyboardInterrupt:
        click.echo("gradadvisor profile: interrupted", err=True)
        sys.exit(EXIT_INTERRUPTED)
    finally:
        shutil.rmtree(record_path, ignore_errors=True)
    try:
        _emit(doc, output_format, output, max_rows)
    except OSError as exc:
        click.echo(f"gradadvisor profile: cannot write the report: {exc}", err=True)
        sys.exit(EXIT_ERROR)
    if outcome.timed_out:
        sys.exit(EXIT_ERROR)
    sys.exit(EXIT_INTERRUPTED if outcome.interrupted else (outcome.returncode or 0))


def _analyze(command: list[str], outcome, record_path: str, no_scan: bool) -> dict:
    from gradadvisor.profile import analyze, records, report
    from gradadvisor.trace import confirm

    recording = records.read(record_path)
    notes = []
    if outcome.timed_out:
        notes.append(f"the program did not finish within --timeout ({outcome.elapsed_s:.1f} s): it was stopped, "
                     "and this is what was recorded until then")
    if outcome.interrupted:
        notes.append("interrupted: this is what was recorded until then")
    if recording.jax_imported and not recording.jaxpr_hook:
        notes.append(f"jax {recording.jax_version}: the jaxpr hook could not be installed (see the hook errors); "
                     "only compile times are recorded")
    analysis = analyze.analyze(recording, [])
    confirmation = None
    if not no_scan and analysis.functions:
        scanned = confirm.run_scan(analyze.touched_files(analysis))
        if scanned.error:
            confirmation = {"error": scanned.error}
        else:
            analysis = analyze.analyze(recording, scanned.findings)  # the scanner's rule codes where it has them
            confirmation = confirm.confirm(scanned.findings, analysis.diagnoses, analyze.traced_lines(analysis),
                                           report.display_path)
    return report.document(command, outcome, recording, analysis, confirmation, notes)


def _emit(doc: dict, output_format: str, output: str | None, max_rows: int) -> None:
    from gradadvisor.profile import report

    if output_format == "text":
        if output:
            with open(output, "w", encoding="utf-8") as handle:
                report.print_text(Console(file=handle, width=120, no_color=True, highlight=False), doc, max_rows)
        else:
            wide = sys.stderr.isatty() or os.environ.get("COLUMNS")
            report.print_text(Console(stderr=True, width=None if wide else 160), doc, max_rows)
        return
    text = report.to_json(doc) if output_format == "json" else report.to_sarif(doc, _root())
    if output:
        with open(output, "w", encoding="utf-8") as handle:
            handle.write(text + "\n")
    else:
        click.echo(text, err=True)


def _root():
    from pathlib import Path

    from gradadvisor.report.locations import repository_root

    return repository_root([Path.cwd()], Path.cwd())
