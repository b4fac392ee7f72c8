"""Reading a file: bytes to text, with the problems a user should hear about.

A file is read once, and only if it is a regular file: FIFOs, devices and
sockets (or symlinks to them) are skipped before they are opened, since reading
one can block forever or never end. The read is bounded by the size limit.

Decoding follows CPython (PEP 263): a coding cookie, else UTF-8; a UTF-8 BOM is
remembered so a fix writes it back. What CPython refuses is a ``FileError``
instead of text: an unknown codec, a codec that is not ASCII-compatible
(UTF-16, UTF-32, EBCDIC, ...), a BOM that contradicts the cookie, bytes that
do not decode (reported at their line and column). A file holding a NUL byte
anywhere is skipped as binary (CPython refuses such source too).
"""

from __future__ import annotations

import codecs
import errno
import functools
import io
import os
import re
import stat
import tokenize
from dataclasses import dataclass, field
from pathlib import Path

#: Files larger than this are skipped with a diagnostic (generated code, data).
DEFAULT_MAX_FILE_SIZE = 2 * 1024 * 1024
#: Bytes read per system call.
READ_CHUNK = 1024 * 1024
#: What an ASCII-compatible codec must decode unchanged: every character of ASCII source.
ASCII_SOURCE = "".join(chr(code) for code in range(32, 127)) + "\t\n\r\f"
#: PEP 263's cookie, as CPython matches it on line 1 or 2.
CODING_COOKIE = re.compile(rb"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)")
#: Byte order marks of encodings Python source cannot use (UTF-32 first: its LE mark starts like UTF-16's).
WIDE_BOMS = (
    (codecs.BOM_UTF32_LE, "UTF-32"),
    (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16"),
    (codecs.BOM_UTF16_BE, "UTF-16"),
)


def is_notebook(path: str) -> bool:
    """A Jupyter notebook, by its name (``engine/notebook.py`` reads it)."""
    return path.lower().endswith(".ipynb")


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
    #: In a notebook: (line, column) in the ``.ipynb`` file's JSON text (see ``Finding.file_region``).
    file_position: tuple[int, int] | None = field(default=None, compare=False)

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


# -- decoding ---------------------------------------------------------------------


def decode_source(path: str, data: bytes) -> SourceText | FileError:
    """Decode ``data`` as Python source, as CPython would (PEP 263)."""
    for bom, name in WIDE_BOMS:
        if data.startswith(bom):
            return FileError(
                path,
                "decode-error",
                f"the file is {name} (it starts with a {name} byte order mark); "
                "Python source must be UTF-8 or another ASCII-compatible encoding",
                1,
                1,
            )
    nul = data.find(b"\x00")
    if nul >= 0:
        line, column = _position(data, nul)
        return FileError(
            path,
            "skipped",
            f"binary file: NUL byte at line {line}, column {column} (source code cannot contain null bytes), skipped",
        )
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as error:
        if not str(error.msg).startswith("invalid or missing encoding declaration"):
            return _cookie_error(path, data, str(error.msg))
        encoding = "utf-8"  # not UTF-8 in the first two lines, and no cookie: located below
    problem = _encoding_problem(encoding)
    if problem:
        return FileError(path, "decode-error", problem, _cookie_line(data), 1)
    offset = 0
    bom = encoding == "utf-8-sig"
    if bom:
        encoding, offset = "utf-8", len(codecs.BOM_UTF8)
    try:
        text = data[offset:].decode(encoding)
    except UnicodeDecodeError as error:
        return _undecodable(path, data, encoding, offset + error.start, error.reason)
    return SourceText(path, text, encoding, bom)


@functools.lru_cache(maxsize=None)
def _encoding_problem(encoding: str) -> str | None:
    """Why ``encoding`` (named by a cookie) cannot hold Python source, or ``None``."""
    try:
        info = codecs.lookup(encoding)
    except LookupError:
        return f"unknown encoding in the coding comment: {encoding} (PEP 263)"
    if not getattr(info, "_is_text_encoding", True):
        return f"encoding problem: {encoding} is not a text encoding (PEP 263)"
    try:
        compatible = ASCII_SOURCE.encode("ascii").decode(info.name) == ASCII_SOURCE
    except (UnicodeError, ValueError):
        compatible = False
    if not compatible:
        return f"encoding problem: {encoding} is not ASCII-compatible, so Python source cannot be written in it (PEP 263)"
    return None


def _cookie_error(path: str, data: bytes, message: str) -> FileError:
    """tokenize's verdict on the cookie (an unknown codec, a BOM that contradicts the cookie)."""
    if message.startswith("unknown encoding"):
        name = message.partition(":")[2].strip()
        message = f"unknown encoding in the coding comment: {name} (PEP 263)"
    elif message.endswith("with BOM") or message == "encoding problem: utf-8":
        # tokenize says "encoding problem: utf-8" for a UTF-8 BOM followed by another cookie.
        match = CODING_COOKIE.match(data[len(codecs.BOM_UTF8) :].split(b"\n", 1)[0]) or CODING_COOKIE.match(
            (data.split(b"\n", 2) + [b""])[1]
        )
        declared = match.group(1).decode("ascii", "replace") if match else "another encoding"
        message = f"encoding problem: the file starts with a UTF-8 byte order mark but its coding comment declares {declared}"
    return FileError(path, "decode-error", message, _cookie_line(data), 1)


def _undecodable(path: str, data: bytes, encoding: str, start: int, reason: str) -> FileError:
    line, column = _position(data, start, encoding)
    byte = data[start : start + 1].hex() or "??"
    if encoding == "utf-8":
        message = (
            f"invalid UTF-8: byte 0x{byte} at line {line}, column {column} ({reason}); "
            "if the file uses another encoding, declare it with a PEP 263 coding comment"
        )
    else:
        message = f"cannot decode as {encoding} (its coding comment): byte 0x{byte} at line {line}, column {column} ({reason})"
    return FileError(path, "decode-error", message, line, column)


def _position(data: bytes, offset: int, encoding: str = "utf-8") -> tuple[int, int]:
    """1-based line and column (in characters) of byte ``offset``."""
    line_start = data.rfind(b"\n", 0, offset) + 1
    column = len(data[line_start:offset].decode(encoding, "replace")) + 1
    return data.count(b"\n", 0, offset) + 1, column


def _cookie_line(data: bytes) -> int:
    first, second = (data.split(b"\n", 2) + [b"", b""])[:2]
    if first.startswith(codecs.BOM_UTF8):
        first = first[len(codecs.BOM_UTF8) :]
    return 2 if not CODING_COOKIE.match(first) and CODING_COOKIE.match(second) else 1


# -- reading ----------------------------------------------------------------------


def too_large(display: str, size: int, max_size: int) -> FileError | None:
    """The note for a file over ``max-file-size`` (0: no limit)."""
    return _too_big(display, size, max_size) if max_size and size > max_size else None


def read_source(path: Path, display: str, max_size: int = DEFAULT_MAX_FILE_SIZE) -> SourceText | FileError:
    """Read and decode one file; every failure is a ``FileError``, never an exception."""
    data = read_bytes(path, display, max_size)
    return data if isinstance(data, FileError) else decode_source(display, data)


def read_bytes(path: Path, display: str, max_size: int = DEFAULT_MAX_FILE_SIZE) -> bytes | FileError:
    """Read one file's bytes; every failure is a ``FileError``, never an exception. Only
    regular files are read, and never more than ``max_size + 1`` bytes (0: no limit).
    """
    try:
        info = os.stat(path)  # follows symlinks: what would be read
    except OSError as error:
        return FileError(display, "io-error", _stat_failure(path, error))
    except ValueError as error:  # a NUL in the path
        return FileError(display, "io-error", f"cannot read: {error}")
    if stat.S_ISDIR(info.st_mode):
        return FileError(display, "skipped", "is a directory")
    if not stat.S_ISREG(info.st_mode):
        return FileError(display, "skipped", f"not a regular file ({_describe(path, info.st_mode)}), skipped")
    if max_size and info.st_size > max_size:
        return _too_big(display, info.st_size, max_size)
    try:
        data = _read_regular(path, max_size)
    except OSError as error:
        return FileError(display, "io-error", f"cannot read: {error.strerror or error}")
    if isinstance(data, int):  # replaced by something else between stat and open
        return FileError(display, "skipped", f"not a regular file ({_describe(path, data)}), skipped")
    if max_size and len(data) > max_size:  # it grew while we read it
        return _too_big(display, len(data), max_size)
    return data


def _read_regular(path: Path, max_size: int) -> bytes | int:
    """The file's bytes, at most ``max_size + 1`` of them; its mode if it is not a regular file.

    ``O_NONBLOCK``: should the path have become a FIFO since it was checked, opening it
    does not wait for a writer.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    descriptor = os.open(path, flags)
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            return mode
        chunks: list[bytes] = []
        remaining = max_size + 1 if max_size else -1
        while remaining:
            chunk = os.read(descriptor, READ_CHUNK if remaining < 0 else min(READ_CHUNK, remaining))
            if not chunk:
                break
            chunks.append(chunk)
            if remaining > 0:
                remaining -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(descriptor)


def _too_big(display: str, size: int, max_size: int) -> FileError:
    return FileError(
        display,
        "skipped",
        f"file is {size / 1024 / 1024:.1f} MiB, over the {max_size / 1024 / 1024:.1f} MiB limit (max-file-size), skipped",
    )


def _describe(path: Path, mode: int) -> str:
    """"a FIFO", or "a symbolic link to /dev/zero, a character device"."""
    if stat.S_ISFIFO(mode):
        kind = "a FIFO"
    elif stat.S_ISCHR(mode):
        kind = "a character device"
    elif stat.S_ISBLK(mode):
        kind = "a block device"
    elif stat.S_ISSOCK(mode):
        kind = "a socket"
    else:
        kind = "a special file"
    if os.path.islink(path):
        try:
            return f"a symbolic link to {os.readlink(path)}, {kind}"
        except OSError:
            pass
    return kind


def _stat_failure(path: Path, error: OSError) -> str:
    reason = error.strerror or str(error)
    if error.errno == errno.ELOOP:
        return f"cannot read: {reason} (a symbolic link loop)"
    if error.errno in (errno.ENOENT, errno.ENOTDIR) and os.path.islink(path):
        try:
            target = os.readlink(path)
        except OSError:
            target = "a missing file"
        return f"cannot read: broken symbolic link to {target}"
    return f"cannot read: {reason}"
