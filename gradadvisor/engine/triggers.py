"""Where in a file each rule's trigger matches, by line.

A rule's ``trigger`` (see ``rules.base.Rule``) is a cheap text test: code where it
does not match cannot hold the rule's finding. ``Triggers`` scans the file once
per distinct pattern and keeps the line numbers, so that the walk can ask of any
function, class or statement which rules could find something in it.
"""

from __future__ import annotations

import ast
import re
from bisect import bisect_left
from typing import Iterable

from gradadvisor.analysis.lines import match_lines
from gradadvisor.analysis.syntax import Source
from gradadvisor.rules.base import Rule


#: The lines an alias (``Rule.aliases``) can be bound on.
_VMAP = re.compile(r"vmap\s*\(")


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
        for rule in rules:
            self._add_aliases(rule, source)

    def _add_aliases(self, rule: type[Rule], source: Source) -> None:
        """Calls of the names the file binds to what the rule's trigger stands for (``aliases``)
        match its first pattern and its expression trigger."""
        lines = self._lines.get(rule)
        if rule.aliases is None or not lines or not lines[0] or "vmap" not in source.text:
            return  # no trigger, or it matches nowhere: no alias is bound either (each binds a vmap)
        names = {match.group("name") for number in match_lines(_VMAP, source) if (match := rule.aliases.match(source.line(number)))}
        if not names:
            return
        calls = match_lines(re.compile(r"\b(?:%s)\s*\(" % "|".join(sorted(map(re.escape, names)))), source)
        self._lines[rule] = (sorted({*lines[0], *calls}), *lines[1:])
        expression = self._expression_lines.get(rule)
        if expression is not None:
            self._expression_lines[rule] = sorted({*expression, *calls})

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
