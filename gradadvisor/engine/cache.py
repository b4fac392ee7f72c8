"""The scan cache: phase-1 results by content hash, and the last run's results.

Phase 1 of a file (``engine/checker.py``: its summary for the project index, the
rules' candidates, its diagnostics) depends only on the file's bytes, the tool's
version and the settings that reach phase 1 (the rules selected for that file,
GA900, the size limit, the file's path as shown and relative to the project root).
So it is stored under a hash of those and reused until one of them changes. A file
read only for a partial scan's context has its summary-only phase 1 stored beside
(``engine.runner.CONTEXT_KEY``). Phase 2 (the project index, confidence, suppression) is recomputed
whenever any file changed, so an edited file's cross-file effects are always fresh;
when nothing changed at all (the same files, bytes and settings), the last run's
results are returned as they were.

As git's index does, a file whose size and modification time are those recorded
with its digest is taken as unchanged without being read; any other file is read
and hashed.

Two files per cache folder (``.gradadvisor_cache/`` at the project root, or
``--cache-dir`` / ``GRADADVISOR_CACHE_DIR``): ``index.pickle`` (small: stamps,
digests, the last run) and ``phase1.pickle`` (the phase-1 records, read only when
something changed). Both are written atomically: concurrent runs never see half a
file, and the last writer wins. A corrupt or foreign cache file is ignored. They are
unpickled with an allow-list of this package's own record types, so a planted cache
file cannot run code.
"""

from __future__ import annotations

import functools
import hashlib
import os
import pickle
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import gradadvisor
from gradadvisor import __version__

INDEX_FILE = "index.pickle"
RECORDS_FILE = "phase1.pickle"
#: Bump when the records change shape.
FORMAT = 5
#: The packages whose code decides what phase 1 records.
CODE_PACKAGES = ("analysis", "engine", "rules", "fixes")


@functools.cache
def _stamp() -> str:
    """Records are valid for one build of the tool: its version, and the size and modification
    time of every module and data file that phase 1 runs (an edited rule or ``transforms.toml`` in
    a development checkout changes what phase 1 finds, with no version bump)."""
    hasher = hashlib.blake2b(digest_size=8)
    package = Path(gradadvisor.__file__).parent
    for name in CODE_PACKAGES:
        try:
            entries = sorted(os.scandir(package / name), key=lambda entry: entry.name)
        except OSError:
            continue
        for entry in entries:
            if entry.name.endswith((".py", ".toml")):
                info = entry.stat()
                hasher.update(f"{name}/{entry.name}:{info.st_size}:{info.st_mtime_ns}\0".encode())
    return f"{__version__}+{hasher.hexdigest()}"
#: Modules whose classes may appear in the cache.
ALLOWED_MODULES = ("gradadvisor.analysis.", "gradadvisor.engine.", "gradadvisor.rules.base", "gradadvisor.fixes.edits")
ALLOWED_BUILTINS = frozenset({"set", "frozenset", "dict", "list", "tuple", "str", "int", "float", "bool", "bytes", "complex"})
GITIGNORE = "# Created by gradadvisor: the scan cache, safe to delete.\n*\n"
Stamp = tuple[int, int]
RACY_NS = 2_000_000_000


class _RestrictedUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str):  # noqa: ANN201
        if module == "builtins" and name in ALLOWED_BUILTINS:
            return super().find_class(module, name)
        if module.startswith(ALLOWED_MODULES):
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"{module}.{name} is not allowed in the cache")


def _load(path: Path) -> dict | None:
    try:
        with open(path, "rb") as stream:
            data = _RestrictedUnpickler(stream).load()
    except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, TypeError, ValueError, IndexError, KeyError):
        return None  # missing or corrupt: start afresh
    if isinstance(data, dict) and data.get("format") == FORMAT and data.get("version") == _stamp():
        return data
    return None


def _save(directory: Path, name: str, payload: dict) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    ignore = directory / ".gitignore"
    if not ignore.exists():
        ignore.write_text(GITIGNORE)
    data = pickle.dumps({"format": FORMAT, "version": _stamp(), **payload}, protocol=pickle.HIGHEST_PROTOCOL)
    handle, temporary = tempfile.mkstemp(dir=directory, prefix=f".{name}-", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temporary, directory / name)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


@dataclass
class IndexEntry:
    stamp: Stamp
    fingerprint: str
    digest: str


@dataclass
class Cache:
    directory: Path
    index: dict[str, IndexEntry] = field(default_factory=dict)
    #: The last run: (its signature, its results).
    last: tuple[str, object] | None = None
    #: When the index was written (ns): a file modified within ``RACY_NS`` of it may have
    #: changed without its stamp changing, so it is hashed again (git's "racy clean" rule).
    written_at: int = 0
    _records: dict[str, object] | None = None
    _changed: bool = False

    @classmethod
    def open(cls, directory: Path) -> "Cache":
        cache = cls(directory)
        data = _load(directory / INDEX_FILE)
        if data is not None and isinstance(data.get("index"), dict):
            cache.index = data["index"]
            last = data.get("last")
            cache.last = last if isinstance(last, tuple) and len(last) == 2 else None
            cache.written_at = data.get("written_at", 0) if isinstance(data.get("written_at", 0), int) else 0
        return cache

    @property
    def records(self) -> dict[str, object]:
        """Phase-1 records by file, read from disk on first use."""
        if self._records is None:
            data = _load(self.directory / RECORDS_FILE)
            records = data.get("records") if data is not None else None
            self._records = records if isinstance(records, dict) else {}
        return self._records

    # -- files ---------------------------------------------------------------------------------

    def digest_if_unchanged(self, key: str, stamp: Stamp, fingerprint: str) -> str | None:
        """The stored digest when the file's size and modification time, and the settings, are
        what they were when it was stored; None when the file must be read and hashed."""
        entry = self.index.get(key)
        if entry is None or entry.stamp != stamp or entry.fingerprint != fingerprint or stamp[0] < 0:
            return None
        if stamp[1] >= self.written_at - RACY_NS:
            return None  # modified too close to when the index was written to trust the stamp
        return entry.digest

    def get(self, key: str, digest: str):
        entry = self.index.get(key)
        if entry is None or entry.digest != digest:
            return None
        return self.records.get(key)

    def put(self, key: str, digest: str, stamp: Stamp, result: object, fingerprint: str) -> None:
        self.index[key] = IndexEntry(stamp, fingerprint, digest)
        self.records[key] = result
        self._changed = True

    # -- the last run ----------------------------------------------------------------------------

    def signature(self, parts: list[str]) -> str:
        hasher = hashlib.blake2b(digest_size=20)
        for part in parts:
            hasher.update(part.encode())
            hasher.update(b"\0")
        return hasher.hexdigest()

    def last_results(self, signature: str):
        if self.last is not None and self.last[0] == signature:
            return self.last[1]
        return None

    def remember(self, signature: str, results: object) -> None:
        self.last = (signature, results)
        self._changed = True

    def save(self) -> None:
        if not self._changed:
            return
        try:
            if self._records is not None:
                _save(self.directory, RECORDS_FILE, {"records": self._records})
            _save(self.directory, INDEX_FILE, {"index": self.index, "last": self.last, "written_at": time.time_ns()})
        except OSError:
            pass  # a cache we cannot write is no cache: the scan's results stand


def digest(data: bytes, fingerprint: str) -> str:
    """The cache key of a file's phase 1: its bytes and the settings that reach phase 1."""
    hasher = hashlib.blake2b(digest_size=20)
    hasher.update(fingerprint.encode())
    hasher.update(b"\0")
    hasher.update(data)
    return hasher.hexdigest()


def default_directory(root: Path) -> Path:
    configured = os.environ.get("GRADADVISOR_CACHE_DIR")
    return Path(configured) if configured else root / ".gradadvisor_cache"
