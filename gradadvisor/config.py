"""Configuration: ``[tool.gradadvisor]`` in the nearest ``pyproject.toml``.

Keys (all optional)::

    [tool.gradadvisor]
    select = ["GA"]             # codes or prefixes, or "ALL"
    ignore = ["GA401"]
    exclude = ["tests/data"]    # globs, against paths relative to the project root and bare names
    include = ["*.py", "*.ipynb"]   # which files a folder walk scans (the default)
    extend-include = ["*.pyw"]      # added to include
    force-exclude = false       # apply exclude to files named on the command line too (pre-commit)
    unsafe-fixes = false
    max-file-size = 2097152     # bytes; larger files are skipped with a note
    min-confidence = "medium"   # report findings of this confidence and above (low, medium, high)
    [tool.gradadvisor.per-file-ignores]
    "tests/*" = ["GA101"]

Command-line options override the file. Bad configuration raises ``ConfigError``.
"""

from __future__ import annotations

import difflib
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable



def _toml():
    """The TOML reader, imported when a ``pyproject.toml`` is read (most runs of a small
    project read one; a file outside any project reads none)."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - exercised on 3.10 only
        import tomli as tomllib
    return tomllib

from gradadvisor.engine.discovery import DEFAULT_INCLUDE
from gradadvisor.engine.source import DEFAULT_MAX_FILE_SIZE
from gradadvisor.rules import all_rules
from gradadvisor.rules.base import Rule


class ConfigError(Exception):
    """A configuration problem, reported with exit code 2."""


KNOWN_KEYS = {
    "select",
    "ignore",
    "exclude",
    "include",
    "extend-include",
    "force-exclude",
    "per-file-ignores",
    "unsafe-fixes",
    "max-file-size",
    "min-confidence",
}
CONFIDENCES = ("low", "medium", "high")


@dataclass
class Config:
    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    #: Globs deciding which files a folder walk scans (``include`` + ``extend-include``).
    include: tuple[str, ...] = DEFAULT_INCLUDE
    force_exclude: bool = False
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    unsafe_fixes: bool = False
    max_file_size: int = DEFAULT_MAX_FILE_SIZE
    min_confidence: str = "medium"
    #: The folder holding the pyproject.toml (paths in the config are relative to it).
    root: Path = field(default_factory=Path.cwd)
    source: Path | None = None


def find_config_file(start: Path) -> Path | None:
    """The nearest pyproject.toml at or above ``start`` that has a [tool.gradadvisor] table
    (or that mentions gradadvisor but is not valid TOML, so that the error is reported)."""
    try:
        start = start.resolve()
    except (OSError, RuntimeError):  # a symlink loop
        start = start.absolute()
    folder = start if start.is_dir() else start.parent
    for candidate in (folder, *folder.parents):
        path = candidate / "pyproject.toml"
        if path.is_file():
            tomllib = _toml()
            try:
                text = path.read_text(encoding="utf-8")
                data = tomllib.loads(text)
            except (OSError, UnicodeDecodeError):
                continue
            except tomllib.TOMLDecodeError:
                if "gradadvisor" in text:
                    return path  # load_config reports the error instead of ignoring the settings
                continue
            if "gradadvisor" in data.get("tool", {}):
                return path
    return None


def load_config(path: Path | None, explicit: bool = False) -> Config:
    """Read ``path`` (or return the defaults when None)."""
    if path is None:
        return Config()
    tomllib = _toml()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ConfigError(f"cannot read {path}: {error.strerror or error}") from None
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise ConfigError(f"{path} is not valid TOML: {error}") from None
    table = data.get("tool", {}).get("gradadvisor")
    if table is None:
        if explicit:
            raise ConfigError(f"{path} has no [tool.gradadvisor] table")
        return Config(root=path.parent)
    return parse_table(table, path)


def _codes(value: Any, key: str, path: Path) -> tuple[str, ...]:
    """A list of rule codes. A bare string (``select = "GA3"``) is a wrong type, as in ruff:
    written for ``["GA3"]`` or for ``["G", "A", "3"]``, it is not guessed."""
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ConfigError(f"{path}: `{key}` must be a list of rule codes, got {value!r}{_as_list(value)}")
    codes = tuple(item.strip().upper() for item in value)
    check_codes(codes, f"{path}: `{key}`")
    return codes


def _as_list(value: Any) -> str:
    """For a string given where a list is expected: how to write it as a list."""
    return f' (write ["{value}"])' if isinstance(value, str) and '"' not in value and "\\" not in value else ""


def check_codes(codes: Iterable[str], where: str) -> None:
    """Every code must be ALL or a prefix of a known rule code."""
    known = [rule.code for rule in all_rules()]
    for code in codes:
        if code == "ALL" or any(rule.startswith(code) for rule in known):
            continue
        hint = difflib.get_close_matches(code, known, n=1)
        suggestion = f" (did you mean {hint[0]}?)" if hint else ""
        raise ConfigError(f"{where}: unknown rule code or prefix {code!r}{suggestion}")


def parse_table(table: dict[str, Any], path: Path) -> Config:
    unknown = sorted(set(table) - KNOWN_KEYS)
    if unknown:
        hints = []
        for key in unknown:
            close = difflib.get_close_matches(key, KNOWN_KEYS, n=1)
            hints.append(f"{key!r}" + (f" (did you mean {close[0]!r}?)" if close else ""))
        raise ConfigError(
            f"{path}: unknown key(s) in [tool.gradadvisor]: {', '.join(hints)}; "
            f"known keys: {', '.join(sorted(KNOWN_KEYS))}"
        )
    config = Config(root=path.parent, source=path)
    if "select" in table:
        config.select = _codes(table["select"], "select", path)
    if "ignore" in table:
        config.ignore = _codes(table["ignore"], "ignore", path)
    if "exclude" in table:
        config.exclude = _globs(table["exclude"], "exclude", path)
    if "include" in table:
        config.include = _globs(table["include"], "include", path)
    if "extend-include" in table:
        config.include = config.include + _globs(table["extend-include"], "extend-include", path)
    for key, attr in (("force-exclude", "force_exclude"), ("unsafe-fixes", "unsafe_fixes")):
        if key in table:
            if not isinstance(table[key], bool):
                raise ConfigError(f"{path}: `{key}` must be true or false, got {table[key]!r}")
            setattr(config, attr, table[key])
    if "max-file-size" in table:
        value = table["max-file-size"]
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ConfigError(f"{path}: `max-file-size` must be a number of bytes, got {value!r}")
        config.max_file_size = value
    if "min-confidence" in table:
        value = table["min-confidence"]
        if value not in CONFIDENCES:
            raise ConfigError(f"{path}: `min-confidence` must be one of {', '.join(CONFIDENCES)}, got {value!r}")
        config.min_confidence = value
    if "per-file-ignores" in table:
        value = table["per-file-ignores"]
        if not isinstance(value, dict):
            raise ConfigError(f"{path}: `per-file-ignores` must be a table of glob = [codes]")
        config.per_file_ignores = tuple(
            (pattern, _codes(codes, f"per-file-ignores.{pattern}", path)) for pattern, codes in value.items()
        )
    return config


def _globs(value: Any, key: str, path: Path) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ConfigError(f"{path}: `{key}` must be a list of glob patterns, got {value!r}{_as_list(value)}")
    return tuple(value)


def enabled_rules(select: tuple[str, ...] | None, ignore: tuple[str, ...]) -> tuple[type[Rule], ...]:
    """Resolve select/ignore like ruff: the most specific matching prefix wins; ignore wins ties.

    With no ``select``, the rules enabled by default are selected.
    """
    chosen = []
    for rule in all_rules():
        if select is None:
            selected_by = 0 if rule.default_enabled else -1
        else:
            selected_by = max((_specificity(rule.code, code) for code in select), default=-1)
        ignored_by = max((_specificity(rule.code, code) for code in ignore), default=-1)
        if selected_by >= 0 and selected_by > ignored_by:
            chosen.append(rule)
    return tuple(chosen)


def _specificity(rule_code: str, pattern: str) -> int:
    if pattern == "ALL":
        return 0
    return len(pattern) if rule_code.startswith(pattern) else -1
