"""Reading a file: bytes to text, with the problems a user should hear about.

A file is read once. Encoding follows PEP 263 (a coding cookie, else UTF-8; a
UTF-8 BOM is remembered so a fix writes it back). Binary files, undecodable
files, unreadable files and files over the size limit come back as a
``FileError`` instead of text.
"""

from __future__ import annotations

import io
import tokenize
from dataclasses import dataclass
from pathlib import Path

#: Files larger than this are skipped with a diagnostic (generated code, data).
DEFAULT_MAX_FILE_SIZE = 2 * 1024 * 1024


@dataclass(frozen=True)
class FileError:
    """A problem with one file that is not a rule finding.

    ``kind`` is one of: syntax-error, decode-error, io-error, notebook-error, skipped,
    internal-error, fix-error. In a notebook, ``cell`` is the 1-based code cell and ``line``
    the line within it.
    """

    path: str
    kind: str
    message: str
    line: int | None = None
    column: int | None = None
    cell: int | None = None

    @property
    def is_failure(self) -> bool:
        """Skipped files are notes; everything else makes the run fail."""
        return self.kind != "skipped"

    def to_dict(self) -> dict:
        return {
            "path": self.path,
            "cell": self.cell,
            "line": self.line,
            "column": self.column,
            "kind": self.kind,
            "message": self.message,
        }


@dataclass(frozen=True)
class SourceText:
    """A decoded file and what is needed to write it back byte for byte."""

    path: str
    text: str
    encoding: str
    bom: bool

    def encode(self, text: str) -> bytes:
        data = text.encode(self.encoding)
        return (b"\xef\xbb\xbf" + data) if self.bom else data


def decode_source(path: str, data: bytes) -> SourceText | FileError:
    """Decode ``data`` as Python source (PEP 263)."""
    if b"\x00" in data[:8192]:
        return FileError(path, "skipped", "binary file (contains NUL bytes), skipped")
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as error:
        return FileError(path, "decode-error", f"cannot decode: {error}", 1, 1)
    bom = encoding == "utf-8-sig"
    if bom:
        encoding = "utf-8"
        data = data[3:]
    try:
        text = data.decode(encoding)
    except (UnicodeDecodeError, LookupError) as error:
        line = data[: getattr(error, "start", 0)].count(b"\n") + 1
        return FileError(
            path,
            "decode-error",
            f"cannot decode as {encoding} (declare the encoding with a PEP 263 coding comment): {error}",
            line,
            1,
        )
    return SourceText(path, text, encoding, bom)


def too_large(display: str, size: int, max_size: int) -> FileError | None:
    """The note for a file over ``max-file-size`` (0: no limit)."""
    if max_size and size > max_size:
        return FileError(
            display,
            "skipped",
            f"file is {size / 1024 / 1024:.1f} MiB, over the {max_size / 1024 / 1024:.1f} MiB limit (max-file-size), skipped",
        )
    return None


def read_bytes(path: Path, display: str, max_size: int = DEFAULT_MAX_FILE_SIZE) -> bytes | FileError:
    """Read one file's bytes; every failure is a ``FileError``, never an exception."""
    try:
        if path.is_dir():
            return FileError(display, "skipped", "is a directory")
        big = too_large(display, path.stat().st_size, max_size)
        if big is not None:
            return big
        return path.read_bytes()
    except OSError as error:
        return FileError(display, "io-error", f"cannot read: {error.strerror or error}")


def read_source(path: Path, display: str, max_size: int = DEFAULT_MAX_FILE_SIZE) -> SourceText | FileError:
    """Read and decode one file; every failure is a ``FileError``, never an exception."""
    data = read_bytes(path, display, max_size)
    return data if isinstance(data, FileError) else decode_source(display, data)
