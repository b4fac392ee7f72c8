"""Suppression comments.

``# noqa`` silences every finding on its line, ``# noqa: GA202, GA301`` the
listed codes (prefixes too), and a ``# gradadvisor: noqa`` comment on a line of
its own anywhere in a file skips the whole file. Comments are found with the
tokenizer, so ``"# noqa"`` inside a string does not count.
"""

from __future__ import annotations

import io
import re
import tokenize

from gradadvisor.rules.base import Suppression

FILE_NOQA = re.compile(r"^[ \t]*#[ \t]*gradadvisor:[ \t]*noqa[ \t]*$", re.MULTILINE | re.IGNORECASE)
LINE_NOQA = re.compile(
    r"#\s*noqa(?:\s*:\s*(?P<codes>[A-Za-z]+[0-9]+(?:[\s,]+[A-Za-z]+[0-9]+)*))?", re.IGNORECASE
)


def file_is_suppressed(text: str) -> bool:
    if FILE_NOQA.search(text) is None:
        return False
    # The line must be a comment, not part of a string (a docstring explaining the directive).
    try:
        return any(
            token.type == tokenize.COMMENT and FILE_NOQA.search(token.line) is not None
            for token in tokenize.generate_tokens(io.StringIO(text).readline)
        )
    except (tokenize.TokenError, SyntaxError):
        return True


def find_suppressions(text: str) -> dict[int, Suppression]:
    """Line number -> its ``# noqa`` comment."""
    found: dict[int, Suppression] = {}
    if "noqa" not in text.lower():
        return found
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return found
    for token in tokens:
        if token.type != tokenize.COMMENT:
            continue
        match = LINE_NOQA.search(token.string)
        if match is None:
            continue
        line, column = token.start
        codes = match.group("codes")
        parsed = tuple(code.upper() for code in re.split(r"[\s,]+", codes) if code) if codes else ()
        found[line] = Suppression(
            line, column + match.start() + 1, column + match.end() + 1, parsed
        )
    return found
