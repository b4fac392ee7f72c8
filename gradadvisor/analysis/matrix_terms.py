"""The matrix a ``diag``/``trace`` keeps a part of: a product in any spelling
(``analysis/operations.py``), a name bound once to one, a sum of terms that holds one, the
einsum subscripts of its diagonal, and whether its operands still hold the same values where
the diagonal is taken (GA202's questions)."""

from __future__ import annotations

import ast

from gradadvisor.analysis import values as v
from gradadvisor.analysis.names import AUTODIFF_NUMPY
from gradadvisor.analysis.operations import operation_of
from gradadvisor.analysis.syntax import attribute_root, int_value, name_count, sole_return
from gradadvisor.analysis.vectorize import is_elementwise_function, replace_names

def namespace(module: str) -> str:
    """``jax.numpy`` for ``jax.numpy.linalg``: where the einsum comes from."""
    return module.removesuffix(".linalg")


def product(expr: ast.AST, ctx, rank):
    """``(((A, transposed), (B, transposed), keywords), named)`` for a matrix product (any
    spelling in ``analysis/operations.py``), or a name bound to one and used nowhere else
    (then ``named`` is its assignment)."""
    found = matmul_operands(expr, ctx, rank)
    if found is not None:
        return found, None
    bound = bound_once(expr, ctx)
    if bound is None:
        return None, None  # not a name, or the product is used somewhere else too: it is needed anyway
    value, statement = bound
    found = matmul_operands(value, ctx, rank)
    return (found, statement) if found is not None else (None, None)


def bound_once(expr: ast.AST, ctx) -> tuple[ast.expr, ast.stmt] | None:
    """``(value, assignment)`` when ``expr`` is a name with one plain assignment in the
    function, which reaches here, and no use but this one (``J = jax.jacfwd(f)(x)`` ...
    ``jnp.diag(J)``: the whole matrix is made for this use only); None otherwise."""
    if not isinstance(expr, ast.Name) or ctx.function is None:
        return None
    bindings = ctx.facts.bindings_at(expr.id, ctx.scope, ctx.statement)
    if len(bindings) != 1 or bindings[0].kind != "assign" or bindings[0].path or len(ctx.scope.bindings.get(expr.id, [])) != 1:
        return None
    if not isinstance(bindings[0].value, ast.expr) or name_count(ctx.function, expr.id) != 2:
        return None
    return bindings[0].value, bindings[0].statement


def followed_arms(name: ast.Name, ctx) -> list[tuple[ast.expr, ast.stmt]] | None:
    """The matrices a name holds at the ``diag`` when each arm of an ``if``/``else`` assigns it
    once (``if chol: C = Kss - A @ B`` ``else: C = Kss - A @ D``) and it has no other use: one
    ``(expression, assignment)`` per arm, in order; None otherwise."""
    bindings = [b for b in ctx.scope.bindings.get(name.id, []) if b.statement is not ctx.statement]
    if len(bindings) < 2 or any(b.kind != "assign" or b.path or not isinstance(b.value, ast.expr) for b in bindings):
        return None
    reaching = ctx.facts.bindings_at(name.id, ctx.scope, ctx.statement)
    if {id(b) for b in reaching} != {id(b) for b in bindings} or name_count(ctx.function, name.id) != len(bindings) + 1:
        return None
    arms = _if_arms(ctx.function, [b.statement for b in bindings])
    return [(b.value, b.statement) for b in bindings] if arms else None  # type: ignore[misc]


def _if_arms(function: ast.AST, statements: list[ast.stmt]) -> bool:
    """Each of ``statements`` sits directly in its own arm of one ``if``/``elif``/``else`` chain
    that ends in an ``else`` (so exactly one of them runs)."""
    for node in ast.walk(function):
        if not isinstance(node, ast.If):
            continue
        arms, current = [], node
        while True:
            arms.append(current.body)
            if len(current.orelse) == 1 and isinstance(current.orelse[0], ast.If):
                current = current.orelse[0]
                continue
            if not current.orelse:
                arms = []
            else:
                arms.append(current.orelse)
            break
        if len(arms) == len(statements) and all(sum(1 for stmt in arm if stmt in statements) == 1 for arm in arms):
            return True
    return False


def followed(name: ast.Name, ctx):
    """The matrix a name holds at the ``diag``: ``(its expression, its assignment, other uses?)``
    when one assignment reaches it, with only ``+=``/``-=`` between (``diag`` is linear), and the
    name is otherwise only rebound to the diagonal itself (``cov = jnp.diag(cov)``) or returned
    (the full matrix on another path: ``other uses`` is then True); None otherwise."""
    bindings = [b for b in ctx.scope.bindings.get(name.id, []) if b.statement is not ctx.statement]
    assigns = [b for b in bindings if b.kind == "assign"]
    if len(assigns) != 1 or assigns[0].path or any(b.kind not in ("assign", "aug") for b in bindings):
        return None
    if not any(b is assigns[0] or b.kind == "aug" for b in ctx.facts.bindings_at(name.id, ctx.scope, ctx.statement)):
        return None
    if any(b.kind == "aug" and not isinstance(b.statement.op, (ast.Add, ast.Sub)) for b in bindings):
        return None
    statement = ctx.statement
    rebinds = isinstance(statement, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name.id for t in statement.targets)
    expected = 2 + sum(1 for b in bindings if b.kind == "aug") + (1 if rebinds else 0)
    uses = name_count(ctx.function, name.id)
    # ``return cov``, ``return mu, cov``, ``return cov.squeeze()``: the name returned (the full
    # matrix on the other path, the diagonal on this one)
    returns = sum(1 for node in ast.walk(ctx.function) if isinstance(node, ast.Return) and node.value is not None
                  for read in ast.walk(node.value) if isinstance(read, ast.Name) and read.id == name.id)
    if uses == expected:
        return assigns[0].value, assigns[0].statement, bool(len(bindings) > 1)
    if rebinds and uses == expected + returns and returns:
        return assigns[0].value, assigns[0].statement, True
    return None


def terms(expr: ast.AST) -> list[tuple[str, ast.expr]]:
    """``a - b @ c + d`` as ``[("+", a), ("-", b @ c), ("+", d)]``: the terms of a sum."""
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, (ast.Add, ast.Sub)):
        sign = "+" if isinstance(expr.op, ast.Add) else "-"
        right = terms(expr.right)
        if len(right) != 1:
            return []  # a - (b + c): kept simple
        return [*terms(expr.left), (sign, right[0][1])]
    return [("+", expr)] if isinstance(expr, ast.expr) else []


def operand_rank(operand: ast.AST, ctx) -> int | None:
    """An operand's number of axes when the code shows it; a number is 0, ``X[:, k]`` and
    ``X[k, :]`` (a column, a row) are 1."""
    if isinstance(operand, ast.Constant):
        return 0
    if isinstance(operand, ast.Subscript) and isinstance(operand.slice, ast.Tuple) and len(operand.slice.elts) == 2:
        kinds = sorted(type(element).__name__ == "Slice" for element in operand.slice.elts)
        if kinds == [False, True]:
            return 1
    value = ctx.value(operand)
    if value.kind in (v.SCALAR, v.SIZE):
        return 0
    if value.rank is None:
        spelled = ctx.assigned(operand.id) if isinstance(operand, ast.Name) else operand
        if spelled is not None and scaled_identity(spelled, ctx.resolve) is not None:
            return 2  # ``jnp.eye(n) * w``: an n-by-n matrix
    return value.rank


def diagonal_of(expr: ast.AST, ctx) -> str | None:
    """The matrix whose diagonal ``expr`` is, as text, when the code says so: ``jnp.diagonal(K)``,
    ``K.diagonal()``, ``jnp.diag(K)`` of a matrix, arithmetic of one (``1.0 / d``), or a name bound
    once to such a value. A vector, whatever the value model knows of ``K`` (not a rank a fix may
    rest on: ``K`` may be a batch)."""
    if isinstance(expr, ast.Name):
        expr = ctx.assigned(expr.id) or expr
    if isinstance(expr, ast.BinOp) and not isinstance(expr.op, ast.MatMult):
        return diagonal_of(expr.left, ctx) or diagonal_of(expr.right, ctx)
    if isinstance(expr, ast.UnaryOp):
        return diagonal_of(expr.operand, ctx)
    found = operation_of(expr, ctx.resolve, lambda node: operand_rank(node, ctx))
    if found is None or found.name != "diagonal" or found.arguments or found.spelling.variant == "diag" and operand_rank(found.operands[0], ctx) != 2:
        return None  # not a diagonal; an offset one; ``jnp.diag(v)`` of what may be a vector builds a matrix
    return ctx.code(found.operands[0])


def dim(value: v.Value, axis: int, batched: bool = False) -> v.Dim:
    """Axis 0 or 1 of a matrix, or of the last two axes of a batch of them."""
    if not value.is_array or value.shape is None or len(value.shape) < 2 or len(value.shape) != 2 and not batched:
        return None
    return value.shape[axis - 2]


def chain_dim(expr: ast.AST, axis: int, ctx) -> v.Dim:
    """Axis 0 or 1 of a matrix written as a product of matrices (``Z @ U @ Z``): the first
    factor's rows, the last factor's columns (a transpose ``P.T`` swaps them), when the values
    do not say it of the whole."""
    found = dim(ctx.value(expr), axis)
    while found is None:
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.MatMult):
            expr = expr.left if axis == 0 else expr.right
        elif isinstance(expr, ast.Attribute) and expr.attr in ("T", "mT"):
            expr, axis = expr.value, 1 - axis
        else:
            return None
        found = dim(ctx.value(expr), axis)
    return found


def dtype_conditions(conditions, operands, trace: bool, ctx) -> None:
    """The einsum keeps the operands' dtype: not bool or a small one, and known for ``trace``
    (``jnp.trace`` sums integers and bools in a wider dtype)."""
    from gradadvisor.analysis.syntax import one_line

    for operand in operands:
        value = ctx.value(operand)
        text = one_line(ctx.code(operand), 25)
        if value.dtype is not None:
            conditions.require(value.dtype not in v.SMALL_DTYPES, f"`{text}` is not bool or a small dtype ({value.dtype})")
        elif trace:
            conditions.require(False, f"`{text}` has a known dtype (`trace` promotes integers and bools, the einsum does not)", ctx.dtype_callers(operand))
        else:
            conditions.require(False, f"`{text}` has a known dtype that is not bool or a small one", ctx.dtype_callers(operand))


def unchanged(named: ast.AST, left: ast.AST, right: ast.AST, ctx) -> bool:
    """No statement between the product and here may change an operand's array in place
    (jax arrays never change; a NumPy array does: ``A[:, 0] = s``, ``A.sort()``)."""
    from gradadvisor.analysis.syntax import names_read

    if all(ctx.value(operand).is_array and not ctx.value(operand).host for operand in (left, right)):
        return True
    return not ctx.facts.mutated_between(names_read(left) | names_read(right), ctx.scope, named, ctx.statement)


def same_operands(named: ast.AST, left: ast.AST, right: ast.AST, ctx) -> bool:
    """The names the operands read are bound by the same bindings at the product's line and here."""
    from gradadvisor.analysis.syntax import names_read

    for name in names_read(left) | names_read(right):
        here = ctx.facts.bindings_at(name, ctx.scope, ctx.statement)
        there = ctx.facts.bindings_at(name, ctx.scope, named)
        if [id(b) for b in here] != [id(b) for b in there]:
            return False
    return True


def matmul_operands(expr: ast.AST, ctx, rank):
    """The product's operands, each with one transpose peeled (``A.T``, ``A.mT``,
    ``jnp.transpose(A)``, ``A.transpose()``, ``jnp.swapaxes(A, 0, 1)`` of a 2-D ``A``...),
    and the keywords that keep its mathematics (``precision=``)."""
    product = operation_of(expr, ctx.resolve, rank)
    if product is None or product.name != "matmul" or not product.plain or product.host:
        return None  # NumPy's product runs on the host: nothing to differentiate
    (left, right), peeled = product.operands, []
    for operand in (left, right):
        transpose = operation_of(operand, ctx.resolve, rank)
        if transpose is not None and transpose.name == "transpose" and transpose.plain and not transpose.host:
            peeled.append((transpose.operands[0], True))
        else:
            peeled.append((operand, False))
    return peeled[0], peeled[1], product.keywords


#: A matrix side this short makes the whole product about as cheap as its diagonal: a 3x3
#: deformation gradient, a 4x4 spinor or metric (``g = jnp.eye(4)``).
SMALL_MATRIX = 4


def last_two_axes(operation) -> bool | None:
    """Which axes a ``diagonal``/``trace`` runs over: False for the plain form (axes 0 and 1),
    True for the last two axes of a batched argument (``axis1=-2, axis2=-1`` in either order,
    ``jnp.linalg``'s spelling, or the function mapped by ``vmap``), None for an offset or other axes (not the shape modelled)."""
    arguments = operation.arguments
    if operation.variant in ("mapped", "mapped-diag"):
        return True  # ``jax.vmap(jnp.diag)(m)``: each matrix of the batch
    if operation.variant == "matrix":
        return None if arguments else True
    if not arguments:
        return False
    if set(arguments) != {"axis1", "axis2"}:
        return None
    try:
        axes = {ast.literal_eval(arguments["axis1"]), ast.literal_eval(arguments["axis2"])}
    except (ValueError, TypeError, SyntaxError):
        return None
    return True if axes == {-1, -2} else None


def subscripts(left_transposed: bool, right_transposed: bool, trace: bool, batched: bool = False) -> str:
    """Einsum subscripts for diag(X @ Y), X = A or A.T, Y = B or B.T.

    With r the kept index and k the summed one, A's axes are (r, k), or (k, r) when
    transposed; B's are (k, r), or (r, k). A's axes are named i, j in order."""
    a_axes = ("k", "r") if left_transposed else ("r", "k")
    b_axes = ("r", "k") if right_transposed else ("k", "r")
    letter = {a_axes[0]: "i", a_axes[1]: "j"}
    a = "".join(letter[axis] for axis in a_axes)
    b = "".join(letter[axis] for axis in b_axes)
    out = "" if trace else letter["r"]
    if batched:  # the leading axes are a batch, kept as they are
        return f"...{a},...{b}->...{out}"
    return f"{a},{b}->{out}"


def returned_by_helper(expr: ast.AST, ctx) -> ast.expr | None:
    """The expression a helper of this module returns, with the call's arguments in place of its
    parameters, for a call of a function whose body is one ``return`` (``def mul_re(a, ai, b,
    bi): return a @ b - ai @ bi``) with as many positional arguments as it has plain parameters;
    None otherwise."""
    if not isinstance(expr, ast.Call) or not isinstance(expr.func, ast.Name) or expr.keywords or ctx.function is None:
        return None
    helper = ctx.local_function(expr.func.id)
    returned = sole_return(helper)
    if returned is None:
        return None
    arguments = helper.args  # type: ignore[union-attr]
    if arguments.posonlyargs or arguments.vararg or arguments.kwonlyargs or arguments.kwarg or arguments.defaults:
        return None
    if len(arguments.args) != len(expr.args) or any(isinstance(arg, ast.Starred) for arg in expr.args):
        return None
    return replace_names(returned, {param.arg: arg for param, arg in zip(arguments.args, expr.args)})


def captured_operand(operands, ctx) -> str | None:
    """The name of an operand (its root) that a nested function (a lambda handed to ``vmap``)
    reads from the function around it: not mapped, so a whole matrix of the data meets each
    mapped element (``vmap(lambda h: jnp.trace(h @ P))(Hs)``, ``P`` N by N)."""
    if ctx.function is None or len(ctx.scopes) < 2 or not any(isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) for scope in ctx.scopes[:-1]):
        return None
    for operand in operands:
        root = attribute_root(operand) if isinstance(operand, ast.Attribute) else operand
        # the operand's root, or a name an expression operand reads (``ev ** (p - 1)``)
        names = [root] if isinstance(root, ast.Name) else [node for node in ast.walk(operand) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)]
        for name in names:
            if name.id != "self" and not ctx.facts.bindings_at(name.id, ctx.scope, ctx.statement) and ctx.value(name).kind in (v.ARRAY, v.UNKNOWN, v.PARAM):
                if ctx.resolve(name) is None:  # not a module (``jnp``)
                    return name.id
    return None


def scaled_identity(expr: ast.AST, resolve) -> ast.expr | None:
    """The vector ``v`` when ``expr`` is ``jnp.eye(n) * v`` (or ``v * jnp.eye(n)``; ``jnp.eye(n) /
    v`` is ``diag(1 / v)``): a dense diagonal matrix, ``diag(v)`` in another spelling. A literal
    scale (``eye(n) * 2.0``) is a scaled identity, not a diagonal of a vector."""
    if not (isinstance(expr, ast.BinOp) and isinstance(expr.op, (ast.Mult, ast.Div))):
        return None
    for eye, other in ((expr.left, expr.right), (expr.right, expr.left)):
        module, _, function = (resolve(eye.func) or "").rpartition(".") if isinstance(eye, ast.Call) else ("", "", "")
        if function in ("eye", "identity") and module in AUTODIFF_NUMPY and len(eye.args) == 1 and not isinstance(other, ast.Constant):  # type: ignore[attr-defined]
            if isinstance(expr.op, ast.Div):
                # a new node, no source position: written out, not taken from the user's text
                return ast.BinOp(left=ast.Constant(1.0), op=ast.Div(), right=other) if eye is expr.left else None
            return other
    return None


def folded_einsum(outer, resolve, bound=None) -> tuple[ast.Call, str] | None:
    """``(einsum call, new subscripts)`` when ``outer`` (a ``diag``/``diagonal``/``trace``, plain,
    over given axes, or mapped) takes the diagonal or trace of two axes of an einsum's output
    written out (``"ab,nbc->nac"``, no ``...``): the einsum with the second axis's letter renamed
    to the first's computes only the entries kept (``trace(einsum("ab,nbc->nac", P, Q), axis1=1,
    axis2=2)`` is ``einsum("ab,nba->n", P, Q)``; a diagonal's axis goes last, as ``diagonal``
    puts it). None for anything else."""
    from gradadvisor.analysis.operations import EINSUM_MODULES

    argument = outer.operands[0]
    if not isinstance(argument, ast.Call) or resolve(argument.func) not in {f"{module}.einsum" for module in EINSUM_MODULES}:
        return None
    written = written_subscripts(argument, bound)
    if written is None:
        return None
    operands, out = written
    inputs, rank = ",".join(operands), len(out)
    axes = _folded_axes(outer, rank)
    if axes is None or rank < 2 or len(set(out)) != rank:
        return None
    first, second = (out[axis] for axis in axes)
    kept = "".join(letter for position, letter in enumerate(out) if position not in axes)
    return argument, f"{inputs.replace(second, first)}->{kept}{'' if outer.name == 'trace' else first}"


def _folded_axes(outer, rank: int) -> tuple[int, int] | None:
    """The two axes of a rank-``rank`` argument that ``outer`` keeps the diagonal of."""
    variant, arguments = outer.variant, outer.arguments
    if variant in ("mapped", "mapped-diag"):
        return (1, 2) if rank == 3 else None  # each matrix of a 3-D batch (a 2-D one maps rows)
    if variant == "diag":
        return (0, 1) if rank == 2 and not arguments else None
    if variant == "matrix":
        return (rank - 2, rank - 1) if not arguments else None
    if set(arguments) - {"axis1", "axis2"}:
        return None  # an offset: another diagonal
    try:
        axes = tuple(ast.literal_eval(arguments[key]) if key in arguments else default for key, default in (("axis1", 0), ("axis2", 1)))
    except (ValueError, TypeError, SyntaxError):
        return None
    if not all(isinstance(axis, int) and -rank <= axis < rank for axis in axes):
        return None
    first, second = (axis % rank for axis in axes)
    return (first, second) if first != second else None


def source_params(operands, ctx, depth: int = 0) -> list[str]:
    """The parameters the operands' values come from through indexing, transposes, arithmetic and
    names bound once (``C, R = params["C"], params["R"]`` ... ``C.T @ (C / R)``: ``params``): a
    parameter a ``vmap`` does not map makes the matrix a whole one of the data per element."""
    found: list[str] = []
    for operand in operands:
        for node in ast.walk(operand):
            if not isinstance(node, ast.Name) or node.id in found:
                continue
            param = ctx.parameter_of(node)
            if param is not None:
                found.append(param)
            elif depth < 3:
                value = ctx.assigned(node.id)
                if value is not None and not isinstance(value, ast.Call):
                    found.extend(item for item in source_params([value], ctx, depth + 1) if item not in found)
    return found


def sliced_items(expr: ast.AST, assigned=None, resolve=None) -> int | None:
    """How many items at most a vector sliced with literal bounds has, through elementwise
    arithmetic and elementwise functions of it (``w[-5:] ** -0.5``, ``jnp.exp(1j * th[12:16])``:
    5, 4), and through names bound once (``assigned``: name -> its one value, or None);
    None for anything else."""
    from gradadvisor.analysis.facts import sliced_length

    def number(node: ast.AST) -> bool:
        return isinstance(node, ast.Constant) or isinstance(node, ast.UnaryOp) and isinstance(node.operand, ast.Constant)

    for _ in range(8):
        if isinstance(expr, ast.UnaryOp):
            expr = expr.operand
        elif isinstance(expr, ast.BinOp) and number(expr.right):
            expr = expr.left
        elif isinstance(expr, ast.BinOp) and number(expr.left):
            expr = expr.right
        elif (isinstance(expr, ast.Call) and len(expr.args) == 1 and not expr.keywords and resolve is not None
              and is_elementwise_function(resolve(expr.func))):
            expr = expr.args[0]
        elif isinstance(expr, ast.Name) and assigned is not None and (value := assigned(expr)) is not None:
            expr = value
        else:
            break
    if isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Slice):
        found = sliced_length(expr.slice, None)
        return found if isinstance(found, int) else None
    return None


def stacked_count(built: ast.AST, axis: int, resolve) -> int | None:
    """How many listed items a stack puts along ``axis`` (0: rows, -1: columns):
    ``jnp.column_stack([t, n, p])`` has 3 columns, ``jnp.stack([a, b])`` and ``jnp.array([a, b])``
    2 rows, ``jnp.stack(items, axis=1)`` as many columns; None for anything else."""
    if not (isinstance(built, ast.Call) and built.args and isinstance(built.args[0], (ast.List, ast.Tuple))):
        return None
    items = built.args[0].elts
    if any(isinstance(item, ast.Starred) for item in items):
        return None
    name = (resolve(built.func) or "").rpartition(".")[2]
    stacked = next((int_value(k.value) for k in built.keywords if k.arg == "axis"), 0)
    columns = name == "column_stack" or name == "stack" and stacked in (1, -1)
    rows = name in ("vstack", "array", "asarray") or name == "stack" and stacked == 0
    return len(items) if columns and axis == -1 or rows and axis == 0 else None


def written_subscripts(call: ast.Call, bound=None) -> tuple[list[str], str] | None:
    """``(operand subscripts, output subscripts)`` of an einsum call whose subscripts are written
    out as a string, in place or in a name bound once to one (``spec = "mn,np->mp"`` ...
    ``einsum(spec, a, b)``, through ``bound``); None for anything else, ``...`` or an implicit output."""
    written = call.args[0] if call.args else None
    if isinstance(written, ast.Name) and bound is not None:
        written = bound(written) or written
    if not isinstance(written, ast.Constant) or not isinstance(written.value, str):
        return None
    spec = written.value.replace(" ", "")
    if "..." in spec or spec.count("->") != 1:
        return None
    inputs, out = spec.split("->")
    return inputs.split(","), out


def einsum_without_diagonal(call: ast.Call, position: int, bound=None) -> str | None:
    """The subscripts of ``call`` (an einsum written out, no ``...``) with operand ``position`` (1 for
    the first) a diagonal matrix replaced by its vector: its two letters made one
    (``"ab,bc,cd->ad"`` with operand 2 a ``diag``: ``"ab,b,bd->ad"``). None when the subscripts
    are not written out (``written_subscripts``), the operand's are not two different letters, or
    the output would then hold one letter twice."""
    written = written_subscripts(call, bound)
    if written is None:
        return None
    operands, out = written
    if len(operands) != len(call.args) - 1 or not 1 <= position <= len(operands):
        return None
    pair = operands[position - 1]
    if len(pair) != 2 or pair[0] == pair[1]:
        return None
    kept, merged = pair
    new_out = out.replace(merged, kept)
    if len(set(new_out)) != len(new_out):
        return None
    rest = [item.replace(merged, kept) if k != position - 1 else kept for k, item in enumerate(operands)]
    return f"{','.join(rest)}->{new_out}"


def real_part(expr: ast.AST, resolve) -> ast.AST:
    """The matrix whose real part ``expr`` takes (``x.real``, ``jnp.real(x)``: ``x``), else ``expr``:
    the real part is linear, so the diagonal or trace of it is the real part of theirs."""
    if isinstance(expr, ast.Attribute) and expr.attr == "real":
        return expr.value
    if isinstance(expr, ast.Call) and len(expr.args) == 1 and not expr.keywords and (resolve(expr.func) or "") in ("jax.numpy.real", "autograd.numpy.real"):
        return expr.args[0]
    return expr
