"""What a fix is: text edits on the file, with what they need and how sure we are.

A rule builds a ``Fix`` while it reads the tree (``fixes/render.py`` writes the new
code); the engine applies fixes later, without the tree (``fixes/apply.py``). Edits
are character offsets into the file's text, so a fix is a small, serialisable
record that the cache can keep.

A fix is *safe* only when every precondition of its rewrite was proven from facts
(ranks, dtypes, shadowing, loop-variable use, the range covering the axis, no side
effects); otherwise it is *unsafe* and ``unproven`` says which preconditions are
missing, in words a user can check.
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

    def require(self, proven: bool, what: str) -> bool:
        if not proven and what not in self.unproven:
            self.unproven.append(what)
        return proven

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
        return Fix(tuple(edits), self.applicability, content or "", tuple(imports), tuple(self.unproven))


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
