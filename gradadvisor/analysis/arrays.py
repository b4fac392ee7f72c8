"""Array-ness: which names hold jax arrays and which hold Python values.

Answers from what one function shows: its parameters (a traced function's
parameters are arrays unless their names or defaults say otherwise), its
assignments (``y = jnp.tanh(x)`` is an array; ``ys = []`` is a list), and the
calls producing a value. ``None`` means "cannot tell".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from typing import Callable

import libcst as cst

from gradadvisor.engine.walk import walk

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
            elif isinstance(target.target, (cst.Tuple, cst.List)):
                self._unpack(target.target, node.value)

    def _unpack(self, targets: cst.Tuple | cst.List, value: cst.BaseExpression) -> None:
        """``n, m = a, b`` binds pairwise; ``n, m = x.shape`` binds ``x.shape[0]``, ``x.shape[1]``."""
        elements = targets.elements
        if any(isinstance(element, cst.StarredElement) for element in elements):
            return
        if isinstance(value, (cst.Tuple, cst.List)) and len(value.elements) == len(elements):
            if any(isinstance(item, cst.StarredElement) for item in value.elements):
                return
            values = [item.value for item in value.elements]
        elif isinstance(value, cst.Attribute) and value.attr.value == "shape":
            values = [cst.Subscript(value, [cst.SubscriptElement(cst.Index(cst.Integer(str(index))))]) for index in range(len(elements))]
        else:
            return
        for element, item in zip(elements, values):
            if isinstance(element.value, cst.Name):
                self.facts.assigned[element.value.value] = item

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
                        walk(stmt, collector)
            else:
                collector = _FactsCollector(function)
                walk(function, collector)
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

    def is_array(
        self,
        expr: cst.BaseExpression,
        function: cst.CSTNode | None,
        traced: bool | Callable[[], bool],
        _depth: int = 0,
    ) -> bool | None:
        """Whether ``expr`` holds a jax array, inside ``function``.

        ``traced`` says whether ``function`` is traced; pass a callable to have the
        (costly) gradient context computed only when a parameter's array-ness depends on it.
        """
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
            return True if (traced() if callable(traced) else traced) else None
        if function is not None:
            module_facts = self.facts(None)
            if name in module_facts.assigned:
                value = module_facts.assigned[name]
                return self.is_array(value, None, False, _depth)
        return None

    def rank(self, expr: cst.BaseExpression, function: cst.CSTNode | None, _depth: int = 0) -> int | None:
        """The number of axes of ``expr`` when the code shows it, else None.

        Shown by a jaxtyping annotation (``Float[Array, "n k"]``), a creation call with a
        literal shape (``jnp.zeros((n, k))``, ``jax.random.normal(key, (n, k))``, ``jnp.eye(n)``),
        ``x.reshape(n, k)``, ``zeros_like(y)`` or ``x.T`` of an array whose rank is shown.
        """
        if _depth > 8:
            return None
        _depth += 1
        if isinstance(expr, cst.Name):
            facts = self.facts(function)
            if expr.value in facts.assigned and facts.assigned[expr.value] is not expr:
                return self.rank(facts.assigned[expr.value], function, _depth)
            param = facts.parameters.get(expr.value)
            if param is not None and param.annotation is not None:
                return _annotated_rank(param.annotation.annotation)
            return None
        if isinstance(expr, cst.Attribute) and expr.attr.value in ("T", "mT"):
            return self.rank(expr.value, function, _depth)
        if not isinstance(expr, cst.Call):
            return None
        positional = [arg.value for arg in expr.args if arg.keyword is None and not arg.star]
        if isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "reshape" and self.names.resolve(expr.func) is None:
            if len(positional) == 1:
                return _shape_rank(positional[0])
            return len(positional) if positional and not any(arg.star for arg in expr.args) else None
        qualified = self.names.resolve(expr.func) or ""
        module, _, function_name = qualified.rpartition(".")
        if module in ("jax.numpy", "autograd.numpy"):
            if function_name in ("zeros", "ones", "empty", "full") and positional:
                return _shape_rank(positional[0])
            if function_name in ("eye", "identity"):
                return 2
            if function_name in ("zeros_like", "ones_like", "empty_like", "full_like") and positional:
                return self.rank(positional[0], function, _depth)
            if function_name in ("arange", "linspace"):
                return 1
        if module == "jax.random" and len(positional) >= 2 and function_name in RANDOM_WITH_SHAPE:
            return _shape_rank(positional[1])
        return None


#: jax.random samplers whose second positional argument is the shape.
RANDOM_WITH_SHAPE = frozenset({"normal", "uniform", "bernoulli", "truncated_normal", "gumbel", "laplace", "logistic", "cauchy", "exponential"})
JAXTYPING_SHAPE = re.compile(r"""^\w+\[\s*[\w.]+\s*,\s*["']([^"']*)["']\s*\]$""")


def _shape_rank(shape: cst.BaseExpression) -> int | None:
    """Rank of an array built with ``shape``: a tuple literal's length, 1 for a single size."""
    if isinstance(shape, (cst.Tuple, cst.List)):
        if any(isinstance(element, cst.StarredElement) for element in shape.elements):
            return None
        return len(shape.elements)
    if isinstance(shape, cst.Integer) or (isinstance(shape, cst.Subscript) and isinstance(shape.value, cst.Attribute) and shape.value.attr.value == "shape"):
        return 1
    return None


def _annotated_rank(annotation: cst.BaseExpression) -> int | None:
    """Rank from a jaxtyping annotation: ``Float[Array, "batch n"]`` has 2 axes."""
    match = JAXTYPING_SHAPE.match(cst.Module([]).code_for_node(annotation))
    if match is None:
        return None
    dims = match.group(1).split()
    if any(dim.startswith(("*", "#*")) or dim == "..." for dim in dims):
        return None
    return len(dims)
