"""What rules may ask about the module they are visiting.

One ``ModuleContext`` per file. Cheap facts (import aliases, the stack of
enclosing functions during the traversal) are there from the start; expensive
ones (positions, gradient context, loop extent, scopes) are computed on first
use, so a file in which no rule finds a candidate never pays for them.
"""

from __future__ import annotations

import traceback
from functools import cached_property
from typing import TYPE_CHECKING

import libcst as cst
from libcst.metadata import CodeRange, MetadataWrapper, PositionProvider

from gradadvisor.analysis.names import ImportMap

if TYPE_CHECKING:
    from gradadvisor.analysis.gradient import GradientContext
    from gradadvisor.analysis.loops import LoopExtent
    from gradadvisor.rules.base import RawReport, Rule

#: Nodes that open a new function scope, tracked during the traversal.
FUNCTION_NODES = (cst.FunctionDef, cst.Lambda)
SCOPE_NODES = frozenset({cst.FunctionDef, cst.Lambda, cst.ClassDef})


class ModuleContext:
    def __init__(self, path: str, text: str, module: cst.Module) -> None:
        self.path = path
        self.text = text
        self.module = module
        self.names = ImportMap(module)
        self.reports: list[RawReport] = []
        self.crashes: dict[str, str] = {}
        #: Enclosing functions, lambdas and classes of the node being visited (innermost last).
        self.scope_stack: list[cst.CSTNode] = []

    # -- traversal hooks (called by the engine around every node) ----------------

    def before_visit(self, node: cst.CSTNode) -> None:
        if type(node) in SCOPE_NODES:
            self.scope_stack.append(node)

    def after_leave(self, node: cst.CSTNode) -> None:
        if type(node) in SCOPE_NODES and self.scope_stack and self.scope_stack[-1] is node:
            self.scope_stack.pop()

    @property
    def current_function(self) -> cst.FunctionDef | cst.Lambda | None:
        for node in reversed(self.scope_stack):
            if isinstance(node, FUNCTION_NODES):
                return node
        return None

    @property
    def current_class(self) -> cst.ClassDef | None:
        for node in reversed(self.scope_stack):
            if isinstance(node, cst.ClassDef):
                return node
        return None

    def local_functions(self, function: cst.CSTNode | None = None) -> dict[str, cst.FunctionDef]:
        """Functions visible by name here: module-level defs, then defs nested in enclosing functions."""
        found = dict(self._module_functions)
        for scope in self.scope_stack:
            if isinstance(scope, cst.FunctionDef) and isinstance(scope.body, cst.IndentedBlock):
                for stmt in scope.body.body:
                    if isinstance(stmt, cst.FunctionDef):
                        found[stmt.name.value] = stmt
        return found

    # -- lazily computed facts ------------------------------------------------------

    @cached_property
    def _module_functions(self) -> dict[str, cst.FunctionDef]:
        return {stmt.name.value: stmt for stmt in self.module.body if isinstance(stmt, cst.FunctionDef)}

    @cached_property
    def metadata(self) -> MetadataWrapper:
        # unsafe_skip_copy keeps node identity, so nodes seen by rules can be looked up.
        return MetadataWrapper(self.module, unsafe_skip_copy=True)

    @cached_property
    def _positions(self) -> dict[cst.CSTNode, CodeRange]:
        return dict(self.metadata.resolve(PositionProvider))

    def position(self, node: cst.CSTNode) -> CodeRange:
        return self._positions[node]

    @cached_property
    def gradient(self) -> "GradientContext":
        """Which functions JAX traces or differentiates, and why."""
        from gradadvisor.analysis.gradient import GradientContext

        return GradientContext(self.module, self.names, lambda node: self.position(node).start.line)

    @cached_property
    def loops(self) -> "LoopExtent":
        """Whether a loop's iterable is data-sized or small and static."""
        from gradadvisor.analysis.loops import LoopExtent

        return LoopExtent(self)

    def why_traced(self, node: cst.CSTNode | None = None) -> str | None:
        """Why the code being visited is traced or differentiated, when known."""
        function = self.current_function
        if function is None:
            return None
        return self.gradient.explain(function)

    # -- rule crashes -----------------------------------------------------------------

    def record_crash(self, rule: "Rule", error: BaseException) -> None:
        frames = traceback.extract_tb(error.__traceback__)
        where = f" at {frames[-1].filename}:{frames[-1].lineno}" if frames else ""
        self.crashes[rule.code] = f"{type(error).__name__}: {error}{where}"

    def crashed_rule(self, rule: "Rule") -> bool:
        return rule.code in self.crashes
