"""Syntax errors, located and worded by CPython's own parser.

libcst's native parser reports a syntax error at column 0 (and sometimes on a
later line) with a list of expected tokens; CPython's parser gives the line and
column ruff would, and a readable message. It also guards libcst: on very deeply
nested code (thousands of brackets, or a line of thousands of chained calls)
libcst's parser overflows its stack and kills the whole process, while CPython
raises an error. Such files are rare and cheap to spot, so only they pay for a
CPython parse before libcst sees them.
"""

from __future__ import annotations

import ast
import re
from itertools import accumulate

from gradadvisor.engine.source import FileError

#: CPython refuses more than 200 nested brackets; libcst crashes somewhere above 1,000.
MAX_BRACKET_DEPTH = 200
#: A line this long may hold a chain (``x.a.a...``, ``f()()...``) deep enough to crash libcst.
MAX_LINE_LENGTH = 5_000
BRACKETS = re.compile(r"[^()\[\]{}]+")
DEPTH_STEP = {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}


def _cpython_error(path: str, text: str) -> FileError | None:
    """The error CPython's parser raises on ``text``, if any."""
    try:
        ast.parse(text)
    except SyntaxError as error:
        if error.lineno is None:
            return FileError(path, "syntax-error", f"SyntaxError: {error.msg}")
        return FileError(path, "syntax-error", f"SyntaxError: {error.msg}", error.lineno, error.offset or 1)
    except (RecursionError, MemoryError):
        return FileError(path, "skipped", "nesting too deep for the parser, skipped")
    except ValueError as error:  # e.g. NUL bytes
        return FileError(path, "syntax-error", f"SyntaxError: {error}")
    return None


def too_deep_for_libcst(path: str, text: str) -> FileError | None:
    """For code nested deep enough to endanger libcst's parser: CPython's verdict on it.

    ``None`` when the code is safe to hand to libcst (shallow, or accepted by CPython).
    """
    brackets = BRACKETS.sub("", text)  # brackets in strings count too: a false alarm only costs a parse
    deep = bool(brackets) and max(accumulate(DEPTH_STEP[char] for char in brackets)) > MAX_BRACKET_DEPTH
    if not deep and max(map(len, text.splitlines()), default=0) <= MAX_LINE_LENGTH:
        return None
    return _cpython_error(path, text)


def syntax_error(path: str, text: str, libcst_message: str, libcst_line: int) -> FileError:
    """The syntax error in ``text`` that libcst reported, placed by CPython when it agrees."""
    error = _cpython_error(path, text)
    if error is not None and error.kind == "syntax-error" and error.line is not None:
        return error
    # CPython accepts it (newer syntax than libcst knows?) or gives no position: libcst's word.
    return FileError(path, "syntax-error", f"SyntaxError: {libcst_message}", libcst_line, 1)
