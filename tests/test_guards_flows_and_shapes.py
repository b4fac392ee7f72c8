"""Facts read from what a value becomes and how a count is made (pytree leaves from
``tree_flatten``, a count that sizes a sub-network, a value scaled each step of a ``while``, the
length of a list of layers, a result used only under ``stop_gradient``, blocks already mapped),
and shapes through ``kron``, nested literals, comprehension variables and chains of products:
each with its look-alike that is still reported."""

from __future__ import annotations

import pytest

from tests.conftest import scan_files

ALL = ("GA101", "GA102", "GA103", "GA201", "GA202", "GA203", "GA301", "GA302", "GA401")


def found(tmp_path, source: str) -> list[tuple[str, int, str]]:
    return [(item.code, item.line, item.confidence) for item in scan_files(tmp_path, {"m.py": source}, ALL)]


# -- pytree leaves from tree_flatten ----------------------------------------------------------

LEAVES = """
    import jax
    import jax.numpy as jnp

    def tree_vdot(a, b):
        {flatten}
        return sum(jnp.vdot(x, y) for x, y in zip(a, b))

    def meta(p, q):
        return tree_vdot(p, q)

    g = jax.value_and_grad(meta)
"""


@pytest.mark.parametrize("flatten, expected", [
    # the names rebound to the leaves: one term per parameter tensor, of different shapes
    ("a, _ = jax.tree_util.tree_flatten(a); b, _ = jax.tree_util.tree_flatten(b)", []),
    ("a, tree = jax.tree.flatten(a); b, _ = jax.tree.flatten(b)", []),
    # look-alike: the arrays themselves, one term per row
    ("pass", [("GA301", 7, "medium")]),
])
def test_leaves_of_a_flattened_tree(tmp_path, flatten, expected):
    assert found(tmp_path, LEAVES.format(flatten=flatten)) == expected


# -- a count that sizes a sub-network ---------------------------------------------------------

PER_AGENT = """
    import haiku as hk
    import jax
    import jax.numpy as jnp

    class Auctioneer(hk.Module):
        def __init__(self, bidders, items, name=None):
            super().__init__(name=name)
            self.bidders = bidders
            self.items = items
            self.layers = [{width}, 64]
            self.mlp = hk.nets.MLP([*self.layers, self.items])

        def __call__(self, vals):
            return jnp.stack([self.mlp(jnp.roll(vals, i, axis=0).ravel()) for i in range(self.bidders)])
"""


@pytest.mark.parametrize("width, expected", [
    # the count is also the network's input width: an architecture constant
    ("self.bidders * self.items", []),
    # look-alike: a network of fixed widths; the count is what the object is built with
    ("128", [("GA101", 15, "medium")]),
])
def test_count_that_sizes_a_network(tmp_path, width, expected):
    assert found(tmp_path, PER_AGENT.format(width=width)) == expected


# -- a value scaled each step of a while loop ---------------------------------------------------

WHILE = """
    import jax
    import jax.numpy as jnp

    def f(a):
        b = a * 2
        {loop}
        return b

    df = jax.grad(f)
"""


@pytest.mark.parametrize("loop, expected", [
    # doubling until a bound: log2 of it steps
    ("while jnp.linalg.norm(b) < 1000:\n            b = b * 2", []),
    ("while b < 1000:\n            b *= 3", []),
    # look-alike: a counter walking to the bound, one step each
    ("i = 0\n        while i < 1000:\n            b = jnp.sin(b) * a\n            i += 1", [("GA103", 8, "high")]),
])
def test_geometric_while(tmp_path, loop, expected):
    assert found(tmp_path, WHILE.format(loop=loop)) == expected


# -- the length of a list of layers -------------------------------------------------------------

ENERGY = """
    from jax import vmap
    from jax.numpy import sum

    def energy(params, errors, y, x):
        model, skip = params
        n_hidden = len(model) - 1
        {use}
        total = 0.0
        for l in range(n_hidden):
            total += 0.5 * sum(errors[l] ** 2)
        return total + 0.5 * sum((y - a) ** 2)
"""


@pytest.mark.parametrize("use", [
    "a = vmap(model[0])(x)",
    "a = model[-1](x)",
    "a = x\n        for layer in model:\n            a = layer(a)",
])
def test_count_of_called_items_is_layers(tmp_path, use):
    # ``model`` holds the layers (its items are called): its length counts layers
    assert found(tmp_path, ENERGY.format(use=use)) == []


def test_count_of_a_list_not_called_is_data(tmp_path):
    # look-alike: nothing calls the items; the list's length is what callers pass
    assert found(tmp_path, ENERGY.format(use="a = x * 2")) == [("GA302", 10, "medium")]


# -- a result used only under stop_gradient ------------------------------------------------------

TARGETS = """
    import jax
    import jax.numpy as jnp

    def loss(params, rewards, values):
        def n_step(i):
            return jnp.sum(rewards[i:i + 5]) + values[i + 5]

        returns = []
        for i in range(rewards.shape[0] - 5):
            returns.append(n_step(i))
        returns = jnp.stack(returns)
        {use}
        pred = params * values[:returns.shape[0]]
        return jnp.mean((pred - target) ** 2)

    g = jax.grad(loss)
"""


@pytest.mark.parametrize("use, confidence", [
    # the targets are stopped: the backward pass holds none of the map
    ("target = jax.lax.stop_gradient(jnp.tanh(returns))", "low"),
    ("target = jnp.tanh(returns)\n        target = jax.lax.stop_gradient(target)", "low"),
    # look-alike: the targets go on into the loss
    ("target = jnp.tanh(returns)", "high"),
])
def test_result_under_stop_gradient(tmp_path, use, confidence):
    assert [(code, level) for code, _, level in found(tmp_path, TARGETS.format(use=use))] == [("GA101", confidence)]


# -- blocks already mapped (chunked for memory), then stopped -----------------------------------------

BLOCKS = """
    import jax
    import jax.numpy as jnp

    @jax.jit
    def targets(p, xs):
        out = []
        for s in range(0, xs.shape[0], 512):
            out.append(jax.vmap(lambda x: jnp.tanh(p @ x))(xs[s:s + 512]))
        return {result}
"""


@pytest.mark.parametrize("result, confidence", [
    # the heuristic targets are returned under stop_gradient: no backward pass holds the blocks
    ("jax.lax.stop_gradient(jnp.concatenate(out))", "low"),
    # look-alike: returned as they are, a gradient may hold one copy per block
    ("jnp.concatenate(out)", "high"),
])
def test_mapped_blocks_under_stop_gradient(tmp_path, result, confidence):
    assert [(code, level) for code, _, level in found(tmp_path, BLOCKS.format(result=result))] == [("GA101", confidence)]


# -- shapes: kron, nested literals, comprehension variables, chains of products --------------------

PAULI = """
    import jax
    import jax.numpy as jnp

    def fidelity(U):
        p1 = jnp.array([[[1, 0], [0, 1]], [[0, 1], [1, 0]], [[0, -1j], [1j, 0]], [[1, 0], [0, -1]]])
        p2 = jnp.array([jnp.kron(p1[i], p1[j]) for i in range(4) for j in range(4)])
        return jnp.real({value})

    g = jax.grad(fidelity)
"""


@pytest.mark.parametrize("value", [
    "jnp.trace(jnp.kron(p1[3], p1[3]) @ U)",  # 4 x 4 by kron of two 2 x 2
    "jnp.trace(p1[3] @ U @ p1[3] @ U.conj().T)",  # a 2 x 2 at the end of a chain
    "jnp.trace(p2[5] @ U @ p2[6] @ U.conj().T)",  # 16 items of 4 x 4
    "jnp.sum(jnp.array([jnp.trace(p2[i] @ U) for i in range(16)]))",  # read through the comprehension's variable
])
def test_small_fixed_operands(tmp_path, value):
    assert found(tmp_path, PAULI.format(value=value)) == []


def test_operand_of_unknown_size(tmp_path):
    # look-alike: the same chain over a matrix the caller passes
    source = PAULI.replace("def fidelity(U):", "def fidelity(U, P):").format(value="jnp.trace(P @ U @ P @ U.conj().T)")
    assert [code for code, _, _ in found(tmp_path, source)] == ["GA202"]


# -- an index used as a number -------------------------------------------------------------------

PULSES = """
    import jax
    import jax.numpy as jnp

    @jax.jit
    def response(tk, w):
        return jnp.sum(jnp.array([{term} for k in range(tk.shape[0] - 1)]), axis=0)
"""


@pytest.mark.parametrize("term, expected", [
    # arithmetic on the index: a map over jnp.arange, the traced index said unproven
    ("(-1) ** k * (jnp.exp(1j * w * tk[k + 1]) - jnp.exp(1j * w * tk[k]))", [("GA101", 7, "high")]),
    ("k * jnp.exp(1j * w * tk[k])", [("GA101", 7, "high")]),
    # look-alike: the index bounds a slice (ragged items): no map
    ("jnp.sum(jnp.exp(1j * w * tk[:k + 1]))", []),
])
def test_index_used_as_a_number(tmp_path, term, expected):
    assert found(tmp_path, PULSES.format(term=term)) == expected


def test_traced_index_is_unproven(tmp_path):
    from tests.conftest import scan_files

    (finding,) = scan_files(tmp_path, {"m.py": PULSES.format(term="(-1) ** k * jnp.exp(1j * w * tk[k])")}, ("GA101",))
    assert finding.fix is not None and finding.fix.applicability == "unsafe"
    assert any("traced int32" in item for item in finding.fix.unproven)


# -- the pieces of a split array -----------------------------------------------------------------

PIECES = """
    import jax
    import jax.numpy as jnp

    @jax.jit
    def loss(W, seq):
        steps = jnp.split(seq, {count}, axis=0)
        h = jnp.zeros(seq.shape[1])
        tot = 0.0
        for a, b in zip(steps[:-1], steps[1:]):
            h = jnp.tanh(W @ h + a[0])
            tot += jnp.sum((h - b[0]) ** 2)
        return tot

    g = jax.grad(loss)
"""


@pytest.mark.parametrize("count, expected", [
    # one piece per row: a recurrence over the data's rows
    ("seq.shape[0]", ["GA103"]),
    # look-alike: three pieces
    ("3", []),
])
def test_pieces_of_a_split_array(tmp_path, count, expected):
    assert [code for code, _, _ in found(tmp_path, PIECES.format(count=count))] == expected


# -- a gradient computed by a method, called through an instance ---------------------------------

METHOD = """
    import jax
    import jax.numpy as jnp

    class Net:
        def energy(self, y, p):
            return jnp.sum(jnp.tanh(p @ y) ** 2)

        def dparams(self, y, p):
            return {body}

    def accumulate({receiver}, ys, p):
        {made}
        acc = jnp.zeros_like(p)
        for k in range(1, ys.shape[0]):
            acc = acc + net.dparams(ys[k], p)
        return acc
"""


@pytest.mark.parametrize("receiver, made", [("net: Net", "pass"), ("key", "net = Net()")])
def test_gradient_method_through_an_instance(tmp_path, receiver, made):
    source = METHOD.format(body="jax.grad(self.energy, argnums=1)(y, p)", receiver=receiver, made=made)
    assert [code for code, _, _ in found(tmp_path, source)] == ["GA102"]


def test_plain_method_through_an_instance(tmp_path):
    # look-alike: the method computes no derivative
    source = METHOD.format(body="p * y", receiver="net: Net", made="pass")
    assert "GA102" not in [code for code, _, _ in found(tmp_path, source)]


# -- a count made by scaling a setting the object holds ----------------------------------------

SIGMA = """
    import jax
    import jax.numpy as jnp

    class UKF:
        def __init__(self, {param}):
            self.{param} = {param}

        @jax.jit
        def predict(self, pts, w, mu):
            P = jnp.zeros((mu.shape[0], mu.shape[0]))
            for i in range({count}):
                d = pts[i][:, None] - mu
                P += w[i] * d @ d.T
            return P
"""


@pytest.mark.parametrize("param, count, expected", [
    ("n", "self.n", ["GA302"]),
    # as many as the setting scaled by literals: it grows as the setting does
    ("n", "2 * self.n + 1", ["GA302"]),
    ("n", "self.n // 2", ["GA302"]),
    # look-alike: the setting counts layers, scaled or not
    ("n_layers", "2 * self.n_layers + 1", []),
])
def test_count_scaled_from_a_setting(tmp_path, param, count, expected):
    assert [code for code, _, _ in found(tmp_path, SIGMA.format(param=param, count=count))] == expected


# -- block bounds made ints ------------------------------------------------------------------------

BLOCK_SUM = """
    import autograd.numpy as np
    from autograd import value_and_grad

    def per_block(w, x):
        return np.sum(np.tanh(x @ w) ** 2)

    def objective(w, X, cuts):
        total = 0.0
        k = 64
        for b in range(X.shape[0] // k):
            {bounds}
            total = total + per_block(w, X[lo:hi])
        return total

    fit = value_and_grad(objective)
"""


@pytest.mark.parametrize("bounds, expected", [
    ("lo = b * k; hi = (b + 1) * k", ["GA302"]),
    ("lo = int(b * k); hi = int((b + 1) * k)", ["GA302"]),
    # look-alike: bounds read from a list of cut points, blocks of any size
    ("lo = int(cuts[b]); hi = int(cuts[b + 1])", []),
])
def test_block_bounds_made_ints(tmp_path, bounds, expected):
    assert [code for code, _, _ in found(tmp_path, BLOCK_SUM.format(bounds=bounds))] == expected


# -- from the HG-HN description -----------------------------------------------------------------

def test_python_number_table_is_a_constant(tmp_path):
    # every item a Python number: one constant array, nothing traced per item
    source = """
        import jax
        import jax.numpy as jnp

        def weights(N):
            norm = sum([1 / i for i in range(1, N + 1)])
            return jnp.array([1 / (i * norm) for i in range(1, N + 1)])

        @jax.jit
        def stat(x, N):
            return x * weights(N)[0]
    """
    assert found(tmp_path, source) == []
    # look-alike: a jax function per item, one traced operation each
    traced = source.replace("1 / (i * norm)", "jnp.sin(i * norm)")
    assert [code for code, _, _ in found(tmp_path, traced)] == ["GA101"]


FILTERED = """
    import jax
    import jax.numpy as jnp

    @jax.jit
    def fuse(X, kernels=("laplace", "gaussian")):
        if isinstance(kernels, str):
            kernels = (kernels,)
        ks = [k for k in kernels if k in ("laplace", "imq")]
        M = jnp.zeros((4, 4))
        for j in range({count}):
            M = M + jnp.tanh(M @ X)
        return M
"""


@pytest.mark.parametrize("count, expected", [
    # a filtered comprehension over a tuple of two names keeps at most two
    ("len(ks)", []),
    # look-alike: as many as the rows of the data
    ("X.shape[0]", ["GA103"]),
])
def test_filtered_names_keep_their_bound(tmp_path, count, expected):
    assert [code for code, _, _ in found(tmp_path, FILTERED.format(count=count))] == expected


@pytest.mark.parametrize("constant, expected", [("2", []), ("64", ["GA103"])])
def test_default_from_a_module_constant(tmp_path, constant, expected):
    source = f"""
        import jax
        import jax.numpy as jnp

        NB = {constant}

        @jax.jit
        def bands(x, nb: int = NB):
            out = jnp.zeros((x.shape[0], 64))
            for band in range(nb):
                out = out + jnp.tanh(out @ jnp.ones((64, 64)) + x[:, None])
            return out
    """
    assert [code for code, _, _ in found(tmp_path, source)] == expected


@pytest.mark.parametrize("midpoint, expected", [
    ("u = (lo + hi) / 2", []),  # a bisection: steps count bits of precision
    ("u = lo + hi * 0.5", ["GA103"]),  # look-alike: not a midpoint, a recurrence of 50 steps
])
def test_bisection(tmp_path, midpoint, expected):
    source = f"""
        import jax
        import jax.numpy as jnp

        @jax.jit
        def quantile(scores, alpha, steps=50):
            lo, hi = 0.0, jnp.max(scores)
            for _ in range(steps):
                {midpoint}
                below = jnp.mean(scores <= u) < alpha
                lo, hi = jnp.where(below, u, lo), jnp.where(below, hi, u)
            return lo
    """
    assert [code for code, _, _ in found(tmp_path, source)] == expected


GUARDED_SUM = """
    import jax
    import jax.numpy as jnp

    def profile(grid, c, w):
        return jnp.exp(-((grid - c) / w) ** 2)

    @jax.jit
    def spectrum(grid, records, table):
        total = jnp.zeros_like(grid)
        for line in records:
            if line["element"] in table:
                ab = table[line["element"]]
                op, _ = profile(grid, line["centre"], ab), 0
                {update}
        return total
"""

GUARDED_MAX = """
    import jax
    import jax.numpy as jnp

    @jax.jit
    def errors(xs, a=None):
        first = jnp.zeros(())
        worst = jnp.zeros(())
        for x in xs:
            first = jnp.maximum(first, jnp.tanh(x))
            if a is not None:
                {update}
        return first + worst
"""


@pytest.mark.parametrize("source, update, code", [
    # a sum after locals in a branch, a running maximum under a test: folds (GA302, P3)
    (GUARDED_SUM, "total += op", "GA302"),
    (GUARDED_MAX, "worst = jnp.maximum(worst, a * x)", "GA302"),
    # look-alike: the guarded value feeds the next step's term, a recurrence (GA103, P5)
    (GUARDED_SUM, "total = jnp.tanh(total) + op", "GA103"),
    (GUARDED_MAX, "worst = jnp.tanh(worst * a + x)", "GA103"),
])
def test_guarded_folds(tmp_path, source, update, code):
    assert [found_code for found_code, _, _ in found(tmp_path, source.format(update=update))] == [code]


def test_a_sum_made_a_python_int_is_host(tmp_path):
    source = """
        import jax
        import jax.numpy as jnp

        def model(mask, x):
            n = int(sum(mask))
            return jnp.zeros(n) + {term} * x

        g = jax.grad(lambda x, m: jnp.sum(model(m, x)))
    """
    assert found(tmp_path, source.format(term="1.0")) == []
    # look-alike: the sum itself is traced
    assert [code for code, _, _ in found(tmp_path, source.format(term="sum(mask)"))] == ["GA301"]


ENSEMBLE = """
    import jax
    import jax.numpy as jnp

    def tree(X, w, b):
        return jax.nn.sigmoid(X @ w + b)

    @jax.jit
    def predict(X, {walked}, B):
        preds = []
        for w, b in zip({walked}, B):
            preds.append(tree(X, w, b))
        return jnp.stack(preds).mean(0)
"""


@pytest.mark.parametrize("walked, confidence", [
    ("W", "low"),  # weights walked, the data taken whole: a loop over the model's trees
    ("batches", "medium"),  # look-alike: the walked arrays are not named as weights
])
def test_components_walked_with_the_data_whole(tmp_path, walked, confidence):
    assert [(code, level) for code, _, level in found(tmp_path, ENSEMBLE.format(walked=walked))] == [("GA101", confidence)]


@pytest.mark.parametrize("count, expected", [("self.max_depth", []), ("self.n_points", ["GA103"])])
def test_max_depth_is_a_model_count(tmp_path, count, expected):
    source = f"""
        import jax
        import jax.numpy as jnp

        class Tree:
            def __init__(self, max_depth, n_points):
                self.max_depth = max_depth
                self.n_points = n_points

            @jax.jit
            def fit(self, X):
                h = X
                for d in range({count}):
                    h = jnp.tanh(h @ X.T @ h)
                return h
    """
    assert [code for code, _, _ in found(tmp_path, source)] == expected


SOLVER = """
    import jax.numpy as jnp
    from dataclasses import dataclass


    @dataclass
    class Solver:
        binary: bool = True

        def __post_init__(self):
            if self.binary:
                self.direction = self.direction_bin
            else:
                self.direction = self.direction_ce

        def update(self, J, p, r):
            return {call}(J, p, r)

        def direction_bin(self, J, p, r):
            Q = jnp.diag(p * (1 - p))
            return jnp.linalg.solve(Q @ (J @ J.T), r)

        def direction_ce(self, J, p, r):
            return jnp.linalg.solve(J @ J.T, r)
"""
MAIN = """
    import jax
    from solver import Solver

    solver = Solver(binary=True)
    update_fn = jax.jit(solver.update)
"""


@pytest.mark.parametrize("call, confidence", [
    ("self.direction", "medium"),  # the alias a branch of __post_init__ picks: the jit reaches both methods
    ("self.direction_ce", "low"),  # look-alike: the jitted method calls the other one only
])
def test_method_alias_picked_by_a_branch(tmp_path, call, confidence):
    findings = scan_files(tmp_path, {"solver.py": SOLVER.format(call=call), "main.py": MAIN}, ALL)
    assert [(item.code, item.confidence) for item in findings] == [("GA203", confidence)]


@pytest.mark.parametrize("flip", ["if M.shape[0] < M.shape[1]:\n                M = M.T", "pass"])
def test_shape_of_a_parameter_transposed_on_one_path(tmp_path, flip):
    # the parameter, or its transpose: an array either way, its rows counted by its shape
    source = f"""
        import jax
        import jax.numpy as jnp

        @jax.jit
        def rows(M, w):
            {flip}
            H, W = M.shape
            out = []
            for r in range(H):
                out.append(jnp.tanh(M[r] @ w))
            return jnp.stack(out)
    """
    assert [code for code, _, _ in found(tmp_path, source)] == ["GA101"]


@pytest.mark.parametrize("dims, expected", [
    ("num_tasks num_params", []),  # the annotation names axis 0 a count of tasks
    ("batch num_params", ["GA103"]),  # look-alike: named as the data's rows
    ("num_params num_tasks", ["GA103"]),  # look-alike: axis 0 counts a network's weights
])
def test_axis_named_by_a_jaxtyping_annotation(tmp_path, dims, expected):
    source = f"""
        import jax
        import jax.numpy as jnp
        from jaxtyping import Array, Float

        @jax.jit
        def project(g: Float[Array, " num_params"], all_grads: Float[Array, " {dims}"]):
            for j in range(all_grads.shape[0]):
                d = jnp.dot(g, all_grads[j])
                g = g - jnp.minimum(d, 0.0) * all_grads[j]
            return g
    """
    assert [code for code, _, _ in found(tmp_path, source)] == expected


GRID = """
    import itertools
    import numpy as onp
    import jax
    import jax.numpy as jnp

    def f(p):
        return jnp.sin(p[0]) * jnp.cos(p[1]) + p[0] ** 2

    grad_fn = jax.jit(jax.grad(f))

    def field(loc, scale):
        gx = onp.zeros(loc.shape)
        for (i, j) in itertools.product(range({n}), range({n})):
            g = grad_fn(jnp.array([loc[{index}], scale[i, j]]))
            gx[i, j] = g[0]
        return gx
"""


@pytest.mark.parametrize("n, index, expected", [
    ("20", "i, j", ["GA102"]),  # one gradient per point of a 20 x 20 grid: one vmap over the raveled grid
    ("3", "i, j", []),  # look-alike: nine points
    ("20", "j, i", []),  # look-alike: the grid read transposed, not the order the product walks
])
def test_a_gradient_per_point_of_a_grid(tmp_path, n, index, expected):
    assert [code for code, _, _ in found(tmp_path, GRID.format(n=n, index=index))] == expected


@pytest.mark.parametrize("read, expected", [
    ("lo[i]", ["GA103"]),  # this step's own entry of another array written at the same slot: independent writes
    ("lo[i - 1]", []),  # look-alike: the entry the step before wrote, a recurrence GA103 words otherwise
])
def test_reading_back_the_slot_just_written(tmp_path, read, expected):
    source = f"""
        import jax
        import jax.numpy as jnp

        @jax.jit
        def bounds(s, u):
            lo = jnp.zeros_like(u)
            hi = jnp.zeros_like(u)
            for i in range(u.shape[0]):
                lo = lo.at[i].set(jnp.minimum(s[i], u[i]))
                hi = hi.at[i].set(u[i] + {read})
            return lo + hi
    """
    findings = scan_files(tmp_path, {"m.py": source}, ALL)
    independent = [item for item in findings if "the writes are independent" in item.message]
    assert [item.code for item in independent] == expected


@pytest.mark.parametrize("unpack, expected", [
    ("p, q, w = tab[r]", ["GA302"]),  # a row of a table unpacked into names: the term still reads row r
    ("p, q, w = 0, 1, 2.0", []),  # look-alike: constants, nothing read per step
])
def test_a_table_row_unpacked_in_a_sum(tmp_path, unpack, expected):
    source = f"""
        import jax
        import jax.numpy as jnp

        @jax.jit
        def energy(rho, tab):
            acc = 0.0
            for r in range(tab.shape[0]):
                {unpack}
                acc += w * rho[p, q]
            return acc
    """
    assert [code for code, _, _ in found(tmp_path, source)] == expected


# -- from the HO-HV description --------------------------------------------------------------------

@pytest.mark.parametrize("decorator, expected", [
    ("@partial(jax.jit, static_argnums=(1,))", []),  # a static argument: a Python value, not rows of an array
    ("@partial(jax.jit, static_argnames=('exprs',))", []),
    ("@jax.jit", ["GA101"]),  # look-alike: a traced argument, an array walked row by row
])
def test_iterating_a_static_argument(tmp_path, decorator, expected):
    source = f"""
        from functools import partial
        import jax
        import jax.numpy as jnp

        def make(e):
            return lambda t: jnp.sin(e * t)

        {decorator}
        def feats(t, exprs):
            return jnp.array([make(e)(t) for e in exprs])
    """
    assert [code for code, _, _ in found(tmp_path, source)] == expected


def test_a_function_with_a_custom_derivative_is_traced_not_differentiated(tmp_path):
    # reverse mode runs the rules ``defvjp`` names, never the decorated function's own body
    source = """
        import jax
        import jax.numpy as jnp

        @jax.custom_vjp
        def series(t, c):
            acc = jnp.zeros_like(t)
            for k in range(c.shape[0]):
                acc = acc * t + c[k]
            return acc
    """
    (finding,) = scan_files(tmp_path, {"m.py": source}, ALL)
    assert any("`series` is traced: decorated with @jax.custom_vjp" in item for item in finding.evidence)
    assert not any("differentiated" in item for item in finding.evidence)


@pytest.mark.parametrize("name, expected", [("rng_keys", []), ("features", ["GA401"])])
def test_keys_among_the_results_of_a_call_handed_data(tmp_path, name, expected):
    source = f"""
        import jax
        import jax.numpy as jnp
        import numpy as np

        def init(key, data):
            return jax.random.split(key, 8), jnp.asarray(data) * 2.0

        data = np.load("train.npy")
        {name}, scaled = init(jax.random.PRNGKey(0), data)

        @jax.jit
        def elbo(w):
            return jnp.sum(w * {name}.sum()) + jnp.sum(scaled)
    """
    findings = scan_files(tmp_path, {"m.py": source}, ALL)
    assert [item.code for item in findings if item.message.startswith(f"`{name}`")] == expected


MODEL = """
    import jax.numpy as jnp

    def resid(a, b, c):
        out = []
        for k in range(a.shape[0]):
            out.append(jnp.sin(a[k]) * b[k] + c[k])
        return jnp.stack(out)
"""


@pytest.mark.parametrize("star, confidence", [
    ("from .model import *", "high"),  # the gradient reaches `resid` through the star import
    ("from numpy import *", "medium"),  # look-alike: a library's star import says nothing of `resid`
])
def test_a_function_reached_through_a_star_import(tmp_path, star, confidence):
    solve = f"""
        import jax
        import jax.numpy as jnp
        {star}

        def loss(a, b, c):
            return jnp.sum(resid(a, b, c) ** 2)

        g = jax.grad(loss)
    """
    findings = scan_files(tmp_path, {"pkg/__init__.py": "", "pkg/model.py": MODEL, "pkg/solve.py": solve}, ALL)
    assert [(item.code, item.confidence) for item in findings] == [("GA101", confidence)]
