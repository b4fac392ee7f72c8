"""Write the text of a bench file for one finding.

The file imports the baseline from the user's module when it is a top-level
function (copies it otherwise), defines the candidate as the same function
with the scanner's fix applied (or a copy marked ``# TODO: apply the
rewrite``), and ``inputs(size, seed)`` from the inferred parameter specs.
Every gap is a ``# TODO`` line.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import keyword
import os
from dataclasses import dataclass, field
from pathlib import Path

from gradadvisor.bench.init.findings import Finding
from gradadvisor.bench.init.functions import (
    Binding,
    Site,
    free_names,
    function_text,
    postponed_annotations,
    module_bindings,
    statement_text,
)
from gradadvisor.bench.init.shapes import SIZE, Spec, assumed, describe

DEFAULT_SIZE = 30
SIZES = (10, 30, 100)
RESERVED = frozenset({"inputs", "baseline", "candidate", "sizes", "argnums"})
VALUE_RANGE = "minval=0.5, maxval=1.5"


@dataclass
class Source:
    """One version of the user's module: its text, tree, and the function of interest."""

    text: str
    tree: ast.Module
    site: Site | None

    @property
    def bindings(self) -> dict[str, Binding]:
        return module_bindings(self.tree)


@dataclass
class Plan:
    """Everything the skeleton is written from."""

    source_path: Path
    bench_path: Path
    finding: Finding
    original: Source
    fixed: Source | None  # None: the finding has no fix (or it could not be applied)
    fix_note: str
    params: list[tuple[str, Spec]]
    skipped_params: list[str]
    argnums: tuple[int, ...]
    argnums_from: str
    dim_values: dict[str, str]  # dimension name -> "size" or a number


@dataclass
class Needs:
    """What a copied function needs in the bench file."""

    imports: list[str] = field(default_factory=list)
    from_module: list[str] = field(default_factory=list)
    copied: list[str] = field(default_factory=list)
    todos: list[str] = field(default_factory=list)


def _needs(node: ast.AST, source: Source, original: Source, needs: Needs) -> None:
    """Sort a function's free names: import to copy, name to take from the module, or TODO."""
    original_bindings = original.bindings
    bindings = source.bindings
    for name in free_names(node, annotations=not postponed_annotations(source.tree)):
        binding = bindings.get(name) or original_bindings.get(name)
        if name in RESERVED:
            needs.todos.append(f"`{name}` is a name the bench file defines itself: rename it in the copy")
        elif binding is None:
            needs.todos.append(f"define `{name}` (not found at the top level of the module)")
        elif binding.kind == "import":
            if binding.text not in needs.imports:
                needs.imports.append(binding.text)
        elif name in original_bindings and original_bindings[name].kind != "import":
            if name not in needs.from_module:
                needs.from_module.append(name)
        elif binding.kind == "defined" and binding.node is not None:  # added by the fix
            text = statement_text(source.text, binding.node)
            if text not in needs.copied:
                needs.copied.append(text)
        else:
            needs.todos.append(f"import `{name}`")


def _module_access(plan: Plan) -> tuple[list[str], str | None, str | None]:
    """How the bench file reaches the user's module: (import lines, dotted name, or loader variable)."""
    source = plan.source_path.resolve()
    parts = [source.stem]
    folder = source.parent
    while (folder / "__init__.py").is_file() and folder.parent != folder:
        parts.insert(0, folder.name)
        folder = folder.parent
    dotted = ".".join(parts)
    bench_folder = plan.bench_path.resolve().parent
    try:
        relative = Path(os.path.relpath(folder, bench_folder)).as_posix()
    except ValueError:  # another drive
        relative = folder.as_posix()
    importable = all(p.isidentifier() and not keyword.iskeyword(p) for p in parts) and not _shadowed(parts[0], folder)
    if importable:
        lines = []
        if folder != bench_folder:
            lines = ["import sys", "from pathlib import Path", "",
                     f'sys.path.insert(0, str(Path(__file__).resolve().parent / "{relative}"))']
        return lines, dotted, None
    file_relative = Path(os.path.relpath(source, bench_folder)).as_posix() if relative != folder.as_posix() \
        else source.as_posix()
    lines = [
        "import importlib.util",
        "from pathlib import Path",
        "",
        "",
        "def _load_module(path):",
        '    """Import the module under test from its file (its name is not importable)."""',
        '    spec = importlib.util.spec_from_file_location(path.stem.replace("-", "_"), path)',
        "    module = importlib.util.module_from_spec(spec)",
        "    spec.loader.exec_module(module)",
        "    return module",
        "",
        "",
        f'_module = _load_module(Path(__file__).resolve().parent / "{file_relative}")',
    ]
    return lines, None, "_module"


def _shadowed(top: str, folder: Path) -> bool:
    """True when ``import top`` would find another module than the user's."""
    try:
        spec = importlib.util.find_spec(top)
    except (ImportError, ValueError):
        return False
    if spec is None:
        return False
    locations = list(spec.submodule_search_locations or []) + ([spec.origin] if spec.origin else [])
    return not any(Path(location).resolve().is_relative_to(folder) for location in locations
                   if location and location not in ("built-in", "frozen"))


def _variable(name: str, taken: set[str]) -> str:
    while name in taken:
        name += "_"
    taken.add(name)
    return name


def _shape_code(shape: tuple, dim_names: dict[str, str]) -> str:
    dims = []
    for dim in shape:
        if dim == SIZE:
            dims.append("size")
        elif isinstance(dim, tuple):
            dims.append(dim_names[dim[1]])
        else:
            dims.append(str(dim))
    return "(" + ", ".join(dims) + ("," if len(dims) == 1 else "") + ")"


class _Inputs:
    """The body of ``inputs``: one statement per parameter."""

    def __init__(self, plan: Plan):
        self.plan = plan
        self.counter = 0
        self.lines: list[str] = []
        self.taken = {"size", "seed", "key", "jax"}
        self.dim_names: dict[str, str] = {}

    def key(self) -> str:
        self.counter += 1
        return f"jax.random.fold_in(key, {self.counter - 1})"

    def value(self, spec: Spec, where: str) -> tuple[str, str | None]:
        """The expression for a spec, and a TODO when it is unknown: a square matrix where an
        array can stand in (the file runs as written; the TODO says what to adjust), else None."""
        stand_in = assumed(spec)
        if stand_in is not None:  # entries of order 1/size: products of such matrices stay of order 1
            code, _ = self.value(stand_in, where)
            return f"{code} / size", f"adjust `{where}` to its real shape: a (size, size) matrix stands in; {spec.reason}"
        if spec.kind in ("any", "unused"):
            return f"jax.random.uniform({self.key()}, (), {VALUE_RANGE})", None
        if spec.kind == "int":
            return "size", None
        if spec.kind == "python-float":
            return "1.25", None
        if spec.kind == "array":
            shape = _shape_code(spec.shape, self.dim_names)
            if spec.dtype.startswith("int"):
                return f"jax.random.randint({self.key()}, {shape}, 0, size)", None
            if spec.dtype == "bool":
                return f"jax.random.bernoulli({self.key()}, 0.5, {shape})", None
            return f"jax.random.uniform({self.key()}, {shape}, {VALUE_RANGE})", None
        return "None", f"give `{where}` a value: {spec.reason}"

    def render(self) -> list[str]:
        for name, value in sorted(self.plan.dim_values.items()):
            if value != SIZE:
                self.dim_names[name] = _variable(name, self.taken)
                self.lines.append(f"    {self.dim_names[name]} = {value}  # the dimension `{name}` of the annotations")
            else:
                self.dim_names[name] = "size"
        names = []
        for param, spec in self.plan.params:
            variable = _variable(param, self.taken)
            names.append(variable)
            if spec.kind == "dict":
                self.lines.append(f"    {variable} = {{")
                for key, entry in spec.keys.items():
                    code, todo = self.value(entry, f"{param}[{json.dumps(key)}]")
                    self.lines.append(f"        {json.dumps(key)}: {code},{f'  # TODO: {todo}' if todo else ''}")
                self.lines.append("    }")
            else:
                code, todo = self.value(spec, param)
                self.lines.append(f"    {variable} = {code}{f'  # TODO: {todo}' if todo else ''}")
        returned = ", ".join(names) + ("," if len(names) == 1 else "")
        head = ["    key = jax.random.PRNGKey(seed)"] if self.counter else []
        return head + self.lines + [f"    return ({returned})"]


def _docstring(plan: Plan) -> list[str]:
    finding = plan.finding
    site = plan.original.site
    name = site.qualname if site else "?"
    lines = [
        f'"""Bench for {finding.code} at {plan.source_path.name}:{finding.line}: `{name}` and its rewrite.',
        "",
        f"Written by `gradadvisor bench --init {plan.source_path.name}:{finding.line}`. The finding:",
        "",
    ]
    lines += [f"    {line}" for line in _wrap(finding.message, 84)]
    for item in finding.evidence:
        lines += [f"    evidence: {line}" for line in _wrap(item, 74)]
    lines += ["", plan.fix_note, "", f"Check it with: gradadvisor bench {plan.bench_path.name}", '"""']
    return [line.replace('"""', "'''").replace("\\", "\\\\") if 0 < i < len(lines) - 1 else line
            for i, line in enumerate(lines)]


def _wrap(text: str, width: int) -> list[str]:
    import textwrap

    return textwrap.wrap(text, width) or [""]


def render(plan: Plan) -> str:
    """The bench file's text."""
    site = plan.original.site
    assert site is not None
    access_lines, dotted, loader = _module_access(plan)
    needs = Needs()
    baseline_imported = site.top_level
    if not baseline_imported:
        _needs(site.node, plan.original, plan.original, needs)
    candidate_site = plan.fixed.site if plan.fixed is not None else None
    candidate_source = plan.fixed if candidate_site is not None else plan.original
    candidate_node = candidate_site.node if candidate_site is not None else site.node
    _needs(candidate_node, candidate_source, plan.original, needs)
    if site.in_class:
        needs.todos.insert(0, f"`{site.qualname}` is a method: bench compares plain functions; "
                              "call it through an instance in both functions")

    lines = _docstring(plan) + [""]
    if postponed_annotations(candidate_source.tree):
        lines += ["from __future__ import annotations", ""]
    lines += ["import jax"]
    imports = [text for text in needs.imports if text != "import jax"]
    lines += [text for text in imports if text.startswith("import ")]
    lines += [text for text in imports if text.startswith("from ")]
    if access_lines:
        lines += access_lines if loader else [""] + access_lines
    as_baseline = "baseline" if site.name == "baseline" else f"{site.name} as baseline"
    from_module = ([as_baseline] if baseline_imported else []) + needs.from_module
    if dotted is not None and from_module:
        lines += [f"from {dotted} import {name}" for name in from_module]
    elif loader is not None:
        lines += [f"{name.split(' as ')[-1]} = {loader}.{name.split(' as ')[0]}" for name in from_module]
    for text in needs.copied:
        lines += ["", "", text.rstrip()]
    for todo in needs.todos:
        lines += [f"# TODO: {todo}"]

    argnums = plan.argnums[0] if len(plan.argnums) == 1 else plan.argnums
    where = f"  # {site.name} is differentiated by {plan.argnums_from}" if plan.argnums_from else \
        f"  # no jax.grad of {site.name} in the module: the first argument assumed"
    lines += ["", f"sizes = {SIZES}", f"argnums = {argnums!r}{where}", "", ""]

    signature = ", ".join(name for name, _ in plan.params)
    lines += [f"def inputs(size={DEFAULT_SIZE}, seed=0):",
              f'    """The arguments of `{site.name}({signature})` at a problem size; seed: another draw."""']
    for name in plan.skipped_params:
        lines.append(f"    # {name}: not passed (it has a default, or is keyword-only or variadic)")
    for name, spec in plan.params:
        if spec.complete and spec.kind != "dict":
            lines.append(f"    # {name}: {describe(spec)}")
    lines += _Inputs(plan).render()

    if not baseline_imported:
        lines += ["", ""] + function_text(plan.original.text, site.node, "baseline").rstrip().splitlines()
    lines += ["", ""]
    if candidate_site is None:
        message = " ".join(plan.finding.message.split())
        lines.append(f"# TODO: apply the rewrite: {message}")
    lines += function_text(candidate_source.text, candidate_node, "candidate").rstrip().splitlines()
    return "\n".join(lines) + "\n"
