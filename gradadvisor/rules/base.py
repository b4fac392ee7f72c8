"""The rule API: what a rule is, what it reports, and the cases it carries.

A rule is a libcst ``BatchableCSTVisitor``: the engine runs every selected rule
in one traversal of the module. A rule reads facts from ``self.ctx`` (import
aliases, gradient context, loop extent) instead of re-deriving them, and calls
``self.report(node, message, fix=...)``.

Every rule file carries its documentation (the class docstring, in the sections
What it does / Why it is slow for gradients / Example / Use instead / When not
to apply) and its own ``VALID`` and ``INVALID`` cases, which the test suite runs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, ClassVar, Literal, Sequence

import libcst as cst

if TYPE_CHECKING:
    from gradadvisor.engine.context import ModuleContext

Applicability = Literal["safe", "unsafe"]

#: A loop or comprehension: part of the trigger of every loop rule.
LOOP = re.compile(r"\b(?:for|while)\b")
Severity = Literal["error", "warning", "info"]
Confidence = Literal["high", "medium", "low"]


@dataclass(frozen=True)
class Fix:
    """A proposed rewrite: replace ``node`` with ``replacement``.

    ``imports`` lists modules (``"jax"``) or ``(module, name)`` / ``(module, name, alias)``
    imports the replacement needs; they are added with libcst's AddImportsVisitor.
    """

    node: cst.CSTNode
    replacement: cst.CSTNode
    applicability: Applicability
    imports: tuple[tuple[str, str | None, str | None], ...] = ()


@dataclass(frozen=True)
class FixInfo:
    """The serialisable part of a fix, as reported."""

    applicability: Applicability
    content: str
    diff: str


@dataclass
class Finding:
    """One reported problem. Lines and columns are 1-based; end_column is exclusive."""

    code: str
    name: str
    message: str
    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    severity: Severity = "warning"
    context: str | None = None
    fix: FixInfo | None = None
    #: How sure the rule is: "high", "medium" or "low".
    confidence: Confidence = "high"
    #: Short reasons for the finding (why the loop is data-sized, why the code is traced, ...).
    evidence: list[str] = field(default_factory=list)
    #: For a notebook: the 1-based index of the code cell (``line``/``end_line`` are then within it).
    cell: int | None = None
    #: Source lines around the finding for the text report: (first line number, lines).
    frame: tuple[int, tuple[str, ...]] | None = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict:
        data = {
            "code": self.code,
            "name": self.name,
            "message": self.message,
            "path": self.path,
            "cell": self.cell,
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line,
            "end_column": self.end_column,
            "severity": self.severity,
            "confidence": self.confidence,
            "context": self.context,
            "evidence": list(self.evidence),
            "fix": None,
        }
        if self.fix is not None:
            data["fix"] = {
                "applicability": self.fix.applicability,
                "content": self.fix.content,
                "diff": self.fix.diff,
            }
        return data


@dataclass(frozen=True)
class Valid:
    """Code the rule must not report."""

    code: str


@dataclass(frozen=True)
class Invalid:
    """Code the rule must report once (or ``count`` times).

    ``expected_fix``, when given, is the whole module after applying the rule's fixes
    (unsafe ones included); ``message_contains`` must appear in the message.
    """

    code: str
    expected_fix: str | None = None
    count: int = 1
    message_contains: str | None = None


@dataclass
class RawReport:
    """A report before positions are known (positions are resolved lazily)."""

    rule: "Rule"
    node: cst.CSTNode
    message: str
    fix: Fix | None
    context: str | None = None


class Rule(cst.BatchableCSTVisitor):
    """Base class of every rule. Subclasses set the class attributes and visit methods."""

    code: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str]
    severity: ClassVar[Severity] = "warning"
    #: Off unless selected explicitly (by code, prefix or ``ALL``).
    default_enabled: ClassVar[bool] = True
    #: Cheap regexes on the text: a file that does not match them all cannot hold a
    #: finding of this rule, so the engine need not parse it for this rule. A tuple means
    #: "all of these" (e.g. ``(LOOP, re.compile(r"\+="))``). The tighter, the faster.
    trigger: ClassVar[re.Pattern[str] | tuple[re.Pattern[str], ...] | None] = None
    #: The same test for one top-level def/class block (see engine/prune.py): a block that
    #: does not match cannot hold a finding. Defaults to ``trigger``; a rule whose evidence
    #: spans blocks (a constant defined in one, read in another) sets ``prunable = False``
    #: or overrides ``block_filter``.
    block_trigger: ClassVar[re.Pattern[str] | tuple[re.Pattern[str], ...] | None] = None
    prunable: ClassVar[bool] = True
    #: Plain substrings, one of which every finding's text contains: checked with ``in``
    #: before any regex (a regex scan of a large file costs a hundred times more).
    keywords: ClassVar[tuple[str, ...]] = ()
    VALID: ClassVar[Sequence[Valid]] = ()
    INVALID: ClassVar[Sequence[Invalid]] = ()

    def __init__(self, ctx: "ModuleContext") -> None:
        super().__init__()
        self.ctx = ctx

    @classmethod
    def could_match(cls, text: str) -> bool:
        """False when the file ``text`` certainly holds no finding of this rule: its trigger
        does not match, or (a block being part of the file) neither does its block trigger."""
        if cls.keywords and not any(keyword in text for keyword in cls.keywords):
            return False
        return _matches_all(cls.trigger, text) and (cls.block_trigger is None or _matches_all(cls.block_trigger, text))

    @classmethod
    def block_filter(cls, text: str) -> Callable[[str], bool] | None:
        """For the file ``text``: a test telling whether one top-level def/class block of it
        could hold a finding of this rule, or None when blocks cannot be judged one by one.

        Override it when the evidence spans blocks in a way a per-file test can capture
        (GA401 computes the names of module-level arrays and keeps the blocks reading them).
        """
        trigger = cls.block_trigger or cls.trigger
        if not cls.prunable or trigger is None:
            return None
        keywords = cls.keywords
        return lambda block: (not keywords or any(k in block for k in keywords)) and _matches_all(trigger, block)

    @classmethod
    def fixable(cls) -> bool:
        return any(case.expected_fix is not None for case in cls.INVALID)

    @classmethod
    def documentation(cls) -> str:
        import inspect

        return inspect.cleandoc(cls.__doc__ or "")

    def report(
        self,
        node: cst.CSTNode,
        message: str,
        *,
        fix: Fix | None = None,
        context: str | None = None,
    ) -> None:
        """Record a finding at ``node``. ``context`` defaults to the gradient context."""
        if context is None:
            context = self.ctx.why_traced(node)
        self.ctx.reports.append(RawReport(self, node, message, fix, context))

    def get_visitors(self) -> dict[str, Callable[[cst.CSTNode], None]]:
        """The rule's visit and leave methods, each wrapped so one rule's crash does not stop
        the others. Method names are looked up once per class."""
        return {name: self._guarded(getattr(self, name)) for name in _visitor_names(type(self))}

    def _guarded(self, method: Callable[[cst.CSTNode], None]) -> Callable[[cst.CSTNode], None]:
        def call(node: cst.CSTNode) -> None:
            if self.ctx.crashed_rule(self):
                return
            try:
                method(node)
            except Exception as error:  # noqa: BLE001 - reported as an internal error
                self.ctx.record_crash(self, error)

        return call


@lru_cache(maxsize=None)
def _visitor_names(rule: type) -> tuple[str, ...]:
    """``visit_X``/``leave_X`` attributes of a rule class, libcst's no-op stubs excluded."""
    return tuple(
        name
        for name in dir(rule)
        if name.startswith(("visit_", "leave_"))
        and callable(getattr(rule, name))
        and not getattr(getattr(rule, name), "_is_no_op", False)
    )


def _matches_all(trigger: re.Pattern[str] | tuple[re.Pattern[str], ...] | None, text: str) -> bool:
    if trigger is None:
        return True
    patterns = trigger if isinstance(trigger, tuple) else (trigger,)
    return all(pattern.search(text) for pattern in patterns)
