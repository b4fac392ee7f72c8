"""``scan --show-settings``: the configuration that applies to one file, as scan would use it."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.markup import escape

from gradadvisor.config import Config
from gradadvisor.engine.discovery import is_excluded, is_included
from gradadvisor.engine.runner import Settings


def print_settings(console: Console, config: Config, settings: Settings, target: Path, display: str, force_exclude: bool) -> None:
    ignores = settings.ignores_for(display)
    ignored = {code for _, codes in ignores for code in codes}
    active = [rule.code for rule in settings.rules_for(display)]
    excluded = is_excluded(target, config.root, config.exclude)
    rows = [
        ("config file", str(config.source) if config.source else "none (defaults)"),
        ("root", str(config.root.resolve())),
        ("selected rules", ", ".join(settings.codes) or "none"),
        (
            "per-file-ignores here",
            "; ".join(f"{pattern!r}: {', '.join(codes)}" for pattern, codes in ignores) or "none",
        ),
        ("rules run on this file", (", ".join(active) or "none") + (f" (ignored here: {', '.join(sorted(ignored))})" if ignored else "")),
        ("exclude", ", ".join(config.exclude) or "none"),
        ("excluded", _excluded(excluded, force_exclude)),
        ("force-exclude", str(force_exclude).lower()),
        ("include", ", ".join(config.include)),
        ("included", "yes" if target.is_dir() or is_included(target, config.root, config.include) else "no (scanned only when named)"),
        ("unsafe-fixes", str(settings.unsafe_fixes).lower()),
        ("max-file-size", str(settings.max_file_size)),
    ]
    console.print(f"Settings for {escape(display)}:")
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        console.print(f"  {name:<{width}}  {escape(value)}")


def _excluded(excluded: bool, force_exclude: bool) -> str:
    if not excluded:
        return "no"
    if force_exclude:
        return "yes"
    return "yes (skipped in folders and on stdin; named on the command line it is scanned unless force-exclude)"
