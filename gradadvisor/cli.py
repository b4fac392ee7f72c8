"""The command line: ``gradadvisor scan | rules | rule | bench``.

``scan`` never imports jax or numpy, nor the code it reads; ``bench`` is loaded
only when called (it needs the ``bench`` extra).
"""

from __future__ import annotations

import functools
import importlib
import os
import sys
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from gradadvisor import __version__
from gradadvisor.config import ConfigError, Config, check_codes, enabled_rules, find_config_file, load_config
from gradadvisor.engine.discovery import discover
from gradadvisor.engine.pool import StopSignals, Terminated
from gradadvisor.engine.runner import FileResult, Settings, lint_paths, summarize
from gradadvisor.engine.source import FileError
from gradadvisor.report import FORMATS
from gradadvisor.rules import all_rules, rule_by_code

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
#: Ended by Ctrl-C (SIGINT) or SIGTERM: 128 + the signal's number, as a shell reports it.
EXIT_INTERRUPTED, EXIT_TERMINATED = 130, 143
#: Ctrl-C and SIGTERM during a scan.
_stop_signals = StopSignals()


class LazyGroup(click.Group):
    """A click group whose heavy subcommands are imported only when used."""

    lazy_commands = {"bench": "gradadvisor.bench.command:bench"}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *self.lazy_commands])

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.lazy_commands:
            module_name, _, attr = self.lazy_commands[name].partition(":")
            return getattr(importlib.import_module(module_name), attr)
        return super().get_command(ctx, name)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="gradadvisor")
def main() -> None:
    """Find the code shapes that make JAX gradients slow, and prove the rewrite."""


def _split_codes(values: tuple[str, ...]) -> tuple[str, ...] | None:
    if not values:
        return None
    return tuple(code.strip().upper() for value in values for code in value.split(",") if code.strip())


def _display(path: Path) -> str:
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix() if path.is_absolute() else path.as_posix()
    except (ValueError, OSError, RuntimeError):  # outside the working directory, or a symlink loop
        return path.as_posix()


def _load_config(config_file: Path | None, paths: list[Path]) -> Config:
    if config_file is not None:
        return load_config(config_file, explicit=True)
    anchor = Path(os.path.commonpath([str(path.absolute()) for path in paths])) if paths else Path.cwd()
    return load_config(find_config_file(anchor))


def _internal_errors_exit_2(command):
    """An unexpected exception is an internal error: a clear line and exit 2, never exit 1."""

    @functools.wraps(command)
    def guarded(*args, **kwargs):
        try:
            return command(*args, **kwargs)
        except (click.exceptions.Exit, click.ClickException, click.Abort, SystemExit, KeyboardInterrupt, Terminated):
            raise
        except Exception as error:  # noqa: BLE001
            Console(stderr=True, highlight=False).print(
                f"[red]gradadvisor: internal error[/]: {escape(f'{type(error).__name__}: {error}')}\n"
                "Please report it with the command line that triggered it."
            )
            sys.exit(EXIT_ERROR)

    return guarded


def _interrupts_end_the_run(command):
    """Ctrl-C exits 130 and SIGTERM 143, each with one line and no traceback; on the way out
    the worker processes are stopped and an unfinished fix removes its temporary file."""

    @functools.wraps(command)
    def guarded(*args, **kwargs):
        try:
            with _stop_signals:
                try:
                    result = command(*args, **kwargs)
                except SystemExit:
                    _stop_signals.check()  # a signal whose exception was lost still ends the run
                    raise
                _stop_signals.check()
                return result
        except KeyboardInterrupt:
            click.echo("gradadvisor: interrupted", err=True)
            sys.exit(EXIT_INTERRUPTED)
        except Terminated:
            click.echo("gradadvisor: terminated", err=True)
            sys.exit(EXIT_TERMINATED)

    return guarded


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--select", multiple=True, metavar="CODES", help="Rule codes or prefixes to enable (comma-separated, or ALL).")
@click.option("--ignore", multiple=True, metavar="CODES", help="Rule codes or prefixes to disable (comma-separated, or ALL).")
@click.option(
    "--format",
    "output_format",
    type=click.Choice(FORMATS),
    default="text",
    envvar="GRADADVISOR_FORMAT",
    show_default=True,
    show_envvar=True,
    help="Output format.",
)
@click.option("--diff", is_flag=True, help="Show the fixes as a unified diff; write nothing.")
@click.option("--fix", is_flag=True, help="Apply safe fixes.")
@click.option("--unsafe-fixes/--no-unsafe-fixes", default=None, help="Also apply (or show) fixes that can change behaviour.")
@click.option("--exit-zero", is_flag=True, help="Exit with 0 even when there are findings.")
@click.option("--statistics", is_flag=True, help="Show a count per rule instead of each finding.")
@click.option("--no-cache", is_flag=True, help="Do not read or write a cache (there is no cache yet: accepted for forward compatibility).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None, help="Worker processes (default: one per core).")
@click.option("--config", "config_file", type=click.Path(path_type=Path, dir_okay=False), default=None, help="A pyproject.toml to read [tool.gradadvisor] from.")
@click.option("--quiet", "-q", is_flag=True, help="Print findings only, no summary.")
@click.option(
    "--force-exclude/--no-force-exclude",
    default=None,
    help="Apply `exclude` to files named on the command line too (for pre-commit).",
)
@_interrupts_end_the_run
@_internal_errors_exit_2
def scan(
    paths: tuple[Path, ...],
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    output_format: str,
    diff: bool,
    fix: bool,
    unsafe_fixes: bool | None,
    exit_zero: bool,
    statistics: bool,
    no_cache: bool,
    jobs: int | None,
    config_file: Path | None,
    quiet: bool,
    force_exclude: bool | None,
) -> None:
    """Scan PATHS (default: the current directory) for slow-gradient code shapes.

    Exit codes: 0 no findings, 1 findings (or errors such as syntax errors),
    2 usage error, missing path, bad configuration or internal error.
    The code read is parsed, never imported or run.
    """
    out = Console(highlight=False, soft_wrap=True)
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    given = list(paths) or [Path(".")]
    try:
        config = _load_config(config_file, given)
        cli_select, cli_ignore = _split_codes(select), _split_codes(ignore)
        for codes, flag in ((cli_select, "--select"), (cli_ignore, "--ignore")):
            if codes:
                check_codes(codes, flag)
    except ConfigError as error:
        err.print(f"[red]error[/]: {escape(str(error))}")
        sys.exit(EXIT_ERROR)
    # As in ruff: --select starts a new rule set (the file's ignore no longer applies); --ignore adds to the file's.
    if cli_select is not None:
        rules = enabled_rules(cli_select, cli_ignore or ())
    else:
        rules = enabled_rules(config.select, config.ignore + (cli_ignore or ()))
    unsafe = config.unsafe_fixes if unsafe_fixes is None else unsafe_fixes
    if force_exclude is None:
        force_exclude = config.force_exclude
    found = discover(given, config.root, config.exclude, force_exclude)
    for missing in found.missing:
        err.print(f"[red]error[/]: {escape(missing)}: no such file or directory")
    if found.missing and not found.files:
        sys.exit(EXIT_ERROR)
    settings = Settings(
        codes=tuple(rule.code for rule in rules),
        root=str(config.root.resolve()),
        per_file_ignores=config.per_file_ignores,
        fix_mode="diff" if diff else "fix" if fix else "none",  # --diff writes nothing, even with --fix
        unsafe_fixes=unsafe,
        max_file_size=config.max_file_size,
    )
    files = [(path, _display(path)) for path in found.files]
    results = lint_paths(files, settings, jobs)
    _stop_signals.check()  # interrupted: no report of a partial run
    findings, errors = summarize(results)
    errors = [FileError(_display(path), "io-error", f"cannot list folder: {reason}") for path, reason in found.unreadable] + errors
    fixed = sum(result.fixed for result in results)

    if diff:
        _print_diff(results, out, err, quiet)
    elif output_format == "json":
        from gradadvisor.report import json_report

        click.echo(json_report.render(findings, errors, len(files)))
    elif output_format == "sarif":
        from gradadvisor.report import sarif

        click.echo(sarif.render(findings, errors))
    elif output_format == "github":
        from gradadvisor.report import github

        text = github.render(findings, errors)
        if text:
            click.echo(text)
    else:
        from gradadvisor.report import text

        if statistics:
            text.print_statistics(out, findings)
            text.print_findings(out, [], errors, unsafe)
        else:
            text.print_findings(out, findings, errors, unsafe)
        if not quiet:
            text.print_summary(out, findings, errors, len(files), fixed, unsafe)
    sys.exit(_exit_code(results, findings, errors, found.missing, exit_zero, diff))


def _print_diff(results: list[FileResult], out: Console, err: Console, quiet: bool) -> None:
    changed = [result for result in results if result.diff]
    for result in changed:
        click.echo(result.diff, nl=False)
    if not quiet:
        fixes = sum(result.fixed for result in changed)
        if fixes:
            err.print(f"Would fix {fixes} finding{'s' * (fixes != 1)} in {len(changed)} file{'s' * (len(changed) != 1)}.")
        else:
            err.print("No fixes available.")


def _exit_code(results, findings, errors, missing, exit_zero: bool, diff: bool) -> int:
    if missing or any(error.kind == "internal-error" for error in errors):
        return EXIT_ERROR
    if exit_zero:
        return EXIT_CLEAN
    if diff:
        return EXIT_FINDINGS if any(result.diff for result in results) else EXIT_CLEAN
    if findings or any(error.is_failure for error in errors):
        return EXIT_FINDINGS
    return EXIT_CLEAN


@main.command("rules")
def list_rules() -> None:
    """List every rule: code, name, fixable, summary."""
    table = Table(title="gradadvisor rules", title_justify="left")
    table.add_column("Code", style="bold")
    table.add_column("Name")
    table.add_column("Fix")
    table.add_column("Default")
    table.add_column("Summary")
    for rule in all_rules():
        table.add_row(rule.code, rule.name, "yes" if rule.fixable() else "", "on" if rule.default_enabled else "off", escape(rule.summary))
    Console(highlight=False).print(table)


@main.command("rule")
@click.argument("code")
def show_rule(code: str) -> None:
    """Explain one rule (by code, e.g. GA202, or by name)."""
    rule = rule_by_code(code)
    if rule is None:
        known = ", ".join(r.code for r in all_rules())
        raise click.UsageError(f"unknown rule {code!r}; known rules: {known}")
    console = Console(highlight=False)
    fix = "fixable" if rule.fixable() else "advice only"
    default = "" if rule.default_enabled else ", off by default"
    console.print(f"[bold]{rule.code} {rule.name}[/] ({fix}{default})\n")
    console.print(f"{escape(rule.summary)}\n")
    from rich.markdown import Markdown

    console.print(Markdown(rule.documentation()))
