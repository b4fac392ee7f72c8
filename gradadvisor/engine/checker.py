"""Phase 1 of a scan: one file, on its own.

Read once, parse once (CPython's ``ast``), summarise for the project index, and
run the selected rules in one walk over the code that can hold a finding (a
function or class whose text matches no rule's trigger is not walked: see
``engine.walk``). The
result, ``FileAnalysis``, is plain data: it crosses to the parent process and
goes into the cache as is.
"""

from __future__ import annotations

import gc
import re
from dataclasses import dataclass, field

from gradadvisor.analysis.facts import Facts
from gradadvisor.analysis.inert_steps import set_aside_inert_steps
from gradadvisor.analysis.progress_bars import unwrap_progress_bars
from gradadvisor.analysis.names import ImportMap
from gradadvisor.analysis.summary import FileSummary, SummaryBuilder, module_name, stated_constants
from gradadvisor.analysis.gradient import LIBRARY_MODULES
from gradadvisor.analysis.syntax import Source, TooComplex, parse, plain_annotated_assignments, plain_at_gets
from gradadvisor.engine.context import Context
from gradadvisor.engine.noqa import file_is_suppressed, find_suppressions
from gradadvisor.engine.source import FileError
from gradadvisor.engine.triggers import Triggers
from gradadvisor.engine.walk import RuleWalker
from gradadvisor.rules.base import Candidate, Rule, Suppression

#: Every rule is about autodiff code: a file that never names jax or a library of the transform
#: table (``analysis/transforms.toml``) holds no finding.
AUTODIFF_MENTION = re.compile(r"\b(?:" + "|".join(sorted(LIBRARY_MODULES)) + r")\b")
#: ...or call a derivative another module holds by a derivative's name (``self.dynamics.f_x(x, u)``,
#: ``model.grad_fn(p, x)``; ``f_x``, ``l_uu``: control code's names for a dynamics' or a cost's
#: derivatives): whether it is one is proven in phase 2 (``Project.held_gradient``); the name
#: only decides that the file is read.
DERIVATIVE_CALL = re.compile(r"\.[ \t]*(?:\w*(?:jac|grad|hess|jvp|vjp)\w*|[fl]_[xu]{1,2})[ \t]*\(", re.IGNORECASE)
#: ...but it may hold module-level data that a jax file imports (GA401 reads it across files).
DATA_MENTION = re.compile(
    r"^[A-Za-z_]\w*\s*(?::[^=\n]*)?=\s*[^\n]*\b(?:np|numpy|onp|pd|pandas|torch)\."
    r"(?:load|loadtxt|genfromtxt|fromfile|memmap|read_\w+|random|zeros|ones|empty|full|arange|linspace|array|asarray|eye)\b",
    re.MULTILINE,
)


@dataclass
class FileAnalysis:
    """What phase 1 learns of one file."""

    path: str
    summary: FileSummary
    candidates: list[Candidate] = field(default_factory=list)
    errors: list[FileError] = field(default_factory=list)
    #: noqa comments by line (read only when there is something they could suppress).
    suppressions: dict[int, Suppression] = field(default_factory=dict)
    parsed: bool = False


def analyse(display: str, text: str, rules: list[type[Rule]], *, want_suppressions: bool = False, module_path: str | None = None) -> FileAnalysis:
    """Phase 1 for ``text`` (the file ``display``). Never raises for bad input. ``module_path``
    (the file's path relative to the project root; default ``display``) names its module.

    The cyclic garbage collector is paused while one file is analysed: a syntax tree is
    hundreds of thousands of small objects freed by reference counting, and the collector's
    passes over them cost as much as the parse itself. Whatever cycles the file's analysis
    left are collected by the next ordinary pass after it.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _analyse(display, text, rules, want_suppressions, module_path or display)
    finally:
        if was_enabled:
            gc.enable()


def _analyse(display: str, text: str, rules: list[type[Rule]], want_suppressions: bool, module_path: str) -> FileAnalysis:
    module, package = module_name(module_path)
    empty = FileAnalysis(display, FileSummary(display, module, package))
    if not text.strip() or file_is_suppressed(text):
        return empty
    # (a NumPy driver calling ``self.dynamics.f_x(x, u)``, a jacobian another module's class holds)
    mentions_autodiff = AUTODIFF_MENTION.search(text) is not None or DERIVATIVE_CALL.search(text) is not None
    if not mentions_autodiff and not DATA_MENTION.search(text):
        if want_suppressions:
            empty.suppressions = find_suppressions(text)
        empty.summary.constants = stated_constants(text)  # a settings module: ``M = 50``
        return empty
    source = Source(text)
    try:
        tree = parse(text)
    except SyntaxError as error:
        empty.errors.append(_syntax_error(display, error))
        return empty
    except TooComplex as error:
        empty.errors.append(FileError(display, "skipped", f"file too complex to analyse: {error}"))
        return empty
    names = ImportMap(tree, package, source.text)
    unwrap_progress_bars(tree, source.text, names.resolve)
    plain_annotated_assignments(tree, source.text)
    plain_at_gets(tree, source.text)
    set_aside_inert_steps(tree, source.text, names.resolve)
    facts = Facts(tree, source, names)
    builder = SummaryBuilder(display, tree, source, names, facts, (module, package))
    result = FileAnalysis(display, builder.build(), parsed=True)
    # Test code holds no finding (every rule leaves reference computations alone): a test
    # module is summarised for the project index but not walked.
    triggers = Triggers(source, rules) if mentions_autodiff and not result.summary.test_module else None
    active = [rule for rule in rules if triggers.anywhere(rule)] if triggers is not None else []
    if active:
        ctx = Context(display, source, tree, names, facts)
        RuleWalker(ctx, [rule(ctx) for rule in active], triggers).walk_module(tree)
        result.candidates = ctx.candidates
        # Calls to this file's functions whose parameters a candidate's size depends on: its own
        # function's, or the function around it whose parameter a closure reads (``steps`` of
        # ``simulate_batch`` in ``def simulate_one(board): for _ in range(steps)``).
        wanted: set[str] = set()
        for c in ctx.candidates:
            if (c.size_param or c.data.get("param")) and not c.data.get("calls_to"):
                functions = result.summary.functions
                if c.scopes and c.scopes[0] in functions:
                    wanted.add(functions[c.scopes[0]].name)
                around = [functions[scope] for scope in c.scopes if scope in functions]
                wanted.update(next(([f.name] for f in around if c.size_param and c.size_param in f.params), []))
        # A fix whose preconditions the callers may prove (``settle``): what they pass.
        wanted.update(
            result.summary.functions[c.scopes[0]].name
            for c in ctx.candidates
            if c.fix is not None and c.fix.deferred and c.scopes and c.scopes[0] in result.summary.functions
        )
        # A candidate may depend on another function's parameter (a factory's, a constructor's).
        wanted.update(c.data["calls_to"] for c in ctx.candidates if c.data.get("calls_to"))
        if wanted:
            builder.record_local_calls(wanted)
        for code, message in sorted(ctx.crashes.items()):
            result.errors.append(FileError(display, "internal-error", f"rule {code} crashed on this file: {message}"))
    # A noqa comment matters on a candidate's line (or everywhere, for GA900): the tokenizer, which
    # tells a comment from a string, runs only then.
    if want_suppressions or any("noqa" in source.line(line).lower() for line in {c.span.line for c in result.candidates}):
        result.suppressions = find_suppressions(text)
    return result


def _syntax_error(display: str, error: SyntaxError) -> FileError:
    message = error.msg if isinstance(error.msg, str) else str(error)
    if error.lineno is None:
        return FileError(display, "syntax-error", f"SyntaxError: {message}")
    return FileError(display, "syntax-error", f"SyntaxError: {message}", error.lineno, error.offset or 1)
