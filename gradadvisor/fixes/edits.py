"""What a fix is: text edits on the file, with what they need and how sure we are.

A rule builds a ``Fix`` while it reads the tree (``fixes/render.py`` writes the new
code); the engine applies fixes later, without the tree (``fixes/apply.py``). Edits
are character offsets into the file's text, so a fix is a small, serialisable
record that the cache can keep.

A fix is *safe* only when every precondition of its rewrite was proven from facts
(ranks, dtypes, shadowing, loop-variable use, the range covering the axis, no side
effects); otherwise it is *unsafe* and ``unproven`` says which preconditions are
missing, in words a user can check.

Some preconditions are about a function's parameters (``a`` has two axes, ``x`` is a
float array): the function's own lines cannot prove them, its callers can. A rule
states such a precondition with the checks that would prove it (``callers=``); phase 2
asks the project index what every call site passes and, when every call site proves
every check, drops the precondition from ``unproven`` and names the call sites in
``proven_by`` (``settle`` in ``rules/base.py``). Checks are small strings:

- ``rank P N``: parameter ``P`` is an array of ``N`` axes;
- ``float P``: ``P`` is a float32 or float64 array (not complex, integer, bool, or a small float);
- ``dim P I Q J``: axis ``I`` of ``P`` and axis ``J`` of ``Q`` have the same length;
- ``jax P``: ``P`` is a jax array (not a NumPy one);
- ``longer P I N``: axis ``I`` of ``P`` is longer than ``N`` (a literal length).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Sequence

Applicability = Literal["safe", "unsafe"]
ImportSpec = tuple[str, "str | None", "str | None"]


@dataclass(frozen=True)
class Edit:
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class Fix:
    edits: tuple[Edit, ...]
    applicability: Applicability
    #: The replacement code, as shown to the user (the main edit's text).
    content: str
    imports: tuple[ImportSpec, ...] = ()
    #: Why an unsafe fix is unsafe: the preconditions the scanner could not prove.
    unproven: tuple[str, ...] = ()
    #: For unproven preconditions that callers can prove: (precondition, its checks).
    deferred: tuple[tuple[str, tuple[str, ...]], ...] = ()
    #: The call sites that proved deferred preconditions (``path:line``), once settled.
    proven_by: tuple[str, ...] = ()

    @property
    def span(self) -> tuple[int, int]:
        return min(edit.start for edit in self.edits), max(edit.end for edit in self.edits)


@dataclass(frozen=True)
class Rewrite:
    """An expression rewritten (``fixes/render.py``): its edits (the replacement, and comments
    moved above the statement), the replacement's code, and what the rendering could not
    keep (an unproven precondition of any fix that uses it)."""

    edits: tuple[Edit, ...]
    text: str
    unproven: tuple[str, ...] = ()


class Preconditions:
    """Collects a fix's preconditions: ``require(ok, what)`` for each; safe when all hold."""

    def __init__(self) -> None:
        self.unproven: list[str] = []
        self.deferred: dict[str, list[str]] = {}
        #: Preconditions that are unproven whatever the callers pass.
        self._final: set[str] = set()

    def require(self, proven: bool, what: str, callers: Sequence[str] | None = None) -> bool:
        """Record a precondition. ``callers``: the checks on parameters (see the module's
        docstring) that, held at every call site, prove it; None when callers cannot."""
        if proven:
            return True
        if what not in self.unproven:
            self.unproven.append(what)
        if callers is None or what in self._final:
            self._final.add(what)
            self.deferred.pop(what, None)
        else:
            checks = self.deferred.setdefault(what, [])
            checks.extend(check for check in callers if check not in checks)
        return False

    @property
    def applicability(self) -> Applicability:
        return "unsafe" if self.unproven else "safe"

    def fix(self, edits: Sequence[Edit] | Rewrite, content: str | None = None, imports: Sequence[ImportSpec] = ()) -> Fix:
        """The fix: ``edits``, or a ``Rewrite`` (whose code is the content by default, and whose
        own unproven conditions join these)."""
        if isinstance(edits, Rewrite):
            for what in edits.unproven:
                self.require(False, what)
            content = edits.text if content is None else content
            edits = edits.edits
        deferred = tuple((what, tuple(checks)) for what, checks in self.deferred.items() if checks)
        return Fix(tuple(edits), self.applicability, content or "", tuple(imports), tuple(self.unproven), deferred)


def apply_edits(text: str, edits: Sequence[Edit]) -> str:
    """``text`` with non-overlapping ``edits`` applied."""
    out: list[str] = []
    position = 0
    for edit in sorted(edits, key=lambda item: (item.start, item.end)):
        out.append(text[position : edit.start])
        out.append(edit.text)
        position = edit.end
    out.append(text[position:])
    return "".join(out)


def overlaps(left: tuple[int, int], right: tuple[int, int]) -> bool:
    return left[0] < right[1] and right[0] < left[1] or left == right


def non_overlapping(fixes: Sequence[Fix]) -> list[Fix]:
    """Keep fixes whose spans do not overlap, earliest first (the rest wait for the next round)."""
    chosen: list[Fix] = []
    for fix in sorted(fixes, key=lambda item: item.span):
        if not any(overlaps(fix.span, other.span) for other in chosen):
            chosen.append(fix)
    return chosen
