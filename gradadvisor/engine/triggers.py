"""Where in a file each rule's trigger matches, by line.

A rule's ``trigger`` (see ``rules.base.Rule``) is a cheap text test: code where it
does not match cannot hold the rule's finding. ``Triggers`` scans the file once
per distinct pattern and keeps the line numbers, so that the walk can ask of any
function, class or statement which rules could find something in it.
"""

from __future__ import annotations

import ast
import re
from bisect import bisect_left, bisect_right
from typing import Iterable

from gradadvisor.analysis.syntax import Source
from gradadvisor.rules.base import Rule


class Triggers:
    """The lines of one file on which each rule's trigger patterns match.

    A span of lines can hold a finding of a rule only when every pattern of the rule's
    trigger matches on one of those lines (a rule without a trigger matches everywhere).
    Each distinct pattern scans the file once."""

    def __init__(self, source: Source, rules: Iterable[type[Rule]]) -> None:
        self._lines: dict[type[Rule], tuple[list[int], ...] | None] = {}
        found: dict[re.Pattern[str], list[int]] = {}
        for rule in rules:
            trigger = rule.trigger
            if rule.keywords and not any(keyword in source.text for keyword in rule.keywords):
                self._lines[rule] = ([],)
                continue
            if trigger is None:
                self._lines[rule] = None
                continue
            patterns = trigger if isinstance(trigger, tuple) else (trigger,)
            for pattern in patterns:
                if pattern not in found:
                    found[pattern] = match_lines(pattern, source)
            self._lines[rule] = tuple(found[pattern] for pattern in patterns)
        self._expression_lines: dict[type[Rule], list[int] | None] = {}
        for rule in rules:
            pattern = rule.expression_trigger
            if pattern is not None and pattern not in found:
                found[pattern] = match_lines(pattern, source)
            self._expression_lines[rule] = None if pattern is None else found[pattern]

    def expression_lines(self, rules: Iterable[type[Rule]]) -> list[int] | None:
        """The lines on which one of ``rules`` may find something in an expression (sorted);
        None when any of them looks at every expression."""
        merged: set[int] = set()
        for rule in rules:
            lines = self._expression_lines[rule]
            if lines is None:
                return None
            merged.update(lines)
        return sorted(merged)

    def anywhere(self, rule: type[Rule]) -> bool:
        """Whether the rule's trigger matches somewhere in the file."""
        lines = self._lines[rule]
        return lines is None or all(lines)

    def matches(self, rule: type[Rule], first: int, last: int) -> bool:
        lines = self._lines[rule]
        if lines is None:
            return True
        for found in lines:
            position = bisect_left(found, first)
            if position == len(found) or found[position] > last:
                return False
        return True

    def select(self, rules: Iterable[type[Rule]], node: ast.AST) -> tuple[type[Rule], ...]:
        """The rules whose triggers match within ``node``'s lines (decorators included)."""
        first = node.lineno  # type: ignore[attr-defined]
        for decorator in getattr(node, "decorator_list", ()):
            first = min(first, decorator.lineno)
        last = node.end_lineno or first  # type: ignore[attr-defined]
        return tuple(rule for rule in rules if self.matches(rule, first, last))


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


def _group_end(text: str) -> int:
    """The index of the ``)`` closing the group that opens ``text`` (-1 if none)."""
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
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return index
    return -1


def _top_level(text: str, separator: str) -> list[str]:
    """``text`` split at ``separator`` characters outside every group and character class."""
    parts, current = [], []
    depth, in_class, escaped = 0, False, False
    for char in text:
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == separator and depth == 0:
            parts.append("".join(current))
            current = []
            continue
        current.append(char)
    parts.append("".join(current))
    return parts
