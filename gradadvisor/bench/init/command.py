"""``--init FILE:LINE``: scan, pick the finding, infer, write the bench file."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

from gradadvisor.bench.init import findings, shapes
from gradadvisor.bench.init.errors import InitError
from gradadvisor.bench.init.functions import (
    differentiated_argnums,
    enclosing_function,
    find_site,
    static_parameters,
)
from gradadvisor.bench.init.patch import apply_diff
from gradadvisor.bench.init.skeleton import Plan, Source, render

__all__ = ["InitError", "Todo", "Written", "init_bench_file"]


@dataclass(frozen=True)
class Todo:
    """A ``# TODO`` left in the written file."""

    line: int
    text: str


@dataclass(frozen=True)
class Written:
    """The file written and what is left to fill in."""

    path: Path
    todos: list[Todo]


def parse_location(text: str) -> tuple[Path, int]:
    """``FILE:LINE`` as a path and a line number."""
    file, sep, line = text.rpartition(":")
    if not sep or not file or not line.strip().isdigit() or int(line) < 1:
        raise InitError(f"--init expects FILE:LINE (a line number from 1), not {text!r}")
    path = Path(file)
    if not path.is_file():
        raise InitError(f"no such file: {file}")
    return path, int(line)


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InitError(f"cannot read {path}: {exc}") from None


def _parse(text: str, what: str) -> ast.Module:
    try:
        return ast.parse(text)
    except SyntaxError as exc:
        raise InitError(f"{what} does not parse: {exc.msg} (line {exc.lineno})") from None


def _fixed(original: Source, finding: findings.Finding) -> tuple[Source | None, str]:
    """The module with the finding's fix applied, and a sentence about the fix."""
    if not finding.fix_diff:
        return None, "The finding has no fix: the candidate is a copy of the baseline to rewrite (see its TODO)."
    text = apply_diff(original.text, finding.fix_diff)
    tree = _parse(text, "the source with the fix applied")
    site = find_site(tree, original.site.path)
    if site is None:
        return None, "The fix removes the function: the candidate is a copy of the baseline to rewrite."
    unsafe = finding.fix_applicability not in (None, "safe")
    note = (f"The candidate is the scanner's {finding.fix_applicability} fix applied to it"
            + (": the scanner cannot prove it keeps the behaviour; this bench checks it." if unsafe else "."))
    return Source(text, tree, site), note


def plan_for(path: Path, line: int, output: Path, finding: findings.Finding) -> Plan:
    """Everything the skeleton needs, read from the source."""
    text = _read(path)
    tree = _parse(text, str(path))
    site = enclosing_function(tree, finding.line)
    if site is None:
        raise InitError(f"the {finding.code} finding at {path}:{finding.line} is not inside a function: "
                        "bench compares two functions; move the code into one first")
    original = Source(text, tree, site)
    fixed, note = _fixed(original, finding)
    functions = shapes.module_functions(tree)
    argnums, argnums_from = differentiated_argnums(tree, site.name)
    evidence = shapes.evidence_specs(finding.evidence)
    static = static_parameters(tree, site.node)
    node = site.node
    positional = [*node.args.posonlyargs, *node.args.args]
    n_defaults = len(node.args.defaults)
    required = positional[: len(positional) - n_defaults] if n_defaults else positional
    needed = max([len(required), *(n + 1 for n in argnums if n >= 0)])
    chosen = positional[:needed]
    skipped = [a.arg for a in positional[needed:]]
    skipped += [a.arg for a, d in zip(node.args.kwonlyargs, node.args.kw_defaults) if d is not None]
    params = []
    for arg in chosen:
        spec = shapes.parameter_spec(node, functions, arg.arg)
        if arg.arg in evidence and spec.kind in ("unknown", "any", "unused") and arg.annotation is None:
            spec = evidence[arg.arg]
        if site.in_class and arg is positional[0]:
            spec = shapes.unknown(f"`{arg.arg}` is the instance of a method", array_may_do=False)
        elif arg.arg in static:
            spec = shapes.static(spec, arg.arg)
        params.append((arg.arg, spec))
    for arg, default in zip(node.args.kwonlyargs, node.args.kw_defaults):
        if default is None:
            params.append((arg.arg, shapes.unknown(
                f"`{arg.arg}` is keyword-only: bench passes positional arguments; wrap the function", array_may_do=False)))
    sized = shapes.sized_dims(dict(params), node, functions)
    names = sorted({d[1] for _, spec in params for d in _dims(spec)})
    dim_values, next_value = {}, 3
    for name in names:
        if name in sized:
            dim_values[name] = "size"
        else:
            dim_values[name], next_value = str(next_value), next_value + 1
    return Plan(source_path=path, bench_path=output, finding=finding, original=original, fixed=fixed,
                fix_note=note, params=params, skipped_params=skipped, argnums=argnums,
                argnums_from=argnums_from, dim_values=dim_values)


def _dims(spec: shapes.Spec) -> list[tuple]:
    own = [d for d in spec.shape if isinstance(d, tuple)] if spec.kind == "array" else []
    return own + [d for entry in spec.keys.values() for d in _dims(entry)]


def init_bench_file(location: str, output: str | None, force: bool) -> Written:
    """Write the bench file for the finding at ``location`` (FILE:LINE)."""
    path, line = parse_location(location)
    target = Path(output) if output else path.with_name(f"{path.stem}_bench.py")
    if target.resolve() == path.resolve():
        raise InitError(f"{target} is the file under test; choose another with -o")
    finding = findings.pick(findings.scan(path), line, path)  # no finding there: say so first
    if target.exists() and not force:
        raise InitError(f"{target} exists; pass --force to overwrite it")
    text = render(plan_for(path, line, target, finding))
    try:
        ast.parse(text)
    except SyntaxError as exc:  # a bug of ours: never write a file that does not parse
        raise InitError(f"internal error: the bench file would not parse ({exc.msg}, line {exc.lineno})") from None
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise InitError(f"cannot write {target}: {exc.strerror or exc}") from None
    todos = [Todo(number, text_line.split("# TODO:", 1)[1].strip())
             for number, text_line in enumerate(text.splitlines(), 1) if "# TODO:" in text_line]
    return Written(target, todos)
