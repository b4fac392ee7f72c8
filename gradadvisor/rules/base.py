"""The rule API: what a rule is, what it reports, and the cases it carries.

A rule is a class with ``visit_<Node>`` methods named after ``ast`` node types
(``visit_For``, ``visit_Call``...). The engine walks each file once and calls every
selected rule's methods; a rule asks ``self.ctx`` (a ``RuleContext``; the engine's ``engine/context.py``) for facts
(what a name holds, how long a loop runs, the qualified name of a call) and calls
``self.report(...)`` with what it proved.

A report is a *candidate*: the file alone cannot tell whether a function is
differentiated somewhere else in the project. Phase 2 of the scan
(``Rule.finalize``) adds the gradient context from the project index, computes
the finding's confidence and evidence, and drops candidates whose evidence is
too thin. Confidence:

- ``high``: the loop (or array) is proven data-sized *and* the code is proven
  traced or differentiated (a chain to a transform);
- ``medium``: one of the two is proven and the other likely from the code shape
  (jax.numpy work on an array; a size that depends on a parameter);
- ``low``: the shape alone.

Every rule file carries its documentation (the class docstring, in the sections
What it does / Why it is slow for gradients / Example / Use instead / Fix safety /
When not to apply) and its own ``VALID`` and ``INVALID`` cases, which the test
suite runs.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, ClassVar, Literal, Protocol, Sequence

from gradadvisor.analysis.component_loops import names_entries, names_options, walked_rows, walks_axes
from gradadvisor.analysis.alternatives import vectorized_alternative
from gradadvisor.analysis.constant_steps import constant_loop
from gradadvisor.analysis.extent import IMPORTED, SMALL_RANGE, WEIGHT_NAME, names_data_rows
from gradadvisor.analysis.gradient import BATCHING, Level, short
from gradadvisor.analysis.host_code import DRIVER, EAGER, GENERATOR, PLOTTING, UNTRACEABLE
from gradadvisor.analysis.inert_steps import times_steps
from gradadvisor.analysis.progress_bars import shows_progress
from gradadvisor.analysis.recurrence_steps import DELIBERATE_UNROLL
from gradadvisor.analysis.syntax import Span
from gradadvisor.fixes.edits import Fix

if TYPE_CHECKING:
    import ast

    from gradadvisor.analysis.extent import Extent
    from gradadvisor.analysis.facts import Facts, Scope
    from gradadvisor.analysis.names import ImportMap
    from gradadvisor.analysis.project import Project
    from gradadvisor.analysis.syntax import Source
    from gradadvisor.analysis.values import Value
    from gradadvisor.fixes.render import Renderer

Severity = Literal["error", "warning", "info"]
Confidence = Literal["high", "medium", "low"]
CONFIDENCE_ORDER = {"low": 0, "medium": 1, "high": 2}

#: A loop or comprehension: part of the trigger of every loop rule.
LOOP = re.compile(r"\b(?:for|while)\b")


@dataclass
class Suppression:
    """One ``# noqa`` comment (found by ``engine/noqa.py``). ``codes`` is empty for a bare
    ``# noqa``; ``used`` collects the codes of the findings it suppressed."""

    line: int
    column: int
    end_column: int
    codes: tuple[str, ...]
    used: set[str] = field(default_factory=set)

    def matches(self, code: str) -> bool:
        return not self.codes or any(code.startswith(prefix) for prefix in self.codes)


class RuleContext(Protocol):
    """What a rule may ask while it walks a file (the engine's ``Context`` implements it): the
    file, its import map and facts, where the walk is, and the facts layer's answers there."""

    source: Source
    names: ImportMap
    facts: Facts
    renderer: Renderer
    scopes: list[ast.AST]

    @property
    def function(self) -> ast.AST | None: ...
    @property
    def klass(self) -> ast.ClassDef | None: ...
    @property
    def scope(self) -> Scope: ...
    @property
    def statement(self) -> ast.AST | None: ...
    @property
    def keys(self) -> tuple[str, ...]: ...
    def block_of(self, statement: ast.stmt) -> tuple[list[ast.stmt], int] | None: ...
    def enclosing_statements(self) -> list[ast.stmt]: ...
    def value(self, expr: ast.AST, overlay: dict[str, Value] | None = None) -> Value: ...
    def dtype_callers(self, expr: ast.AST) -> list[str] | None: ...
    def parameter_of(self, expr: ast.AST) -> str | None: ...
    def extent(self, iterable: ast.AST) -> Extent: ...
    def extent_of_bound(self, bound: ast.AST) -> Extent: ...
    def resolve(self, node: ast.AST) -> str | None: ...
    def is_builtin(self, node: ast.AST, name: str) -> bool: ...
    def spell(self, qualified: str) -> tuple[str, list]: ...
    def local_function(self, name: str) -> ast.FunctionDef | None: ...
    def shape_evidence(self, expr: ast.AST) -> str | None: ...
    def code(self, node: ast.AST) -> str: ...
    def add_candidate(self, rule: Rule, node: ast.AST, message: str, **fields) -> None: ...
    def memo(self, question: str) -> dict: ...


@dataclass
class Candidate:
    """A report from phase 1: everything the file shows, waiting for the project's context."""

    code: str
    message: str
    path: str
    span: Span
    #: The enclosing function keys (``analysis/summary.function_key``), innermost first.
    scopes: tuple[str, ...]
    #: Is the data size proven ("proven"), likely ("likely") or not shown ("none")?
    size: str = "proven"
    #: The parameter of the innermost function the size depends on (phase 2 reads call sites).
    size_param: str | None = None
    #: The key of the function ``size_param`` belongs to, when not the innermost one (a class's
    #: ``__init__``, for a count the object holds: the constructor calls pass it).
    size_owner: str | None = None
    #: The loop runs once per element of ``size_param`` (not ``size_param`` times).
    per_element: bool = False
    #: What the code computes: "jax" (jax.numpy work, so likely traced), "host" (NumPy or Python
    #: side effects: only reported when a trace is proven), or "unknown".
    work: str = "jax"
    #: The level a proven trace needs: "traced", "differentiated" or "compiled"; "here" when the
    #: construct itself differentiates (a whole Jacobian built for its diagonal), traced or not.
    need: str = "traced"
    #: Drop the candidate unless the trace is proven.
    require_trace: bool = False
    #: The construct is slow when run eagerly too (a gradient call per example), so code that
    #: runs only eagerly does not make it less likely (``Rule.slow_eagerly``).
    slow_eagerly: bool = False
    #: Why the function holding it (or one enclosing it) cannot run under a trace: a generator,
    #: Python branches on array values (``analysis/host_code.py``); None when nothing shows it.
    host: str | None = None
    #: Why no gradient flows through what the construct computes (boolean or integer values,
    #: ``analysis/values.py``): it can slow compilation, not the gradient, so it stays low.
    no_gradient: str | None = None
    #: Why the construct is the alternative the code chose (``analysis/alternatives.py``: the
    #: other branch of the ``if`` around it vectorises the same work): it stays low.
    chosen: str | None = None
    #: The loop walks the rows of this parameter while its steps take these parameters whole
    #: (``analysis/component_loops.py``): phase 2 asks which of them are differentiated.
    walks: tuple[str, tuple[str, ...], tuple[str, ...]] | None = None
    evidence: list[str] = field(default_factory=list)
    fix: Fix | None = None
    #: Rule-specific data for ``finalize`` (serialisable values only).
    data: dict = field(default_factory=dict)
    frame: tuple[int, tuple[str, ...]] | None = None


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
    fix: Fix | None = None
    confidence: Confidence = "high"
    #: Why the scanner believes it: short facts, each with where it comes from.
    evidence: list[str] = field(default_factory=list)
    #: For notebooks: the 1-based index of the code cell (lines are then within the cell).
    cell: int | None = None
    #: Source lines around the finding for the text report: (first line number, lines).
    frame: tuple[int, tuple[str, ...]] | None = field(default=None, repr=False, compare=False)
    diff: str = field(default="", repr=False, compare=False)
    #: For notebooks: (line, column, end line, end column) in the ``.ipynb`` file's JSON text,
    #: where the formats that annotate the file's lines (SARIF, GitLab, JUnit) put the finding.
    file_region: tuple[int, int, int, int] | None = field(default=None, repr=False, compare=False)

    def fix_applies(self, unsafe_fixes: bool) -> bool:
        """Whether ``--fix`` applies this finding's fix: a safe one always, an unsafe one only
        with ``--unsafe-fixes`` (what ruff's ``[*]`` and ``fixable`` mean)."""
        return self.fix is not None and (self.fix.applicability == "safe" or unsafe_fixes)

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
                "unproven": list(self.fix.unproven),
                "proven_by": list(self.fix.proven_by),
                "diff": self.diff,
            }
        return data


@dataclass(frozen=True)
class Valid:
    """Code the rule must not report (at the default confidence)."""

    code: str


@dataclass(frozen=True)
class Invalid:
    """Code the rule must report once (or ``count`` times).

    ``expected_fix``, when given, is the whole module after applying the rule's fixes
    (unsafe ones included); ``message_contains`` must appear in the message;
    ``applicability`` is the expected applicability of the fix ("safe"/"unsafe").
    """

    code: str
    expected_fix: str | None = None
    count: int = 1
    message_contains: str | None = None
    applicability: str | None = None


class Rule:
    """Base class of every rule. Subclasses set the class attributes and ``visit_`` methods."""

    code: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str]
    severity: ClassVar[Severity] = "warning"
    #: Off unless selected explicitly (by code, prefix or ``ALL``).
    default_enabled: ClassVar[bool] = True
    #: What the rule finds is slow when run eagerly too (not only when traced): a function
    #: called only from eager code keeps its confidence.
    slow_eagerly: ClassVar[bool] = False
    #: A regex (or a tuple of regexes that must all match) on the text of a top-level block:
    #: a block that does not match cannot hold a finding, so the rule does not walk it.
    trigger: ClassVar[re.Pattern[str] | tuple[re.Pattern[str], ...] | None] = None
    #: Plain substrings, one of which every finding's block contains (checked before the regex).
    keywords: ClassVar[tuple[str, ...]] = ()
    #: For a rule that visits expressions (``visit_Call``, ``visit_ListComp``...): a regex the
    #: lines of a statement must match for those visits to find anything in it. The walk does
    #: not enter the expressions of statements that no rule's pattern matches. None: every
    #: statement's expressions are walked.
    expression_trigger: ClassVar[re.Pattern[str] | None] = None
    #: A regex, matched at the start of a line, whose group ``name`` is a name the file binds to what the trigger stands for
    #: (``bdiag = jax.jit(jax.vmap(jnp.diag))``): a call of that name matches the trigger's first
    #: pattern and the expression trigger too. Such a binding goes through ``vmap``: files that
    #: never name it are not searched.
    aliases: ClassVar[re.Pattern[str] | None] = None
    VALID: ClassVar[Sequence[Valid]] = ()
    INVALID: ClassVar[Sequence[Invalid]] = ()

    def __init__(self, ctx: RuleContext) -> None:
        self.ctx = ctx

    # -- prefilters ----------------------------------------------------------------------

    def enters(self, node: ast.AST) -> bool:
        """Whether the walk should take this rule into ``node`` (a def or class its trigger
        matched), asked before entering it, with the context at the enclosing scope. A rule
        overrides it when facts the file shows (not only its text) can rule a definition out."""
        return True

    @classmethod
    def could_match(cls, text: str) -> bool:
        """False when ``text`` (a file or one top-level block) certainly holds no finding."""
        if cls.keywords and not any(keyword in text for keyword in cls.keywords):
            return False
        trigger = cls.trigger
        if trigger is None:
            return True
        patterns = trigger if isinstance(trigger, tuple) else (trigger,)
        return all(pattern.search(text) for pattern in patterns)

    @classmethod
    def fixable(cls) -> bool:
        return any(case.expected_fix is not None for case in cls.INVALID)

    @classmethod
    def documentation(cls) -> str:
        import inspect

        return inspect.cleandoc(cls.__doc__ or "")

    # -- reporting -----------------------------------------------------------------------

    def report(
        self,
        node: ast.AST,
        message: str,
        *,
        extent: "Extent | None" = None,
        size: str | None = None,
        size_param: str | None = None,
        per_element: bool = False,
        work: str = "jax",
        need: str = "traced",
        require_trace: bool = False,
        evidence: Sequence[str] = (),
        fix: Fix | None = None,
        data: dict | None = None,
        no_gradient: str | None = None,
    ) -> None:
        """Record a candidate at ``node``. ``extent`` (a loop's) supplies the size proof and
        its evidence; or give ``size`` ("proven"/"likely"/"none") and ``evidence``."""
        items = list(evidence)
        walks = owner = None
        if no_gradient is None and isinstance(node, (ast.For, ast.While)):
            no_gradient = constant_loop(self.ctx, node)  # a table built step by step: the same constant on every call
        if extent is not None and extent.is_data and (walks_axes(node, self.ctx) or names_entries(node) or names_options(node, self.ctx.names.numpy_module() != "autograd.numpy")):
            # for i, u in enumerate(us): x + expand(u, axis=i): one step per dimension;
            # for i in range(n): c = params[f"constant_{i}"]: one step per named parameter;
            # for k, dist in enumerate(rvdist): if dist == "ln": named options, a few strings
            return
        if extent is not None:
            walks = walked_rows(node, extent, self.ctx) if extent.is_data else None
            size = size or extent.proof
            if extent.owner is not None and extent.owner.startswith(IMPORTED):
                owner = extent.owner  # ``range(params.M)``: the other module states it
            elif extent.owner is not None and size_param is None:
                # ``self.n_agents``: what the constructor calls pass (``Herd(n_agents=5)``)
                owner, data = extent.owner, {**(data or {}), "calls_to": extent.owner.partition(":")[0].split(".")[-2]}
            size_param = size_param or extent.param
            per_element = per_element or extent.per_element
            if extent.unshown:
                data = {**(data or {}), "unshown": True}
            if extent.default is not None:
                data = {**(data or {}), "default": extent.default}
                owner = owner or self._default_owner(extent.param)
                if owner is not None:  # ``def make_walker(grad_u, n=10)`` around the loop: its calls say
                    data["calls_to"] = owner.partition(":")[0].split(".")[-1]
            items = [extent.reason, *[item for item in extent.evidence if item not in extent.reason], *items]
        if shows_progress(node) or times_steps(node):
            # ``for x in tqdm(xs)``, ``t0 = time.time()`` in the step: a host loop unless a trace is shown
            require_trace = True
        chosen = vectorized_alternative(self.ctx)
        self.ctx.add_candidate(
            self, node, message, chosen=chosen,
            size=size or "none", size_param=size_param, size_owner=owner, per_element=per_element, work=work, need=need, require_trace=require_trace,
            evidence=items, fix=fix, data=data or {}, slow_eagerly=type(self).slow_eagerly, no_gradient=no_gradient, walks=walks,
        )

    def _default_owner(self, param: str | None) -> str | None:
        """The key of the function around the innermost one whose parameter ``param`` is (the
        factory whose default counts a closure's loop); None when it is the innermost's own."""
        functions = [node for node in self.ctx.scopes if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))]
        for depth, (node, key) in enumerate(zip(reversed(functions), self.ctx.keys)):
            if param in {arg.arg for arg in [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]}:
                return key if depth else None
        return None

    # -- phase 2 ---------------------------------------------------------------------------

    @classmethod
    def finalize(cls, candidate: Candidate, project: "Project") -> Finding | None:
        """The finding for ``candidate`` given the whole project, or None to drop it."""
        return default_finalize(cls, candidate, project)


def trace_proof(candidate: Candidate, project: "Project") -> tuple[str, str | None]:
    """("proven" | "guessed" | "likely" | "none" | "eager", the explanation) for the
    candidate's gradient context. "guessed": a transform reaches it through a method found by its
    name alone (``Project.method_owners``); a finding it supports is at most medium. "eager": the
    project shows it runs eagerly (no arguments and called once, or only eager callers)."""
    if candidate.need == "here":
        return "proven", None  # the construct differentiates by itself (``jax.jacfwd(f)(x)``)
    level, key = project.level(candidate.path, candidate.scopes)
    explanation = project.explain(key, candidate.path) if key is not None else None
    if candidate.need == "compiled":
        proven = project.is_compiled(candidate.path, candidate.scopes)
    elif candidate.need == "differentiated":
        proven = level >= Level.DIFFERENTIATED
    else:
        proven = level >= Level.TRACED
    if proven:
        compiled = candidate.need == "compiled"
        where = project.compiled_key(candidate.path, candidate.scopes) if compiled else key
        if where is not None and project.guessed(where, compiled):
            return "guessed", explanation  # the chain runs through a method found by its name only
        return "proven", explanation
    function = project.function(key) if key is not None else None
    if function is not None and level < Level.TRACED and not function.params and function.name != "<lambda>" and project.module_level_called(key):
        return "eager", f"`{function.name}` takes no arguments and no transform reaches it: it runs once, on constants, with nothing to differentiate"
    if key is not None and level < Level.TRACED and not candidate.slow_eagerly:
        eager = project.eager_only(key)
        if eager is not None:
            return "eager", eager  # its only callers run eagerly: not traced, whatever jax it does
        untraceable = project.host_callee(key) if function is not None and function.parent is None else None
        if untraceable is not None:
            return "eager", f"no transform reaches {project.name_of(key)}, and {untraceable}: it runs eagerly"
    if candidate.work == "jax" and not project.untraced_autograd(candidate.path) and project.imports_autodiff(candidate.path):
        return "likely", explanation
    return "none", explanation


def size_proof(candidate: Candidate, project: "Project", trace: str = "none") -> tuple[str, list[str]]:
    """The size proof, upgraded (or refuted) by what call sites pass for ``size_param``, or by
    the trace: a traced function's parameters are arrays, so a loop over one is data-sized."""
    if candidate.size == "named":
        # named as a collection: data only where every call site passes an array or many like arrays
        # the parameter may be an enclosing function's (a closure reads it): the nearest scope whose callers pass it
        facts = next((found for scope in candidate.scopes if (found := project.arguments(candidate.path, scope, candidate.size_param))), []) if candidate.size_param else []
        counts = [int(fact.kind.partition(":")[2]) for fact in facts if fact.kind.startswith("stack:")]
        if facts and all(fact.kind == "array" or fact.kind.startswith("stack:") for fact in facts) and all(count > SMALL_RANGE for count in counts):
            return "proven", [f"{fact.evidence} at {fact.path}:{fact.line}" for fact in facts[:1]]
        return "static", []
    if candidate.size_owner and candidate.size_owner.startswith(IMPORTED):
        # ``range(params.M)``: the int the other module states, judged as a literal count is
        found = project.constant(candidate.path, candidate.size_owner[len(IMPORTED):])
        if found is None:
            return "static", []  # not stated in the scanned files: nothing shows it grows with the data
        value, where, line = found
        stated = [f"`{candidate.size_param} = {value}` at {where}:{line}"]
        return ("proven" if value > max(SMALL_RANGE, candidate.data.get("threshold") or 0) else "static"), stated
    if candidate.size_param is None or not candidate.scopes or candidate.size != "likely" and not (candidate.size == "proven" and candidate.per_element):
        return candidate.size, []
    facts = project.arguments(candidate.path, candidate.size_owner or _parameter_owner(candidate, project) or candidate.scopes[0], candidate.size_param)
    default = candidate.data.get("default")
    if default is not None:
        return _over_default(candidate, project, facts, default)
    if candidate.per_element and (candidate.size == "proven" or not names_data_rows(candidate.size_param)):
        # an array parameter (``wells: jnp.ndarray``), or a slice of one (``grid[:-1]``): as long
        # as its rows, unless every caller passes a few (``pull(x, wells)`` with ``wells`` of 5
        # rows); one named as a batch (``v_batched``) is the API's, a demo's ten rows say nothing
        rows = [fact.shape[0] for fact in facts if fact.kind == "array" and fact.shape and isinstance(fact.shape[0], int)]
        if facts and len(rows) == len(facts) and max(rows) <= SMALL_RANGE:
            return "static", [f"{fact.evidence} at {fact.path}:{fact.line}" for fact in facts[:2]]
    if candidate.size == "proven" and not (candidate.per_element and facts and all(fact.is_list for fact in facts)):
        return "proven", []  # an array's rows; unless every caller passes a list (the annotation says array): the list's length decides
    if not facts:
        # ``opaque_items``: the rule says the items are only handed to unknown functions, so what
        # the list holds is not shown (GA103: ``state = solve(state, g)``)
        if candidate.per_element and trace == "proven" and not candidate.data.get("opaque_items") and _traced_parameter(candidate, project):
            return _traced_argument(candidate.size_param)
        return "likely", []
    # A count the caller bounds (``if n <= 50: unrolled(x, n)``, the larger case sent elsewhere)
    # is a deliberate unroll below DELIBERATE_UNROLL; a larger bound counts as that literal would.
    bounded = {fact for fact in facts if fact.kind.startswith("bound:") and int(fact.kind.partition(":")[2]) < DELIBERATE_UNROLL}
    literal = {fact: int(fact.kind.partition(":")[2]) for fact in facts if fact.kind.startswith(("int:", "seq:", "stack:", "bound:")) and fact not in bounded}
    if bounded and len(bounded) + sum(1 for value in literal.values() if value <= SMALL_RANGE) == len(facts):
        return "static", [f"{fact.evidence} at {fact.path}:{fact.line}" for fact in list(bounded)[:2]]
    data = [fact for fact in facts if fact.kind in ("array", "size") or literal.get(fact, 0) > SMALL_RANGE]
    if data:
        fact = data[0]
        return "proven", [f"{fact.evidence} at {fact.path}:{fact.line}"]
    if literal and len(literal) == len(facts):
        return "static", [f"{fact.evidence} at {fact.path}:{fact.line}" for fact in facts[:2]]
    lists = [fact for fact in facts if fact.kind == "sequence"]
    if lists:
        # A list of unknown length: the data, or a structure (the branches of a layer, the
        # operands of an equation); its length is not shown.
        fact = lists[0]
        return "likely", [f"{fact.evidence} at {fact.path}:{fact.line}, of a length the code does not show"]
    if candidate.per_element and trace == "proven" and not candidate.data.get("opaque_items") and _traced_parameter(candidate, project):
        return _traced_argument(candidate.size_param)
    return "likely", []


def _traced_argument(param: str) -> tuple[str, list[str]]:
    """The size of an argument of traced code walked per element: an array, so data-sized; named
    as the data's rows (``xs``, ``batch``) it is proven, otherwise its length is not shown (a
    model's few coefficients are an array too): likely, at most medium."""
    if names_data_rows(param):
        return "proven", [f"`{param}` is an argument of traced code: an array (of rows of data, by its name)"]
    return "likely", [f"`{param}` is an argument of traced code: an array, of a length not shown"]


def _parameter_owner(candidate: Candidate, project: "Project") -> str | None:
    """The key of the function ``size_param`` is a parameter of: the innermost one, or one around
    it whose variable a closure reads (``def simulate_batch(boards, steps)`` around ``def
    simulate_one(board): for _ in range(steps)``), whose callers pass it; None when none is."""
    for scope in candidate.scopes:
        function = project.function((candidate.path, scope))
        if function is not None and candidate.size_param in function.params:
            return scope
    return None


def _traced_parameter(candidate: Candidate, project: "Project") -> bool:
    """The parameter ``size_param`` is one of a traced function: the candidate's own, or, read
    from a function around it (a closure), that function's, when a trace reaches it too. A
    driver that takes a list and differentiates a closure over it (``T = len(actions)``, then
    ``jax.grad(loss)``) passes no array: its list stays a list."""
    scope = _parameter_owner(candidate, project)
    return scope is None or scope == candidate.scopes[0] or project.level(candidate.path, (scope,))[0] >= Level.TRACED


def _over_default(candidate: Candidate, project: "Project", facts: list, default: int) -> tuple[str, list[str]]:
    """A count whose parameter defaults to a few (``def make_walker(grad_u, n=10)``, perhaps the
    parameter of a function around the loop's, ``Candidate.size_owner``): data-sized only where a
    visible call (``facts``) passes an array's length or a literal above ``SMALL_RANGE`` and the
    rule's threshold (``make_walker(du, n=400)``); a few otherwise."""
    floor = max(SMALL_RANGE, candidate.data.get("threshold") or 0)
    # a literal above the floor, or an array's length (``make(du, n=len(ts))``); not any size
    # (``self.antiderivative(-nu)``: the caller's own small count)
    data = [fact for fact in facts if fact.kind.startswith("int:") and int(fact.kind.partition(":")[2]) > floor
            or fact.kind == "size" and any(word in fact.evidence for word in (".shape[", "len("))]
    if data:
        fact = data[0]
        return "proven", [f"`{candidate.size_param}` defaults to {default}, but {fact.evidence} at {fact.path}:{fact.line}"]
    return "static", []


def confidence_of(size: str, trace: str) -> Confidence | None:
    if size in ("static",):
        return None
    if size == "proven" and trace == "proven":
        return "high"
    if (size == "proven" and trace == "likely") or (size == "likely" and trace == "proven"):
        return "medium"
    return "low"


def drives_compiled(candidate: Candidate, project: "Project") -> bool:
    """Each step calls a function that jit compiles elsewhere (``data["calls"]``) and no trace
    reaches the loop: a host loop driving compiled code, not an unrolled one."""
    scope = candidate.scopes[0] if candidate.scopes else None
    calls = (candidate.data or {}).get("calls", ())
    return bool(calls) and trace_proof(candidate, project)[0] != "proven" and project.compiled_among(candidate.path, scope, calls) is not None


def per_element_matrices(rule: type[Rule], candidate: Candidate, project: "Project") -> Finding | None:
    """``default_finalize``, low in a function that is only ever mapped by ``vmap``: its matrices
    are one element's (a 3x3 deformation gradient per point), small whatever the batch. A function
    jitted or differentiated as well (``vmap(hessian(partial(f, X_train)))``) keeps its level: the
    mapped point meets whole matrices of data there. GA202's and GA203's phase 2."""
    finding = default_finalize(rule, candidate, project)
    applied = project.transforms.get((candidate.path, candidate.scopes[0]), set()) if candidate.scopes else set()
    mapped = applied & BATCHING
    if finding is None or not mapped or applied - BATCHING:
        return finding
    captured = (candidate.data or {}).get("captured")
    if captured:
        # ``vmap(lambda h: jnp.trace(h @ P))(Hs)``: ``P`` is not mapped, a whole matrix of the data
        return replace(finding, evidence=[*finding.evidence, f"`{captured}` is read from the function around, not mapped: a whole matrix meets each element"])
    shared = sorted(set((candidate.data or {}).get("operand_params") or ()) & project.unmapped_in_trace((candidate.path, candidate.scopes[0])))
    if shared:
        # ``vmap(partial(self.ell, params=p))``: ``p["C"]`` is the same whole matrix for every element
        return replace(finding, evidence=[*finding.evidence, f"`{shared[0]}` is not mapped (`in_axes` None, or bound by `partial`): a whole matrix meets each element"])
    return replace(finding, confidence="low", evidence=[*finding.evidence, f"mapped by {short(sorted(mapped)[0])}: the matrices are one element's, small by nature"])


def default_finalize(rule: type[Rule], candidate: Candidate, project: "Project") -> Finding | None:
    trace, explanation = trace_proof(candidate, project)
    if trace == "eager" and not candidate.slow_eagerly:
        return None  # shown to run eagerly: nothing unrolls into a trace, at any confidence
    if trace not in ("proven", "guessed") and (candidate.require_trace or candidate.work == "host"):
        return None
    guessed = trace == "guessed"
    if guessed:
        trace = "likely"
    size, size_evidence = size_proof(candidate, project, trace)
    # A step that differentiates (GA102) costs a derivative per element traced or not: its
    # confidence rests on the size alone.
    differentiates = bool(candidate.data.get("differentiates")) and trace != "proven"
    confidence = confidence_of(size, "proven" if differentiates else trace)
    if confidence is None:
        return None
    evidence = [*candidate.evidence, *size_evidence]
    for reason in (candidate.no_gradient, candidate.chosen):
        if reason:
            confidence = "low"
            evidence.append(reason)
    if confidence == "high" and candidate.data.get("unshown") and size_evidence == []:
        confidence = "medium"  # an array's rows, a length nothing shows (a few coefficients are an array too)
        evidence.append("how many rows it has is not shown")
    components = component_axis(candidate, project)
    if components:
        confidence = "low"
        evidence.append(components)
    if explanation and (trace == "proven" or guessed):
        evidence.append(explanation)
    elif differentiates:
        evidence.append("no transform reaches this function in the scanned files; each step differentiates, which is slow traced or not")
    elif trace == "likely":
        evidence.append("no transform reaches this function in the scanned files; it does jax work, so it is likely traced by its callers")
    elif explanation:
        evidence.append(explanation)
    return make_finding(rule, candidate, confidence, evidence, explanation if trace == "proven" else None)


def component_axis(candidate: Candidate, project: "Project") -> str | None:
    """Why the loop likely runs over a parameter's axis rather than the data: it walks the rows
    of a parameter that a gradient is taken with respect to, while each step takes whole another
    array that no gradient is taken of (mixture components over all the points). None otherwise."""
    if candidate.walks is None or not candidate.scopes:
        return None
    differentiated = project.differentiated.get((candidate.path, candidate.scopes[0]))
    walked, wholes, named = candidate.walks
    if not differentiated:
        # nothing says what is differentiated: a walked array named as weights (``W``), while each
        # step takes all of an array named as the data (``X``), breaks the tie
        data = [name for name in (*wholes, *named) if names_data_rows(name)]
        if not WEIGHT_NAME.match(walked) or not data:
            return None
        shown = ", ".join(f"`{name}`" for name in data)
        return (f"the loop walks the rows of `{walked}`, named as weights, and each step takes all of {shown}, named as the data: "
                "likely a loop over components of the model (trees, experts, heads), not over the data")
    data = [name for name in wholes if name not in differentiated]
    if walked not in differentiated or not data:
        return None
    shown = ", ".join(f"`{name}`" for name in data)
    return (f"the loop walks the rows of `{walked}`, which the gradient is taken with respect to, and each step takes all of "
            f"{shown} at once: likely a loop over components or units of the parameters, not over the data")


def finalize_candidate(rule: type[Rule], candidate: Candidate, project: "Project") -> Finding | None:
    """``rule.finalize``, then the fix's preconditions that call sites can prove, settled.
    A candidate inside a function that no trace can run (``analysis/host_code.py``: a generator,
    Python branches on array values) is dropped, unless a transform is proven to reach it."""
    host = host_function(candidate, project)
    if host and host.startswith((PLOTTING, DRIVER, EAGER)) and candidate.slow_eagerly:
        host = None  # a plotting helper, a driver or eager code: what is slow eagerly (a gradient per point) still is
    if host and (host.startswith((GENERATOR, UNTRACEABLE)) or trace_proof(candidate, project)[0] != "proven"):
        return None  # a generator never runs traced, nor does a jitted branch on an argument's element; a value branch does only if a trace is proven to try
    finding = rule.finalize(candidate, project)
    if finding is not None and finding.fix is not None and finding.fix.deferred:
        finding.fix = settle(finding.fix, candidate, project)
        if finding.fix.proven_by:
            sites = ", ".join(finding.fix.proven_by[:4]) + (", ..." if len(finding.fix.proven_by) > 4 else "")
            finding.evidence.append(f"the fix's preconditions on its parameters hold at every call site: {sites}")
    return finding


def host_function(candidate: Candidate, project: "Project") -> str | None:
    """Why the function holding the candidate (or one enclosing it) cannot be traced, or None."""
    return candidate.host


def settle(fix: Fix, candidate: Candidate, project: "Project") -> Fix:
    """``fix`` with the deferred preconditions that every call site in the project proves
    dropped from ``unproven`` (and those call sites in ``proven_by``); safe when none is left."""
    if not candidate.scopes:
        return fix
    unproven = list(fix.unproven)
    proofs: list[str] = []
    for what, checks in fix.deferred:
        sites = call_sites_proving(project, candidate.path, candidate.scopes[0], checks)
        if sites and what in unproven:
            unproven.remove(what)
            proofs.extend(sites)
    if len(unproven) == len(fix.unproven):
        return fix
    return replace(fix, applicability="unsafe" if unproven else "safe", unproven=tuple(unproven), proven_by=tuple(dict.fromkeys(proofs)))


def call_sites_proving(project: "Project", path: str, function: str, checks: Sequence[str]) -> list[str]:
    """The call sites (``path:line``) of ``function`` when there are some and every one of them
    passes arguments that satisfy every check (see ``fixes/edits.py``); else []. A function
    that a transform other than jit/grad receives (``vmap`` slices its arguments, ``scan``
    builds them), that is used as a value (``map(f, xs)``, ``partial(f, 1)``) or that is a
    method has callers the index does not see: nothing is proven then."""
    from gradadvisor.analysis.gradient import SAME_ARGUMENTS

    if project.transforms.get((path, function), set()) - SAME_ARGUMENTS or project.escapes((path, function)):
        return []
    summary = project.function((path, function))
    if summary is None or summary.klass is not None:
        return []  # a method: ``obj.method(...)`` calls are not resolved
    parsed = [check.split() for check in checks]
    params = sorted({part for words in parsed for part in words[1:] if not part.lstrip("-").isdigit()})
    by_site: dict[tuple[str, int, str | None], dict[str, list]] = {}
    for param in params:
        facts = project.arguments(path, function, param)
        if not facts:
            return []
        for fact in facts:
            by_site.setdefault((fact.path, fact.line, fact.caller), {}).setdefault(param, []).append(fact)
    for passed in by_site.values():
        if set(passed) != set(params) or any(len(facts) != 1 for facts in passed.values()):
            return []  # a call that leaves a parameter to its default, or two calls on one line
        if not all(_check(words, {param: facts[0] for param, facts in passed.items()}) for words in parsed):
            return []
    # one caller may be None (module-level code) beside a named one on the same line
    return [f"{site[0]}:{site[1]}" for site in sorted(by_site, key=lambda site: (site[0], site[1], site[2] or ""))]


def _check(words: list[str], passed: dict) -> bool:
    kind = words[0]
    first = passed[words[1]]
    if first.kind != "array" or not first.typed:
        return False
    if kind == "jax":
        return not first.host
    if kind == "longer":
        axis, least = int(words[2]), int(words[3])
        if first.shape is None or not -len(first.shape) <= axis < len(first.shape):
            return False
        length = first.shape[axis]
        return isinstance(length, int) and length > least
    if kind == "rank":
        return first.shape is not None and len(first.shape) == int(words[2])
    if kind == "float":
        return first.dtype in ("float32", "float64")
    if kind == "dim":
        other = passed[words[3]]
        if other.kind != "array" or first.shape is None or other.shape is None:
            return False
        left, right = int(words[2]), int(words[4])
        if not (-len(first.shape) <= left < len(first.shape) and -len(other.shape) <= right < len(other.shape)):
            return False
        one, two = first.shape[left], other.shape[right]
        return one is not None and one == two
    return False


def make_finding(rule: type[Rule], candidate: Candidate, confidence: Confidence, evidence: list[str], context: str | None) -> Finding:
    span = candidate.span
    unique = list(dict.fromkeys(item for item in evidence if item))
    return Finding(
        code=rule.code,
        name=rule.name,
        message=candidate.message,
        path=candidate.path,
        line=span.line,
        column=span.column,
        end_line=span.end_line,
        end_column=span.end_column,
        severity=rule.severity,
        context=context,
        fix=candidate.fix,
        confidence=confidence,
        evidence=unique[:6],
        frame=candidate.frame,
    )
