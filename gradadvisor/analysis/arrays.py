"""Array-ness: which names hold jax arrays and which hold Python values.

Answers from what one function shows: its parameters (a traced function's
parameters are arrays unless their names or defaults say otherwise), its
assignments (``y = jnp.tanh(x)`` is an array; ``ys = []`` is a list), and the
calls producing a value. ``None`` means "cannot tell".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import libcst as cst

from gradadvisor.analysis.names import ImportMap

#: Modules whose calls return arrays.
ARRAY_MODULES = ("jax.numpy.", "jax.random.", "jax.lax.", "jax.nn.", "jax.scipy.", "autograd.numpy.")
#: Array functions that return a Python value or a tuple of arrays, not one array.
NOT_ARRAY_RESULTS = frozenset({"shape", "ndim", "size", "split", "array_split", "meshgrid", "unstack", "linalg.eigh", "linalg.svd", "linalg.qr"})

#: Names that say "a collection of different things" (layers, leaves, parameters...).
COLLECTION_NAME = re.compile(
    r"(?:^|_)(?:layers?|modules?|blocks?|params?|parameters?|weights?|biases?|kernels?|leaves|leaf|heads?|terms?|"
    r"losses|loss_fns?|components?|stages?|trees?|grads?|gradients?|updates?|states?|opts?|optimizers?|metrics?|"
    r"models?|nets?|networks?|steps?|transforms?|fns?|funcs?|functions?|callbacks?|keys?|names?|shapes?|dims?|"
    r"axis|axes|config|cfg|configs?|specs?|fields?|children|child|filters?|convs?|denses?|mlps?|encoders?|decoders?|"
    r"experts?|cells?|args|kwargs|attrs?|ops?|edges?|nodes?|items?|pairs?|dtypes?|devices?|sizes?|features?|"
    r"levels?|scales?|coeffs?|coefficients?|chunks?|batches?|tasks?|files?|paths?|lines?|tokens?|words?|strings?|"
    r"labels?|columns?|rows?|constraints?|sites?|plates?|distributions?|dists?|priors?|samplers?|kernels?|"
    r"offsets?|indices?|treedefs?|children|modes?|buffers?|caches?|hooks?|handlers?|observers?|tables?)(?:_|$|\d)",
    re.IGNORECASE,
)


#: Annotations of a container of arrays (``list[jax.Array]``, ``Sequence[Array]``): not one array.
CONTAINER_ANNOTATION = re.compile(
    r"(?:typing\.|collections\.abc\.)?(?:list|List|tuple|Tuple|Sequence|MutableSequence|Iterable|Iterator|"
    r"dict|Dict|Mapping|MutableMapping|set|Set|frozenset|FrozenSet)\s*\["
)


def is_collection_name(name: str) -> bool:
    return COLLECTION_NAME.search(name) is not None


@dataclass
class FunctionFacts:
    parameters: dict[str, cst.Param] = field(default_factory=dict)
    #: name -> the value last assigned to it in the function body (outside nested functions).
    assigned: dict[str, cst.BaseExpression] = field(default_factory=dict)
    #: names bound as loop targets or comprehension targets.
    loop_targets: set[str] = field(default_factory=set)
    #: ``*args`` / ``**kwargs`` parameters: a tuple or dict of arguments, never one array.
    packed_parameters: set[str] = field(default_factory=set)


class _FactsCollector(cst.CSTVisitor):
    def __init__(self, root: cst.CSTNode) -> None:
        super().__init__()
        self.root = root
        self.facts = FunctionFacts()

    def _is_nested(self, node: cst.CSTNode) -> bool:
        return node is not self.root

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return node is self.root

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return node is self.root

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return False

    def visit_Param(self, node: cst.Param) -> None:
        self.facts.parameters.setdefault(node.name.value, node)

    def visit_Parameters(self, node: cst.Parameters) -> None:
        for packed in (node.star_arg, node.star_kwarg):
            if isinstance(packed, cst.Param):
                self.facts.packed_parameters.add(packed.name.value)

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            if isinstance(target.target, cst.Name):
                self.facts.assigned[target.target.value] = node.value

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if isinstance(node.target, cst.Name) and node.value is not None:
            self.facts.assigned[node.target.value] = node.value

    def visit_For(self, node: cst.For) -> None:
        if isinstance(node.target, cst.Name):
            self.facts.loop_targets.add(node.target.value)

    def visit_CompFor(self, node: cst.CompFor) -> None:
        if isinstance(node.target, cst.Name):
            self.facts.loop_targets.add(node.target.value)


class ArrayFacts:
    def __init__(self, names: ImportMap, module: cst.Module) -> None:
        self.names = names
        self.module = module
        self._facts: dict[cst.CSTNode, FunctionFacts] = {}

    def facts(self, function: cst.CSTNode | None) -> FunctionFacts:
        """Parameters and assignments of ``function`` (the module when None)."""
        key = function if function is not None else self.module
        if key not in self._facts:
            if function is None:
                collector = _FactsCollector(self.module)
                for stmt in self.module.body:
                    if isinstance(stmt, cst.SimpleStatementLine):
                        stmt.visit(collector)
            else:
                collector = _FactsCollector(function)
                function.visit(collector)
            self._facts[key] = collector.facts
        return self._facts[key]

    def array_call(self, expr: cst.BaseExpression) -> bool:
        """True for a call of a jax.numpy / jax.random / lax function that returns an array."""
        if not isinstance(expr, cst.Call):
            return False
        qualified = self.names.resolve(expr.func)
        if qualified is None:
            # Methods of arrays: x.reshape(...), x.T via call chains.
            if isinstance(expr.func, cst.Attribute) and expr.func.attr.value in ("reshape", "astype", "transpose", "ravel", "flatten", "squeeze"):
                return True
            return False
        for prefix in ARRAY_MODULES:
            if qualified.startswith(prefix):
                return qualified[len(prefix) :] not in NOT_ARRAY_RESULTS
        return False

    def is_array(self, expr: cst.BaseExpression, function: cst.CSTNode | None, traced: bool, _depth: int = 0) -> bool | None:
        """Whether ``expr`` holds a jax array, inside ``function`` (traced or not)."""
        if _depth > 8:
            return None
        _depth += 1
        if self.array_call(expr):
            return True
        if isinstance(expr, (cst.List, cst.Tuple, cst.Dict, cst.Set, cst.ListComp, cst.DictComp, cst.SetComp, cst.SimpleString, cst.FormattedString, cst.Integer, cst.Float)):
            return False
        if isinstance(expr, cst.BinaryOperation):
            left = self.is_array(expr.left, function, traced, _depth)
            right = self.is_array(expr.right, function, traced, _depth)
            return True if (left or right) else None
        if isinstance(expr, cst.Attribute) and expr.attr.value == "T":
            return self.is_array(expr.value, function, traced, _depth)
        if isinstance(expr, cst.Subscript) and isinstance(expr.value, cst.Name):
            base = self.is_array(expr.value, function, traced, _depth)
            return True if base else None
        if not isinstance(expr, cst.Name):
            return None
        name = expr.value
        facts = self.facts(function)
        if name in facts.assigned:
            value = facts.assigned[name]
            if value is expr:
                return None
            return self.is_array(value, function, traced, _depth)
        if name in facts.parameters:
            param = facts.parameters[name]
            if name in ("self", "cls") or is_collection_name(name):
                return None
            if name in facts.packed_parameters:
                return False
            if param.default is not None and isinstance(param.default, (cst.Integer, cst.Float, cst.SimpleString, cst.Name)):
                return False
            annotation = param.annotation
            if annotation is not None:
                text = cst.Module([]).code_for_node(annotation.annotation)
                if CONTAINER_ANNOTATION.match(text):
                    return False
                if re.search(r"\b(int|str|bool|float|Sequence|list|List|tuple|Tuple|dict|Dict|Callable|Module)\b", text) and "Array" not in text:
                    return False
                if re.search(r"Array|ndarray|Float\[|Int\[", text):
                    return True
            return True if traced else None
        if function is not None:
            module_facts = self.facts(None)
            if name in module_facts.assigned:
                value = module_facts.assigned[name]
                return self.is_array(value, None, False, _depth)
        return None
