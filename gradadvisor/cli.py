"""The command line: ``gradadvisor scan | rules | rule | bench``.

``scan`` never imports jax or numpy, nor the code it reads; ``bench`` is loaded
only when called (it needs the ``bench`` extra).
"""

from __future__ import annotations

import functools
import importlib
import os
import re
import sys
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from gradadvisor import __version__
from gradadvisor.config import ConfigError, Config, check_codes, enabled_rules, find_config_file, load_config
from gradadvisor.engine.discovery import discover, is_excluded
from gradadvisor.engine.pool import StopSignals, Terminated
from gradadvisor.engine.runner import FileResult, Settings, lint_paths, lint_stdin, summarize
from gradadvisor.engine.source import FileError
from gradadvisor.report import FORMATS, MACHINE_FORMATS
from gradadvisor.report.locations import repository_root
from gradadvisor.rules import all_rules, rule_by_code

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
#: Ended by Ctrl-C (SIGINT) or SIGTERM: 128 + the signal's number, as a shell reports it.
EXIT_INTERRUPTED, EXIT_TERMINATED = 130, 143
#: Ctrl-C and SIGTERM during a scan.
_stop_signals = StopSignals()


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
@click.option("--stdin-filename", metavar="PATH", default=None, help="Read the source from stdin (PATHS: - or nothing) as the file PATH: its configuration, per-file-ignores and exclude apply; --fix prints the fixed source on stdout.")
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
    err = Console(stderr=True, highlight=False, soft_wrap=True)
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
    settings = Settings(
        codes=tuple(rule.code for rule in rules),
        root=str(config.root.resolve()),
        per_file_ignores=config.per_file_ignores,
        fix_mode="diff" if diff else "fix" if fix else "none",  # --diff writes nothing, even with --fix
        unsafe_fixes=unsafe,
        max_file_size=config.max_file_size,
        min_confidence=min_confidence or config.min_confidence,
    )
    if show_settings:
        from gradadvisor.report import settings as settings_report

        target = given[0] if given else Path(".")
        settings_report.print_settings(Console(highlight=False, soft_wrap=True), config, settings, target, _display(target), force_exclude)
        sys.exit(EXIT_CLEAN)

    cache = None
    if not no_cache:
        from gradadvisor.engine.cache import Cache, default_directory

        cache = Cache.open(cache_dir if cache_dir is not None else default_directory(config.root))
    stream = _open_report(output_file, err)
    # With --fix on stdin, stdout carries the fixed source: the report goes to stderr.
    stdin_fix = from_stdin and settings.fix_mode == "fix"
    report_stream = stream or (sys.stderr if stdin_fix else sys.stdout)
    out = Console(file=report_stream, highlight=False, soft_wrap=True)
    missing: list[str] = []
    if from_stdin:
        results = _scan_stdin(stdin_path, config, settings, cache)
        files = len(results)
    else:
        found = discover(given, config.root, config.exclude, force_exclude, config.include)
        missing = found.missing
        for path in missing:
            err.print(f"[red]error[/]: {escape(path)}: no such file or directory")
        if found.missing and not found.files:
            sys.exit(EXIT_ERROR)
        items = [(path, _display(path)) for path in found.files]
        from gradadvisor.report import progress

        show_bar = progress.wanted(err, len(items), output_format, quiet or diff)
        with progress.progress(err, len(items), show_bar) as advance:
            results = lint_paths(items, settings, jobs, on_result=advance, cache=cache)
        _stop_signals.check()  # interrupted: no report of a partial run
        if cache is not None:
            cache.save()
        for path, reason in found.unreadable:
            results.insert(0, FileResult(_display(path), errors=[FileError(_display(path), "io-error", f"cannot list folder: {reason}")]))
        files = len(items)
    findings, errors = summarize(results)
    fixed = sum(result.fixed for result in results)
    if not files and not missing and not from_stdin:
        err.print("warning: No Python files found under the given path(s)")

    if diff:
        _print_diff(results, out, err, quiet)
    elif statistics:
        _print_statistics(out, output_format, findings, errors, files, fixed, unsafe, quiet)
    elif output_format in MACHINE_FORMATS:
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
    try:
        output_file.parent.mkdir(parents=True, exist_ok=True)
        return open(output_file, "w", encoding="utf-8")
    except OSError as error:
        err.print(f"[red]error[/]: cannot write {escape(str(output_file))}: {escape(error.strerror or str(error))}")
        sys.exit(EXIT_ERROR)


def _scan_stdin(stdin_path: Path | None, config: Config, settings: Settings, cache) -> list[FileResult]:
    """Check the source on stdin as the file ``stdin_path``; with --fix, print it (fixed) on stdout."""
    data = sys.stdin.buffer.read()
    display = _display(stdin_path) if stdin_path is not None else "-"
    stdout = sys.stdout.buffer
    if stdin_path is not None and is_excluded(stdin_path, config.root, config.exclude):
        if settings.fix_mode == "fix":
            stdout.write(data)  # an excluded file passes through unchanged, as in ruff
            stdout.flush()
        return []
    result, output = lint_stdin(data, display, settings, cache)
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

        for line in concise.lines(findings, errors):
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

        rows = json_report.render_statistics(findings)
        if output_format == "json-lines":
            import json

            rows = "\n".join(json.dumps(row) for row in json.loads(rows))
        if rows:
            click.echo(rows, file=out.file)
        return
    from gradadvisor.report import text

    text.print_statistics(out, findings)
    text.print_findings(out, [], errors, unsafe, quiet)
    if not quiet:
        text.print_summary(out, findings, errors, files, fixed, unsafe)


@main.command("rules", short_help="List every rule: code, name, fix, default, summary.")
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


def _print_diff(results: list[FileResult], out: Console, err: Console, quiet: bool) -> None:
    changed = [result for result in results if result.diff]
    for result in changed:
        click.echo(result.diff, nl=False, file=out.file)
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

    console.print(Markdown(rule_markdown(rule.documentation())))
    if rule.code != "GA900":
        console.print(
            "\nConfidence: each finding is [bold]high[/] when the code proves both that the loop (or array) "
            "grows with the data and that JAX traces or differentiates it, [bold]medium[/] when it proves one "
            "and the other is likely, [bold]low[/] on the shape alone; the evidence for each is in the "
            "finding's `because` lines. The default report shows medium and up: "
            "`--min-confidence low|medium|high` (or `min-confidence` in `\\[tool.gradadvisor]`) changes it."
        )
    example = RULE_EXAMPLES.get(rule.code)
    if example:
        console.print(
            f"\nIn this project: [bold]patterns/{example}[/] holds this shape and its rewrite; "
            f"in a clone of the repository, `gradadvisor scan patterns/{example}` reports it and "
            f"`gradadvisor bench patterns/{example}` measures the rewrite."
        )
