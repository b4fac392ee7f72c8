"""A progress bar on stderr for long scans: only on a terminal, only for text output, only when
there are more than ``MIN_FILES`` files (a small scan is over before a bar would help)."""

from __future__ import annotations

from contextlib import contextmanager
from typing import TYPE_CHECKING, Callable, Iterator

from gradadvisor.report import MACHINE_FORMATS

if TYPE_CHECKING:
    from rich.console import Console

MIN_FILES = 300


def wanted(console: Console, files: int, output_format: str, quiet: bool) -> bool:
    """Show a bar on ``console`` (stderr)? Never when piped, for machine formats, or with -q."""
    return console.is_terminal and files > MIN_FILES and output_format not in MACHINE_FORMATS and not quiet


@contextmanager
def progress(console: Console, files: int, enabled: bool) -> Iterator[Callable[[object], None] | None]:
    """Yields a callback to call once per file checked (None when no bar is shown)."""
    if not enabled:
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn  # only for a bar

    with Progress(
        TextColumn("Scanning"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task("scan", total=files)
        yield lambda _result: bar.advance(task)
