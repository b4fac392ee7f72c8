"""The command line: ``gradadvisor scan | rules | rule | bench | trace``.

``scan`` never imports jax or numpy, nor the code it reads; ``bench`` and ``trace`` are
loaded only when called (they need the ``bench`` extra).

Start-up is paid on every call (pre-commit, editors), so this module imports click and
nothing heavy: each command imports what it uses when it runs (the engine, the rules, rich,
a report format), and ``gradadvisor --version`` or ``--help`` loads none of it.
``benchmarks/startup.py`` measures it.
"""

from __future__ import annotations

import functools
import importlib
import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from gradadvisor import __version__

if TYPE_CHECKING:
    from rich.console import Console

    from gradadvisor.config import Config
    from gradadvisor.engine.runner import FileResult, ProjectContext, Settings
from gradadvisor.report import FORMATS, MACHINE_FORMATS

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
#: Ended by Ctrl-C (SIGINT) or SIGTERM: 128 + the signal's number, as a shell reports it.
EXIT_INTERRUPTED, EXIT_TERMINATED = 130, 143
#: Ctrl-C and SIGTERM during a scan (a ``StopSignals``, made when a command first runs).
_stop_signals = None


def _stops():
    """The process's ``StopSignals``."""
    global _stop_signals
    if _stop_signals is None:
        from gradadvisor.engine.pool import StopSignals

        _stop_signals = StopSignals()
    return _stop_signals


class LazyGroup(click.Group):
    """A click group whose heavy subcommands are imported only when used."""

    lazy_commands = {
        "bench": "gradadvisor.bench.command:bench",
        "profile": "gradadvisor.profile.command:profile",
        "trace": "gradadvisor.trace.command:trace",
    }
    #: What ``gradadvisor --help`` says of each lazy command, without importing it.
    lazy_short_help = {
        "bench": "Prove a rewrite: same value, same gradient, and how much faster.",
        "profile": "Run a program unchanged and show which lines make JAX compile slowly.",
        "trace": "Show which lines make the gradient program big, and why.",
    }

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *self.lazy_commands])

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            if name in self.lazy_commands:
                rows.append((name, self.lazy_short_help[name]))
            else:
                command = self.commands[name]
                if not command.hidden:
                    rows.append((name, command.get_short_help_str(limit=1000)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

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
    from gradadvisor.config import find_config_file, load_config

    if config_file is not None:
        return load_config(config_file, explicit=True)
    anchor = Path(os.path.commonpath([str(path.absolute()) for path in paths])) if paths else Path.cwd()
    return load_config(find_config_file(anchor))


def _internal_errors_exit_2(command):
    """An unexpected exception is an internal error: a clear line and exit 2, never exit 1."""

    @functools.wraps(command)
    def guarded(*args, **kwargs):
        from gradadvisor.engine.pool import Terminated

        try:
            return command(*args, **kwargs)
        except (click.exceptions.Exit, click.ClickException, click.Abort, SystemExit, KeyboardInterrupt, Terminated):
            raise
        except Exception as error:  # noqa: BLE001
            from rich.console import Console
            from rich.markup import escape

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
        from gradadvisor.engine.pool import Terminated

        stops = _stops()
        try:
            with stops:
                try:
                    result = command(*args, **kwargs)
                except SystemExit:
                    stops.check()  # a signal whose exception was lost still ends the run
                    raise
                stops.check()
                return result
        except KeyboardInterrupt:
            click.echo("gradadvisor: interrupted", err=True)
            sys.exit(EXIT_INTERRUPTED)
        except Terminated:
            click.echo("gradadvisor: terminated", err=True)
            sys.exit(EXIT_TERMINATED)

    return guarded


@main.command(short_help="Scan files and notebooks for slow-gradient code shapes.")
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
@click.option("--output-file", "-o", type=click.Path(path_type=Path, dir_okay=False), default=None, help="Write the report to FILE instead of stdout.")
@click.option("--diff", is_flag=True, help="Show the fixes as a unified diff; write nothing.")
@click.option("--fix", is_flag=True, help="Apply safe fixes.")
@click.option("--unsafe-fixes/--no-unsafe-fixes", default=None, help="Also apply (or show) fixes that can change behaviour.")
@click.option("--show-fixes", is_flag=True, help="List the fixes applied (with --fix) or available.")
@click.option("--exit-zero", is_flag=True, help="Exit with 0 even when there are findings.")
@click.option("--exit-non-zero-on-fix", is_flag=True, help="Exit with 1 when anything was fixed, even if no finding remains.")
@click.option("--statistics", is_flag=True, help="Show a count per rule instead of each finding (as JSON with --format json).")
@click.option(
    "--stdin-filename", metavar="PATH", default=None,
    help="Read the source from stdin (PATHS: - or nothing) as the file PATH: its configuration, per-file-ignores and "
    "exclude apply; --fix prints the fixed source on stdout.",
)
@click.option("--show-settings", is_flag=True, help="Print the configuration that applies to the first path and exit.")
@click.option("--no-cache", is_flag=True, help="Do not read or write the cache (.gradadvisor_cache/ at the project root).")
@click.option(
    "--cache-dir",
    type=click.Path(path_type=Path, file_okay=False),
    default=None,
    envvar="GRADADVISOR_CACHE_DIR",
    show_envvar=True,
    help="Where to keep the cache (default: .gradadvisor_cache/ at the project root).",
)
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None, help="Worker processes (default: one per core).")
@click.option("--config", "config_file", type=click.Path(path_type=Path, dir_okay=False), default=None, help="A pyproject.toml to read [tool.gradadvisor] from.")
@click.option("--quiet", "-q", is_flag=True, help="Print findings only: no summary, no blank lines.")
@click.option(
    "--min-confidence",
    type=click.Choice(["low", "medium", "high"]),
    default=None,
    help="Report findings of this confidence and above (default: medium, or the configured min-confidence).",
)
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
    output_file: Path | None,
    diff: bool,
    fix: bool,
    unsafe_fixes: bool | None,
    show_fixes: bool,
    exit_zero: bool,
    exit_non_zero_on_fix: bool,
    statistics: bool,
    stdin_filename: str | None,
    show_settings: bool,
    no_cache: bool,
    cache_dir: Path | None,
    jobs: int | None,
    config_file: Path | None,
    quiet: bool,
    min_confidence: str | None,
    force_exclude: bool | None,
) -> None:
    """Scan PATHS (default: the current directory) for slow-gradient code shapes.

    Python files and Jupyter notebooks are read; `-` reads one file from stdin
    (name it with --stdin-filename).

    Exit codes: 0 no findings, 1 findings (or errors such as syntax errors),
    2 usage error, missing path, bad configuration or internal error.
    The code read is parsed, never imported or run.
    """
    from rich.console import Console
    from rich.markup import escape

    from gradadvisor.config import ConfigError, check_codes, enabled_rules
    from gradadvisor.engine.discovery import discover
    from gradadvisor.engine.runner import FileResult, Settings, lint_paths, summarize
    from gradadvisor.engine.source import FileError

    err = Console(stderr=True, highlight=False, soft_wrap=True, emoji=False)
    from_stdin = paths == (Path("-"),) or (not paths and stdin_filename is not None)
    if Path("-") in paths and not from_stdin:
        raise click.UsageError("`-` (stdin) cannot be combined with other paths")
    if statistics and output_format not in STATISTICS_FORMATS:
        raise click.UsageError(f"--statistics prints --format {', '.join(STATISTICS_FORMATS)} only, not {output_format}")
    stdin_path = Path(stdin_filename) if stdin_filename else None
    given = ([stdin_path] if stdin_path else []) if from_stdin else (list(paths) or [Path(".")])
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
    project_root = _project_root(config, given)
    settings = Settings(
        codes=tuple(rule.code for rule in rules),
        root=str(project_root),
        per_file_ignores=config.per_file_ignores,
        fix_mode="diff" if diff else "fix" if fix else "none",  # --diff writes nothing, even with --fix
        unsafe_fixes=unsafe,
        max_file_size=config.max_file_size,
        min_confidence=min_confidence or config.min_confidence,
    )
    if show_settings:
        from gradadvisor.report import settings as settings_report

        target = given[0] if given else Path(".")
        settings_report.print_settings(Console(highlight=False, soft_wrap=True, emoji=False), config, settings, target, _display(target), force_exclude)
        sys.exit(EXIT_CLEAN)

    cache = None
    if not no_cache:
        from gradadvisor.engine.cache import Cache, default_directory

        cache = Cache.open(cache_dir if cache_dir is not None else default_directory(config.root))
    stream = _open_report(output_file, err)
    # With --fix on stdin, stdout carries the fixed source: the report goes to stderr.
    stdin_fix = from_stdin and settings.fix_mode == "fix"
    report_stream = stream or (sys.stderr if stdin_fix else sys.stdout)
    out = Console(file=report_stream, highlight=False, soft_wrap=True, emoji=False)
    missing: list[str] = []
    if from_stdin:
        bounded = stdin_path is not None and _has_boundary(config, project_root)
        context = _project_context([stdin_path], [stdin_path], project_root, config) if bounded else None
        results = _scan_stdin(stdin_path, config, settings, cache, context, jobs)
        if cache is not None:
            cache.save()
        files = len(results)
        _note_unread(err, context, quiet)
    else:
        found = discover(given, config.root, config.exclude, force_exclude, config.include)
        missing = found.missing
        for path in missing:
            err.print(f"[red]error[/]: {escape(path)}: no such file or directory")
        if found.missing and not found.files:
            sys.exit(EXIT_ERROR)
        items = [(path, _display(path)) for path in found.files]
        context = _project_context(given, found.files, project_root, config) if _has_boundary(config, project_root) else None
        from gradadvisor.report import progress

        show_bar = progress.wanted(err, len(items), output_format, quiet or diff)
        with progress.progress(err, len(items), show_bar) as advance:
            results = lint_paths(items, settings, jobs, on_result=advance, cache=cache, context=context)
        _stops().check()  # interrupted: no report of a partial run
        if cache is not None:
            cache.save()
        _note_unread(err, context, quiet)
        for path, reason in found.unreadable:
            results.insert(0, FileResult(_display(path), errors=[FileError(_display(path), "io-error", f"cannot list folder: {reason}")]))
        files = len(items)
    findings, errors = summarize(results)
    fixed = sum(result.fixed for result in results)
    if not files and not missing and not from_stdin:
        err.print("warning: No Python files found under the given path(s)")

    if diff:
        _print_diff(results, findings, unsafe, out, err, quiet)
    elif statistics:
        _print_statistics(out, output_format, findings, errors, files, fixed, unsafe, quiet)
    elif output_format in MACHINE_FORMATS:
        from gradadvisor.report.locations import repository_root

        root = repository_root(given, config.root) if output_format in ("sarif", "gitlab") else None
        rendered = _render_machine(output_format, findings, errors, files, root)
        if rendered:
            click.echo(rendered, file=report_stream)
    elif files or errors:
        _print_text(out, output_format, results, findings, errors, files, fixed, unsafe, quiet, show_fixes, settings.fix_mode)
    if stream is not None:
        stream.close()
    code = _exit_code(results, findings, errors, missing, exit_zero, diff)
    if code == EXIT_CLEAN and exit_non_zero_on_fix and fixed and not exit_zero:
        code = EXIT_FINDINGS
    sys.exit(code)


#: Formats ``--statistics`` can print.
STATISTICS_FORMATS = ("text", "concise", "json", "json-lines")


def _open_report(output_file: Path | None, err: Console):
    """The ``--output-file`` stream (None: the report goes to stdout)."""
    if output_file is None:
        return None
    from rich.markup import escape

    try:
        output_file.parent.mkdir(parents=True, exist_ok=True)
        return open(output_file, "w", encoding="utf-8")
    except OSError as error:
        err.print(f"[red]error[/]: cannot write {escape(str(output_file))}: {escape(error.strerror or str(error))}")
        sys.exit(EXIT_ERROR)


def _project_root(config: Config, given: list[Path]) -> Path:
    """The project a scan belongs to: the folder of the pyproject.toml that configures it, else
    the git work tree holding the paths, else the working directory."""
    from gradadvisor.report.locations import repository_root

    if config.source is not None:
        return config.root.resolve()
    return repository_root(given, Path.cwd())


def _has_boundary(config: Config, root: Path) -> bool:
    """Whether the project has a boundary a user drew: a configuring pyproject.toml or a git
    work tree. Without one, the rest of the working directory is not read for context (a scan
    started in a home folder or a folder of unrelated checkouts must not read all of it)."""
    return config.source is not None or (root / ".git").exists()


def _project_context(given: list[Path], scanned: list[Path], root: Path, config: Config) -> ProjectContext | None:
    """For a scan of part of the project, the rest of it (its summaries give the cross-file
    facts; nothing is reported for it)."""
    from gradadvisor.engine.discovery import rest_of_project
    from gradadvisor.engine.runner import ProjectContext
    from gradadvisor.engine.source import FileError

    rest = rest_of_project(given, scanned, root, config.exclude, config.include)
    if rest is None:
        return None
    here = os.path.realpath(os.getcwd())  # the root is resolved: so are the paths under it
    context = ProjectContext([(path, _relative_display(path, here)) for path in rest.files])
    context.unread = [FileError(_relative_display(path, here), "io-error", f"cannot list folder: {reason}") for path, reason in rest.unreadable]
    return context


def _relative_display(path: Path, here: str) -> str:
    """A context file as the evidence names it: relative to the working directory ``here``
    (``model.py``, ``../train.py``)."""
    text = str(path)
    if text.startswith(here + os.sep) and os.sep == "/":
        return text[len(here) + 1 :]  # the common case, without relpath's work
    try:
        relative = os.path.relpath(text, here)
    except ValueError:  # another drive
        return path.as_posix()
    return relative if os.sep == "/" else relative.replace(os.sep, "/")


#: How many unread context files the note lists by name.
UNREAD_LISTED = 5


def _note_unread(err: Console, context: ProjectContext | None, quiet: bool) -> None:
    """Say which files of the project a partial scan could not read for cross-file context."""
    from rich.markup import escape

    if context is None or not context.unread or quiet:
        return
    paths = list(dict.fromkeys(error.path for error in context.unread))
    count = len(paths)
    err.print(
        f"note: {count} other file{'s' * (count != 1)} of the project could not be read for cross-file context "
        "(a transform or call there is not seen):"
    )
    for error in context.unread[:UNREAD_LISTED]:
        # (a notebook's line is in its joined cells: the cell is not known here)
        where = error.path if error.line is None or error.path.endswith(".ipynb") else f"{error.path}:{error.line}:{error.column or 1}"
        err.print(f"  {escape(where)}: {escape(error.message)}")
    if len(context.unread) > UNREAD_LISTED:
        err.print(f"  ... and {len(context.unread) - UNREAD_LISTED} more")


def _scan_stdin(stdin_path: Path | None, config: Config, settings: Settings, cache, context: ProjectContext | None = None, jobs: int | None = None) -> list[FileResult]:
    """Check the source on stdin as the file ``stdin_path``; with --fix, print it (fixed) on stdout."""
    from gradadvisor.engine.discovery import is_excluded
    from gradadvisor.engine.runner import lint_stdin

    data = sys.stdin.buffer.read()
    display = _display(stdin_path) if stdin_path is not None else "-"
    stdout = sys.stdout.buffer
    if stdin_path is not None and is_excluded(stdin_path, config.root, config.exclude):
        if settings.fix_mode == "fix":
            stdout.write(data)  # an excluded file passes through unchanged, as in ruff
            stdout.flush()
        return []
    result, output = lint_stdin(data, display, settings, cache, context, jobs)
    if settings.fix_mode == "fix":
        stdout.write(output)
        stdout.flush()
    return [result]


def _render_machine(output_format: str, findings, errors, files: int, root: Path | None) -> str:
    if output_format == "json":
        from gradadvisor.report import json_report

        return json_report.render(findings, errors, files)
    if output_format == "json-lines":
        from gradadvisor.report import json_lines

        return json_lines.render(findings, errors)
    if output_format == "junit":
        from gradadvisor.report import junit

        return junit.render(findings, errors)
    if output_format == "sarif":
        from gradadvisor.report import sarif

        return sarif.render(findings, errors, root)
    if output_format == "gitlab":
        from gradadvisor.report import gitlab

        return gitlab.render(findings, errors, root)
    from gradadvisor.report import github

    return github.render(findings, errors)


def _print_text(out: Console, output_format: str, results, findings, errors, files: int, fixed: int, unsafe: bool, quiet: bool, show_fixes: bool, fix_mode: str) -> None:
    from gradadvisor.report import text

    if output_format == "concise":
        from gradadvisor.report import concise

        for line in concise.lines(findings, errors, unsafe):
            out.print(line, markup=False)
    else:
        text.print_findings(out, findings, errors, unsafe, quiet)
    if show_fixes:
        text.print_fixes(out, [(result.path, result.fixed_codes) for result in results], findings, fix_mode == "fix", unsafe)
    if not quiet:
        text.print_summary(out, findings, errors, files, fixed, unsafe)


def _print_statistics(out: Console, output_format: str, findings, errors, files: int, fixed: int, unsafe: bool, quiet: bool) -> None:
    if output_format in ("json", "json-lines"):
        from gradadvisor.report import json_report

        rows = json_report.render_statistics(findings, unsafe)
        if output_format == "json-lines":
            import json

            rows = "\n".join(json.dumps(row) for row in json.loads(rows))
        if rows:
            click.echo(rows, file=out.file)
        return
    from gradadvisor.report import text

    text.print_statistics(out, findings, unsafe)
    text.print_findings(out, [], errors, unsafe, quiet)
    if not quiet:
        text.print_summary(out, findings, errors, files, fixed, unsafe)


@main.command("rules", short_help="List every rule: code, name, fix, default, summary.")
def list_rules() -> None:
    """List every rule: code, name, fixable, summary."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from gradadvisor.rules import all_rules

    table = Table(title="gradadvisor rules", title_justify="left")
    table.add_column("Code", style="bold")
    table.add_column("Name")
    table.add_column("Fix")
    table.add_column("Default")
    table.add_column("Summary")
    rows = [(rule.code, rule.name, "yes" if rule.fixable() else "", "on" if rule.default_enabled else "off", rule.summary) for rule in all_rules()]
    console = Console(highlight=False)
    if not console.is_terminal:  # piped: one line per rule, never wrapped, no trailing spaces
        click.echo("\n".join(_columns([("Code", "Name", "Fix", "Default", "Summary"), *rows])))
        return
    for row in rows:
        table.add_row(*row[:4], escape(row[4]))
    console.print(table)


def _columns(rows: list[tuple[str, ...]]) -> list[str]:
    """Rows as lines of left-aligned columns two spaces apart; the last column is not padded."""
    widths = [max(len(row[index]) for row in rows) for index in range(len(rows[0]) - 1)]
    return ["  ".join([*(cell.ljust(width) for cell, width in zip(row, widths)), row[-1]]).rstrip() for row in rows]


def _print_diff(results: list[FileResult], findings, unsafe: bool, out: Console, err: Console, quiet: bool) -> None:
    """The diffs on stdout, then (as ruff does) what they fix on stderr, with the count of
    unsafe fixes left out because ``--unsafe-fixes`` was not given."""
    changed = [result for result in results if result.diff]
    for result in changed:
        click.echo(result.diff, nl=False, file=out.file)
    if not quiet:
        fixes = sum(result.fixed for result in changed)
        hidden = 0 if unsafe else sum(1 for finding in findings if finding.fix is not None and finding.fix.applicability == "unsafe")
        more = f"{hidden} fix{'es' * (hidden != 1)} available with `--unsafe-fixes`"
        if fixes:
            where = f"{fixes} finding{'s' * (fixes != 1)} in {len(changed)} file{'s' * (len(changed) != 1)}"
            err.print(f"Would fix {where} ({hidden} additional {more[len(str(hidden)) + 1:]})." if hidden else f"Would fix {where}.")
        elif hidden:
            err.print(f"No findings would be fixed ({more}).")
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


#: The catalog example (``patterns/``) that shows each rule's slow shape and its rewrite.
RULE_EXAMPLES = {
    "GA101": "per_sample_map.py",
    "GA102": "per_example_grads.py",
    "GA103": "at_set_recurrence.py",
    "GA201": "view_slicing_loop.py",
    "GA202": "diag_of_matmul.py",
    "GA301": "sum_with_closure.py",
}
#: A word joined by ``*`` (``n*n*k``, ``B*B``): Markdown would read the stars as emphasis.
STARRED_WORD = re.compile(r"(?<![\w*`])\w+(?:\*\w+)+(?![\w*`])")
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)*?\1")


def rule_markdown(doc: str) -> str:
    """A rule's documentation, made safe for Markdown: ``n*n*k`` becomes code, not italics.
    Fenced code blocks, indented code and code spans are left alone."""
    lines = []
    fenced = False
    for line in doc.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        if fenced or line.lstrip().startswith(("```", "~~~")) or line.startswith("    "):
            lines.append(line)
            continue
        pieces = []
        position = 0
        for span in CODE_SPAN.finditer(line):
            pieces.append(STARRED_WORD.sub(lambda m: f"`{m.group(0)}`", line[position : span.start()]))
            pieces.append(span.group(0))
            position = span.end()
        pieces.append(STARRED_WORD.sub(lambda m: f"`{m.group(0)}`", line[position:]))
        lines.append("".join(pieces))
    return "\n".join(lines)


@main.command("rule", short_help="Explain one rule, by code (GA202) or name (diag-of-matmul).")
@click.argument("code")
def show_rule(code: str) -> None:
    """Explain one rule (by code, e.g. GA202, or by name)."""
    from rich.console import Console
    from rich.markup import escape

    from gradadvisor.rules import all_rules, rule_by_code

    rule = rule_by_code(code)
    if rule is None:
        known = ", ".join(r.code for r in all_rules())
        raise click.UsageError(f"unknown rule {code!r}; known rules: {known}")
    console = Console(highlight=False)
    fix = "fixable" if rule.fixable() else "advice only"
    default = "" if rule.default_enabled else ", off by default"
    paragraphs = []
    if rule.code != "GA900":
        paragraphs.append(
            "Confidence: each finding is **high** when the code proves both that the loop (or array) "
            "grows with the data and that JAX traces or differentiates it, **medium** when it proves one "
            "and the other is likely, **low** on the shape alone; the evidence for each is in the "
            "finding's `because` lines. The default report shows medium and up: "
            "`--min-confidence low|medium|high` (or `min-confidence` in `[tool.gradadvisor]`) changes it."
        )
    example = RULE_EXAMPLES.get(rule.code)
    if example:
        paragraphs.append(
            f"In this project: **patterns/{example}** holds this shape and its rewrite; "
            f"in a clone of the repository, `gradadvisor scan patterns/{example}` reports it and "
            f"`gradadvisor bench patterns/{example}` measures the rewrite."
        )
    if not console.is_terminal:
        # Piped or redirected: the page as Markdown text, as ruff prints it: never hard-wrapped
        # (a pager or editor wraps), no trailing spaces.
        text = "\n\n".join([f"{rule.code} {rule.name} ({fix}{default})", rule.summary, rule.documentation(), *paragraphs])
        click.echo("\n".join(line.rstrip() for line in text.splitlines()))
        return
    console.print(f"[bold]{rule.code} {rule.name}[/] ({fix}{default})\n")
    console.print(f"{escape(rule.summary)}\n")
    from rich.markdown import Markdown

    console.print(Markdown(rule_markdown(rule.documentation())))
    for paragraph in paragraphs:
        console.print()
        console.print(Markdown(paragraph))
