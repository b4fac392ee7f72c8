"""Facts read from guards, modules and constructors (``isinstance`` branches, union annotations,
``import mod; mod.fn``, ``jax.jit(instance)``, ``self.n = x.shape[0]`` in ``__init__``), a
derivative helper called with the point after a constant (``rhs(None, s)``), a rollout that
reads the state it appended, and the value of each strided window: each with its look-alike."""

from __future__ import annotations

import pytest

from tests.conftest import scan_files

ALL = ("GA101", "GA102", "GA103", "GA201", "GA301", "GA302")


def found(tmp_path, source: str, files: dict[str, str] | None = None) -> list[tuple[str, int, str]]:
    return [(item.code, item.line, item.confidence) for item in scan_files(tmp_path, {"m.py": source, **(files or {})}, ALL)]


# -- isinstance guards and unions -------------------------------------------------------------

GUARDED = """
    import jax
    import jax.numpy as jnp

    def l1(ps{annotation}):
        if {test}:
            return jnp.abs(ps).sum()
        elif isinstance(ps, {kinds}):
            return sum(jnp.abs(p).sum() for p in ps)
        return 0.0

    @jax.jit
    def loss(w, ps):
        return jnp.sum(w ** 2) + l1(ps)
"""


@pytest.mark.parametrize("annotation, test, kinds", [
    (": jax.Array | list[jax.Array] | dict", "isinstance(ps, jax.Array)", "list"),
    (": jax.Array", "isinstance(ps, jax.Array)", "list"),
    ("", "hasattr(ps, 'shape')", "(list, tuple)"),
    (": Union[jax.Array, List[jax.Array]]", "isinstance(ps, jax.Array)", "(list, tuple)"),
])
def test_a_sum_in_the_list_branch_of_an_isinstance_test_is_over_a_list(tmp_path, annotation, test, kinds):
    source = GUARDED.format(annotation=annotation, test=test, kinds=kinds)
    if "Union" in annotation:
        source = source.replace("import jax\n", "import jax\n    from typing import List, Union\n", 1)
    assert found(tmp_path, source) == []


def test_outside_the_guard_an_annotated_array_is_walked_by_rows(tmp_path):
    source = """
    import jax
    import jax.numpy as jnp

    def l1(ps: jax.Array):
        if not isinstance(ps, (list, tuple)):
            return sum(jnp.abs(p).sum() for p in ps)
        return sum(jnp.abs(p).sum() for p in ps)

    @jax.jit
    def loss(w, ps):
        return jnp.sum(w ** 2) + l1(ps)
    """
    assert [(code, line) for code, line, _ in found(tmp_path, source)] == [("GA301", 7)]


def test_a_union_of_array_kinds_is_still_an_array(tmp_path):
    source = """
    import jax
    import jax.numpy as jnp
    import numpy as np
    from typing import Optional

    @jax.jit
    def energy(xs: Optional[jax.Array], ys: jax.Array | np.ndarray):
        return sum(jnp.sum(x ** 2) for x in xs) + sum(jnp.sum(y) for y in ys)
    """
    assert [code for code, _, _ in found(tmp_path, source)] == ["GA301", "GA301"]


# -- a rollout that reads back the state it appended --------------------------------------------

def test_a_derivative_at_the_state_appended_last_is_a_recurrence_not_a_map(tmp_path):
    source = """
    import jax
    import jax.numpy as jnp

    def accel(lag, s, u):
        return jnp.linalg.solve(jax.hessian(lag)(s), u)

    def rollout(lag, s0, ts, us, dt):
        hist = [s0]
        for t, u in zip(ts, us):
            a = accel(lag, hist[-1], u)
            hist.append(hist[-1] + a * dt)
        return jnp.stack(hist)
    """
    assert found(tmp_path, source) == []


def test_a_derivative_at_each_given_state_is_still_a_map(tmp_path):
    source = """
    import jax
    import jax.numpy as jnp

    def accel(lag, s, u):
        return jnp.linalg.solve(jax.hessian(lag)(s), u)

    def forces(lag, states, us):
        out = []
        for i in range(states.shape[0]):
            out.append(accel(lag, states[i], us[i]))
        return jnp.stack(out)
    """
    assert [code for code, _, _ in found(tmp_path, source)] == ["GA102"]


# -- a gradient function read as an attribute of an imported module -----------------------------

THERMO = """
    import jax
    import jax.numpy as jnp

    def free_energy(beta, J):
        return -jnp.log(jnp.sum(jnp.exp(-beta * J)))

    cv = jax.jit(jax.grad(jax.grad(free_energy)))
"""


@pytest.mark.parametrize("imported, name", [("import thermo", "thermo"), ("import lattice.thermo as th", "th"), ("from lattice import thermo", "thermo")])
def test_a_gradient_function_of_an_imported_module_called_per_point(tmp_path, imported, name):
    source = f"""
    import numpy as np
    import jax.numpy as jnp
    {imported}

    betas = np.linspace(0.1, 2.0, 200)
    J = jnp.ones(10)
    out = np.zeros(len(betas))
    for k in range(len(betas)):
        out[k] = {name}.cv(betas[k], J).item()
    """
    where = "thermo.py" if imported == "import thermo" else "lattice/thermo.py"
    files = {where: THERMO, **({"lattice/__init__.py": ""} if where != "thermo.py" else {})}
    assert [(code, line) for code, line, _ in found(tmp_path, source, files)] == [("GA102", 10)]


def test_a_plain_function_of_an_imported_module_is_not_a_gradient(tmp_path):
    source = """
    import numpy as np
    import jax.numpy as jnp
    import thermo

    betas = np.linspace(0.1, 2.0, 200)
    J = jnp.ones(10)
    out = np.zeros(len(betas))
    for k in range(len(betas)):
        out[k] = thermo.free_energy(betas[k], J).item()
    """
    assert found(tmp_path, source, {"thermo.py": THERMO}) == []


# -- jax.jit of an instance runs its __call__ ---------------------------------------------------

@pytest.mark.parametrize("compiled", ["f = jax.jit(Obs(0.5))", "obs = Obs(0.5)\n    f = jax.jit(obs)"])
def test_jit_of_an_instance_traces_its_call_method(tmp_path, compiled):
    source = f"""
    import jax
    import jax.numpy as jnp

    def corr_total(phi, w):
        tot = 0.0
        for a in range(phi.shape[0]):
            tot += jnp.sum(phi * jnp.roll(phi, a, axis=0)) * w
        return tot

    class Obs:
        def __init__(self, w):
            self.w = w

        def __call__(self, phi):
            return corr_total(phi, self.w)

    {compiled}
    """
    assert found(tmp_path, source) == [("GA302", 7, "high")]


def test_without_the_jit_the_instance_gives_only_a_likely_trace(tmp_path):
    source = """
    import jax.numpy as jnp

    def corr_total(phi, w):
        tot = 0.0
        for a in range(phi.shape[0]):
            tot += jnp.sum(phi * jnp.roll(phi, a, axis=0)) * w
        return tot

    class Obs:
        def __call__(self, phi):
            return corr_total(phi, 0.5)

    f = Obs()
    """
    assert [confidence for _, _, confidence in found(tmp_path, source)] == ["medium"]


# -- a derivative helper called with the point after a constant ---------------------------------

def test_an_ode_right_hand_side_differentiated_per_grid_point(tmp_path):
    source = """
    import autograd
    import autograd.numpy as np

    def hfun(s):
        return 0.5 * s[1] ** 2 + 0.5 * s[0] ** 2

    def rhs(t, s):
        g = autograd.grad(hfun)(s)
        return np.concatenate([g[1:], -g[:1]])

    q, p = np.meshgrid(np.linspace(-1, 1, 20), np.linspace(-1, 1, 20))
    grid = np.stack([q.ravel(), p.ravel()])
    ders = [rhs(None, s) for s in grid.T]
    """
    assert [(code, line) for code, line, _ in found(tmp_path, source)] == [("GA102", 14)]


def test_a_helper_differentiating_at_shared_weights_per_example_is_left_to_autograd(tmp_path):
    source = """
    import autograd
    import autograd.numpy as np

    def loss(w, x):
        return np.sum(np.tanh(x @ w))

    def grad_at(x, w):
        return autograd.grad(loss)(w, x)

    xs = np.ones((300, 3))
    grads = [grad_at(x, np.ones(3)) for x in xs]
    """
    assert found(tmp_path, source) == []


# -- the value of each window of a signal -------------------------------------------------------

def test_a_value_of_each_strided_frame_is_one_gather_then_a_map(tmp_path):
    source = """
    import jax
    import jax.numpy as jnp

    class Feat:
        def __init__(self, win, hop):
            self.win = win
            self.hop = hop

        def energy(self, sig):
            nf = (sig.shape[0] - self.win) // self.hop + 1
            out = []
            for f in range(nf):
                out.append(jnp.sum(sig[f * self.hop : f * self.hop + self.win] ** 2))
            return jnp.array(out)

    batched = jax.vmap(Feat(400, 160).energy)
    """
    findings = scan_files(tmp_path, {"m.py": source}, ALL)
    assert [item.code for item in findings] == ["GA101"]
    assert "(jnp.arange(nf) * self.hop)[:, None] + jnp.arange(self.win)" in findings[0].message
    assert "jax.vmap(lambda w: jnp.sum(w ** 2))(windows)" in findings[0].message


@pytest.mark.parametrize("value", [
    "jnp.sum(sig[f * hop : f * hop + win] ** 2) * f",  # the index read outside the window
    "jnp.sum(sig[f * hop : f * hop + win]) + jnp.sum(sig[f : f + win])",  # two windows
    "jnp.sum(sig[f * hop : (f + 1) * hop + win])",  # a width that moves with the index
])
def test_a_value_that_is_not_of_one_window_is_not_a_window_gather(tmp_path, value):
    source = f"""
    import jax
    import jax.numpy as jnp

    @jax.jit
    def energy(sig, win: int = 400, hop: int = 160):
        out = []
        for f in range((sig.shape[0] - win) // hop + 1):
            out.append({value})
        return jnp.array(out)
    """
    findings = scan_files(tmp_path, {"m.py": source}, ALL)
    assert not any("gathers one window" in item.message for item in findings)


# -- counts a constructor computes ----------------------------------------------------------------

def test_a_count_init_reads_from_a_shape_is_a_data_size(tmp_path):
    source = """
    import jax
    import jax.numpy as jnp

    class Net:
        def __init__(self, layers, data):
            self.layers = layers
            self.n_layers = len(layers)
            self.n_points = data.shape[0]
            self.data = data

        def __call__(self, x):
            for i in range(self.n_layers):
                x = jnp.tanh(self.layers[i] @ x)
            return x

        def loss(self, w):
            tot = 0.0
            for i in range(self.n_points):
                tot += jnp.sum((w @ self.data[i]) ** 2)
            return tot

    net = Net([jnp.ones((3, 3))] * 3, jnp.ones((100, 3)))
    g = jax.grad(net.loss)
    h = jax.jit(net)
    """
    assert found(tmp_path, source) == [("GA302", 19, "high")]


# -- what a call computed, read for its shape ------------------------------------------------------

NNX = """
    import jax.numpy as jnp
    from flax import nnx

    class Tagger(nnx.Module):
        def __init__(self, rngs):
            self.embed = nnx.Embed(1000, 64, rngs=rngs)
            self.mlp = nnx.Linear(64, 10, rngs=rngs)
            self.w = nnx.Param(jnp.ones((16, 64)))

        def __call__(self, ids):
            {bound}
            _, T, _ = e.shape
            outs = []
            for t in range(T):
                outs.append(self.mlp(e[:, t, :]))
            return jnp.stack(outs, axis=1)
"""


def test_a_submodule_output_read_for_its_shape_is_an_array(tmp_path):
    assert [code for code, _, _ in found(tmp_path, NNX.format(bound="e = self.embed(ids)"))] == ["GA101"]


def test_a_model_parameter_read_for_its_shape_is_not_data(tmp_path):
    source = """
    import flax.linen as nn
    import jax.numpy as jnp

    class Units(nn.Module):
        @nn.compact
        def __call__(self, x):
            w = self.param("w", nn.initializers.lecun_normal(), (3, x.shape[-1], 8))
            outs = []
            for k in range(w.shape[0]):
                outs.append(jnp.tanh(x @ w[k]))
            return jnp.stack(outs)
    """
    assert found(tmp_path, source) == []


def test_a_method_only_module_code_calls_through_an_instance_runs_eagerly(tmp_path):
    source = """
    import jax.numpy as jnp

    class Rollout:
        def __init__(self, x0, us):
            self.x0 = x0
            self.us = us
            self.n = us.shape[0]

        def run(self):
            x = self.x0
            xs = jnp.zeros((self.n, 3))
            for i in range(self.n):
                x = jnp.tanh(x * self.us[i])
                xs = xs.at[i].set(x)
            return xs

    {call}
    """
    eager = found(tmp_path, source.replace("{call}", "r = Rollout(jnp.ones(3), jnp.ones((200, 3)))\n    out = r.run()"))
    assert [(code, confidence) for code, _, confidence in eager if confidence != "low"] == []
    (tmp_path / "m.py").unlink()
    traced = found(tmp_path, source.replace("{call}", "r = Rollout(jnp.ones(3), jnp.ones((200, 3)))"))
    assert [(code, confidence) for code, _, confidence in traced] == [("GA103", "medium")]


# -- a derivative two helper calls below the loop ------------------------------------------------

HOPS = """
    import jax
    import jax.numpy as jnp

    def energy(w, h):
        return jnp.sum(jnp.tanh(h @ w))

    class Model:
        def __init__(self, w):
            self.w = w

        def dd(self, a, b):
            return {inner} @ b

        def pm(self, a, b):
            return jnp.exp(-self.dd(a, b))

        def run(self, tr):
            P = jnp.zeros((tr.shape[0], tr.shape[1]))
            for j in range(1, tr.shape[1]):
                P = P.at[:, j].set(self.pm(tr[:, j - 1], tr[:, j]))
            return P
"""


def test_a_derivative_two_method_calls_below_the_loop_is_per_point(tmp_path):
    source = HOPS.format(inner="jax.jacfwd(lambda x: energy(self.w, x))(a)")
    assert [(code, line) for code, line, _ in found(tmp_path, source)] == [("GA102", 21)]


def test_two_method_calls_that_differentiate_nothing_are_not_a_gradient(tmp_path):
    assert "GA102" not in [code for code, _, _ in found(tmp_path, HOPS.format(inner="jnp.tanh(a @ self.w)"))]


# -- a Python branch on the item: keys, not rows ---------------------------------------------------

BRANCHED = """
    import jax
    import jax.numpy as jnp

    @jax.jit
    def objective(model, data_sets, fusionreg=0.1):
        fusion = 0.0
        for d in data_sets:
            if {test}:
                fusion += jnp.abs(model.beta[d] - model.beta[model.reference]).sum()
        return fusionreg * fusion
"""


@pytest.mark.parametrize("test", ["d != model.reference", "d not in model.frozen and d != model.reference"])
def test_a_python_branch_on_each_item_walks_keys(tmp_path, test):
    assert found(tmp_path, BRANCHED.format(test=test)) == []


def test_a_branch_on_the_index_of_a_range_is_not_about_keys(tmp_path):
    source = """
    import jax
    import jax.numpy as jnp

    @jax.jit
    def objective(xs):
        total = 0.0
        for i in range(xs.shape[0]):
            if i != 0:
                total += jnp.sum(xs[i] * xs[i - 1])
        return total
    """
    assert [code for code, _, _ in found(tmp_path, source)] == ["GA302"]


def test_autograd_may_branch_on_numpy_items(tmp_path):
    source = """
    import autograd.numpy as np
    from autograd import grad

    def nll(w, xs, ys):
        total = 0.0
        for i, y in enumerate(ys):
            total += np.log(1 + np.exp(-np.dot(w, xs[i]))) if y == 1 else np.log(1 + np.exp(np.dot(w, xs[i])))
        return total

    data_x = np.ones((500, 3))
    data_y = np.ones(500)
    g = grad(nll)(np.ones(3), data_x, data_y)
    """
    assert [code for code, _, _ in found(tmp_path, source)] == ["GA302"]


@pytest.mark.parametrize("states", [
    "solve_ivp(rhs, (0, 10), np.ones(2), t_eval=ts)['y'].T",
    "solve_ivp(rhs, (0, 10), np.ones(2), t_eval=ts).y.T",
    "odeint(lambda s, t: rhs(t, s), np.ones(2), ts)",
])
def test_a_derivative_per_state_of_a_scipy_trajectory(tmp_path, states):
    source = f"""
    import autograd
    import autograd.numpy as np
    from scipy.integrate import odeint, solve_ivp

    def hfun(s):
        return 0.5 * s[1] ** 2 + 0.5 * s[0] ** 2

    def rhs(t, s):
        g = autograd.grad(hfun)(s)
        return np.concatenate([g[1:], -g[:1]])

    ts = np.linspace(0, 10, 500)
    ders = [rhs(None, s) for s in {states}]
    """
    assert found(tmp_path, source) == [("GA102", 14, "high")]


# -- a count a class declares with a literal default ----------------------------------------------

PLANNER = """
    import jax
    import jax.numpy as jnp

    class Planner:
        {field}

        def __init__(self, dyn):
            self.dyn = dyn

        @jax.jit
        def rollout(self, z, acts):
            total = 0.0
            for t in range({count}):
                z = self.dyn(z, acts[t])
                total = total + jnp.sum(z ** 2)
            return total
"""


def test_a_class_field_defaulting_to_a_few_steps_is_small_whatever_its_name(tmp_path):
    assert found(tmp_path, PLANNER.format(field="horizon: int = 3", count="self.horizon")) == []


def test_a_class_field_defaulting_to_many_steps_is_data_sized(tmp_path):
    assert [code for code, _, _ in found(tmp_path, PLANNER.format(field="horizon: int = 500", count="self.horizon"))] == ["GA103"]


def test_strided_windows_stacked_whole_are_one_gather(tmp_path):
    source = """
    import jax
    import jax.numpy as jnp

    @jax.jit
    def frames(sig, win: int = 400, hop: int = 160):
        nf = (sig.shape[0] - win) // hop + 1
        return jnp.stack([sig[f * hop : f * hop + win] for f in range(nf)])
    """
    findings = scan_files(tmp_path, {"m.py": source}, ALL)
    assert [item.code for item in findings] == ["GA101"]
    assert "sig[(jnp.arange(nf) * hop)[:, None] + jnp.arange(win)]" in findings[0].message
