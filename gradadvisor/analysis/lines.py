"""Where a regex matches in a file, by line, fast.

CPython's regex engine scans quickly for a literal start (``for\\b``) but tries
every position for a pattern that starts with ``\\b``, a look-behind or an
alternation, which on a large file costs more than parsing it. ``match_lines``
runs such a pattern as literal-start pieces (``literal_pieces``) and checks a
lifted leading assertion by hand. Rule triggers (``engine.triggers``) and the
file summary's callee search use it.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right

from gradadvisor.analysis.syntax import Source


def any_between(lines: list[int], first: int, last: int) -> bool:
    """Whether one of the sorted ``lines`` lies in ``first..last``."""
    position = bisect_left(lines, first)
    return position < len(lines) and lines[position] <= last


def literal_lines(literal: str, source: Source) -> list[int]:
    """The sorted lines on which the plain string ``literal`` occurs (a substring search)."""
    text, lines = source.text, []
    start = text.find(literal)
    while start != -1:
        line = source.line_of(start)
        if not lines or lines[-1] != line:
            lines.append(line)
        start = text.find(literal, start + 1)
    return lines


def match_lines(pattern: re.Pattern[str], source: Source) -> list[int]:
    """The sorted line numbers on which ``pattern`` matches in ``source``.

    CPython's regex engine scans fast for a literal start (``for\b``) but tries every
    position for a pattern that starts with ``\b``, a look-behind or an alternation. So
    ``\b(?:for|while)\b`` is run as ``for\b`` and ``while\b``, with the leading
    assertion checked by hand on each match (``literal_pieces``)."""
    text, starts = source.text, source.line_starts
    found: set[int] = set()
    for piece, excluded in literal_pieces(pattern):
        for match in piece.finditer(text):
            start = match.start()
            if excluded is not None and start and (text[start - 1].isalnum() or text[start - 1] in excluded):
                continue
            found.add(bisect_right(starts, start))
    return sorted(found)


#: Leading assertions checked by hand: the characters that may not come before a match.
_LEADING = {r"\b": "_", r"(?<![\w.])": "_."}
_PIECES: dict[re.Pattern[str], list[tuple[re.Pattern[str], str | None]]] = {}


def literal_pieces(pattern: re.Pattern[str]) -> list[tuple[re.Pattern[str], str | None]]:
    """Patterns whose matches together are ``pattern``'s, each with the characters that may
    not precede a match (None: any may). Top-level alternatives are split, a leading group
    of alternatives is distributed over what follows it (``(?:a|b)\\s*\\(`` is ``a\\s*\\(`` and
    ``b\\s*\\(``), and a leading ``\\b`` or ``(?<![\\w.])`` before a word is lifted out.
    Anything else is kept as written."""
    pieces = _PIECES.get(pattern)
    if pieces is None:
        pieces = _PIECES[pattern] = [(re.compile(text, pattern.flags), excluded) for text, excluded in _split(pattern.pattern, None)]
    return pieces


def _split(text: str, excluded: str | None) -> list[tuple[str, str | None]]:
    branches = _top_level(text, "|")
    if len(branches) > 1:
        return [piece for branch in branches for piece in _split(branch, excluded)]
    for lead, lead_excluded in _LEADING.items():
        if text.startswith(lead) and excluded is None:
            rest = text[len(lead):]
            if rest[:1].isalpha() or rest.startswith("(?:"):
                return _split(rest, lead_excluded)
            return [(text, None)]
    if text.startswith("(?:"):
        end = _group_end(text)
        suffix = text[end + 1:]
        if end > 0 and not suffix[:1] in ("?", "*", "+", "{"):
            return [piece for branch in _top_level(text[3:end], "|") for piece in _split(branch + suffix, excluded)]
    if excluded is not None and not text[:1].isalpha():
        return [(_LEAD_OF[excluded] + text, None)]  # cannot lift the assertion: keep it
    return [(text, excluded)]


_LEAD_OF = {excluded: lead for lead, excluded in _LEADING.items()}


def _structure(text: str):
    """``(index, char, depth)`` for each character of the regex ``text`` that is neither escaped
    nor inside a character class; ``depth`` counts the groups around it (a group's ``(`` and
    ``)`` are inside it)."""
    depth, in_class, escaped = 0, False, False
    for index, char in enumerate(text):
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        else:
            if char == "(":
                depth += 1
            yield index, char, depth
            if char == ")":
                depth -= 1


def _group_end(text: str) -> int:
    """The index of the ``)`` closing the group that opens ``text`` (-1 if none)."""
    return next((index for index, char, depth in _structure(text) if char == ")" and depth == 1), -1)


def _top_level(text: str, separator: str) -> list[str]:
    """``text`` split at ``separator`` characters outside every group and character class."""
    cuts = [index for index, char, depth in _structure(text) if char == separator and depth == 0]
    return [text[start + 1 : stop] for start, stop in zip([-1, *cuts], [*cuts, len(text)])]
