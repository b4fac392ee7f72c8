"""Load bench files and ``module:function`` references.

Loading a bench file imports it, which runs its top-level code: bench is
meant for code you trust (unlike ``gradadvisor scan``, which only parses).
This module imports neither jax nor the user's code at import time.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable


class UsageError(Exception):
    """A bench file or reference that cannot be used (exit code 2)."""


@dataclass(frozen=True)
class FunctionRef:
    """Where a function lives: ``module`` is a dotted name or a ``.py`` path."""

    module: str
    name: str

    @classmethod
    def parse(cls, text: str) -> "FunctionRef":
        """Parse ``pkg.mod:func`` or ``path/to/file.py:func``."""
        module, sep, name = text.rpartition(":")
        if not sep or not module or not name.isidentifier():
            raise UsageError(
                f"cannot read {text!r}: expected module:function or path.py:function"
            )
        return cls(module, name)

    def __str__(self) -> str:
        return f"{self.module}:{self.name}"

    @property
    def is_path(self) -> bool:
        return self.module.endswith(".py") or os.sep in self.module or "/" in self.module


@dataclass(frozen=True)
class BenchTarget:
    """What one bench run compares: picklable, so it can travel to a worker."""

    label: str
    baseline: FunctionRef
    candidate: FunctionRef
    inputs: FunctionRef
    argnums: tuple[int, ...] | None = None  # None: take it from the bench file, else 0
    file: str | None = None  # the bench file, when the target is one

    @classmethod
    def from_file(cls, path: str | os.PathLike) -> "BenchTarget":
        """The conventional target of a bench file: inputs, baseline, candidate."""
        resolved = str(Path(path).resolve())
        return cls(
            label=Path(path).stem,
            baseline=FunctionRef(resolved, "baseline"),
            candidate=FunctionRef(resolved, "candidate"),
            inputs=FunctionRef(resolved, "inputs"),
            file=resolved,
        )


@dataclass
class LoadedBench:
    """The callables and settings of a target, once imported."""

    inputs: Callable[..., Any]
    baseline: Callable[..., Any]
    candidate: Callable[..., Any]
    argnums: tuple[int, ...]
    default_size: int | None
    sizes: tuple[int, ...] | None
    user_files: set[str] = field(default_factory=set)


def bench_files_in(folder: str | os.PathLike) -> list[Path]:
    """The bench files of a folder: every ``*.py`` not starting with ``_``."""
    return sorted(
        p for p in Path(folder).glob("*.py") if not p.name.startswith("_")
    )


_module_cache: dict[str, Any] = {}


def import_module_from(ref: FunctionRef) -> Any:
    """Import the module a reference names (a file path or a dotted name)."""
    if not ref.is_path:
        if os.getcwd() not in sys.path:
            sys.path.insert(0, os.getcwd())  # as ``python -m`` would
        try:
            return importlib.import_module(ref.module)
        except ModuleNotFoundError as exc:
            if exc.name and ref.module.startswith(exc.name):
                raise UsageError(f"no module named {ref.module!r}") from None
            raise
    path = Path(ref.module).resolve()
    key = str(path)
    if key in _module_cache:
        return _module_cache[key]
    if not path.is_file():
        raise UsageError(f"no such file: {ref.module}")
    digest = hashlib.sha1(key.encode()).hexdigest()[:10]
    name = f"_gradadvisor_bench_{path.stem}_{digest}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise UsageError(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    folder = str(path.parent)
    if folder not in sys.path:
        sys.path.insert(0, folder)  # let a bench file import its neighbours
    spec.loader.exec_module(module)
    _module_cache[key] = module
    return module


def resolve(ref: FunctionRef) -> Callable[..., Any]:
    """The function a reference names, or a UsageError saying what is missing."""
    module = import_module_from(ref)
    fn = getattr(module, ref.name, None)
    if fn is None:
        where = ref.module if ref.is_path else f"module {ref.module}"
        raise UsageError(f"{where} defines no function {ref.name!r}")
    if not callable(fn):
        raise UsageError(f"{ref} is not callable")
    return fn


def parse_argnums(value: Any) -> tuple[int, ...]:
    """Normalise ``0``, ``(0, 1)`` or ``"0,1"`` to a tuple of ints."""
    if isinstance(value, bool):
        raise UsageError(f"argnums must be an int or a tuple of ints, not {value!r}")
    if isinstance(value, int):
        return (value,)
    if isinstance(value, str):
        try:
            return tuple(int(part) for part in value.split(",") if part.strip())
        except ValueError:
            raise UsageError(f"cannot read argnums {value!r}") from None
    if isinstance(value, (tuple, list)) and value and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        return tuple(value)
    raise UsageError(f"argnums must be an int or a tuple of ints, not {value!r}")


def default_size_of(inputs: Callable[..., Any]) -> int | None:
    """The default of the ``size`` parameter of ``inputs``, if it has one."""
    try:
        param = inspect.signature(inputs).parameters.get("size")
    except (TypeError, ValueError):
        return None
    if param is None or param.default is inspect.Parameter.empty:
        return None
    return param.default


def accepts_size(inputs: Callable[..., Any]) -> bool:
    try:
        return "size" in inspect.signature(inputs).parameters
    except (TypeError, ValueError):
        return False


def file_settings(module: Any, file: str | None) -> tuple[tuple[int, ...] | None, tuple[int, ...] | None]:
    """A bench file's optional ``argnums`` and ``sizes`` (None where it sets none)."""
    argnums = parse_argnums(module.argnums) if hasattr(module, "argnums") else None
    sizes = None
    if hasattr(module, "sizes"):
        try:
            sizes = tuple(int(s) for s in module.sizes)
        except (TypeError, ValueError):
            raise UsageError(f"{file}: sizes must be a tuple of ints") from None
    return argnums, sizes


def accepts_seed(inputs: Callable[..., Any]) -> bool:
    """True when ``inputs`` takes a ``seed`` argument (used for a second input draw)."""
    try:
        return "seed" in inspect.signature(inputs).parameters
    except (TypeError, ValueError):
        return False


def load(target: BenchTarget) -> LoadedBench:
    """Import a target's functions and read its optional settings."""
    baseline = resolve(target.baseline)
    candidate = resolve(target.candidate)
    inputs = resolve(target.inputs)
    file_argnums, sizes = file_settings(import_module_from(target.inputs), target.file) if target.file else (None, None)
    argnums = target.argnums if target.argnums is not None else file_argnums or (0,)
    user_files = {
        str(Path(ref.module).resolve()) if ref.is_path else getattr(
            import_module_from(ref), "__file__", "") or ""
        for ref in (target.baseline, target.candidate, target.inputs)
    }
    return LoadedBench(
        inputs=inputs,
        baseline=baseline,
        candidate=candidate,
        argnums=argnums,
        default_size=default_size_of(inputs),
        sizes=sizes,
        user_files=user_files,
    )
