"""The gradient context: levels, the reasons shown in findings, across files."""

from __future__ import annotations

import ast

import pytest
from conftest import scan_program

from gradadvisor.analysis.gradient import Level
from gradadvisor.analysis.names import ImportMap, module_statements
from gradadvisor.analysis.project import Project
from gradadvisor.engine.checker import analyse


def _project(files: dict[str, str]) -> Project:
    return Project([analyse(path, source, []).summary for path, source in files.items()])


def _level(project: Project, path: str, qualname: str) -> int:
    summary = project.files[path]
    key = next((key for key, function in summary.functions.items() if function.qualname == qualname), None)
    return project.level(path, (key,))[0] if key is not None else Level.UNKNOWN


def _explain(project: Project, path: str, qualname: str) -> str | None:
    summary = project.files[path]
    key = next(key for key, function in summary.functions.items() if function.qualname == qualname)
    return project.explain((path, key))


@pytest.mark.parametrize(
    "source, name, level",
    [
        ("import jax\n\ndef loss(p):\n    return p\n\ng = jax.grad(loss)\n", "loss", Level.DIFFERENTIATED),
        ("from jax import value_and_grad as vg\n\ndef loss(p):\n    return p\n\nvg(loss)\n", "loss", Level.DIFFERENTIATED),
        ("import jax\nfrom functools import partial\n\n@partial(jax.jit, static_argnums=1)\ndef f(x, n):\n    return x\n", "f", Level.TRACED),
        ("import jax\n\n@jax.jit(static_argnames='n')\ndef f(x, n):\n    return x\n", "f", Level.TRACED),
        ("import equinox as eqx\n\n@eqx.filter_grad\ndef f(m, x):\n    return x\n", "f", Level.DIFFERENTIATED),
        ("import jax\n\ndef step(c, x):\n    return c, x\n\ndef run(xs):\n    return jax.lax.scan(step, 0.0, xs)\n", "step", Level.TRACED),
        ("import jax\n\ndef body(i, x):\n    return x\n\ndef run(x):\n    return jax.lax.fori_loop(0, 3, body, x)\n", "body", Level.TRACED),
        ("import flax.linen as nn\n\nclass M(nn.Module):\n    def setup(self):\n        pass\n\n    def __call__(self, x):\n        return x\n", "M.__call__", Level.TRACED),
        # flax runs ``setup`` lazily inside ``init``/``apply``, under their trace
        ("import flax.linen as nn\n\nclass M(nn.Module):\n    def setup(self):\n        pass\n", "M.setup", Level.TRACED),
        ("import numba\n\n@numba.jit\ndef f(x):\n    return x\n", "f", Level.UNKNOWN),
        ("import jax\n\ndef inputs(size=3):\n    return (1.0,)\n\ndef baseline(x):\n    return x\n\ndef candidate(x):\n    return x\n", "baseline", Level.DIFFERENTIATED),
        ("import jax\n\ndef helper(x):\n    return x\n", "helper", Level.UNKNOWN),
        ("import jax\n\nloss = lambda p: p\ng = jax.grad(loss)\n", "loss", Level.DIFFERENTIATED),
        ("import jax\n\ndef fwd(x):\n    return x, x\n\ndef bwd(r, g):\n    return (g,)\n\nf = jax.custom_vjp(lambda x: x)\nf.defvjp(fwd, bwd)\n", "bwd", Level.DIFFERENTIATED),
        # the first custom-derivative API: ``jax.defvjp_all(f, rule)``
        ("import jax\n\ndef rule(x):\n    return x, lambda g: (g,)\n\nf = jax.custom_transforms(lambda x: x)\njax.defvjp_all(f, rule)\n", "rule", Level.DIFFERENTIATED),
        ("from autograd import grad\n\ndef f(x):\n    return x\n\ndf = grad(f)\n", "f", Level.DIFFERENTIATED),
        # a flax train state calls its apply_fn in the (traced) training step
        ("from flax.training import train_state\n\ndef f(p, x):\n    return x\n\ns = train_state.TrainState.create(apply_fn=f, params=0, tx=None)\n", "f", Level.TRACED),
        # a praxis layer exists only inside the model's apply: every method runs traced
        ("from praxis import base_layer\n\nclass Ngram(base_layer.BaseLayer):\n    def ids(self, x):\n        return x\n", "Ngram.ids", Level.TRACED),
    ],
)
def test_levels(source, name, level):
    assert _level(_project({"case.py": source}), "case.py", name) == level


def test_the_reason_chain_names_the_transform_line_and_the_calls():
    source = (
        "import jax\n\n"
        "def forward(w, x):\n    return w * x\n\n"
        "def loss(w, x):\n    return forward(w, x)\n\n"
        "grad = jax.grad(loss)\n"
    )
    project = _project({"case.py": source})
    assert _explain(project, "case.py", "forward") == (
        "`loss` is differentiated: passed to jax.grad at line 9; `forward` is called from `loss`"
    )


def test_methods_reached_through_self_and_nested_functions_inherit_the_level():
    source = (
        "import jax\n\n"
        "class Model:\n"
        "    def helper(self, x):\n        return x\n\n"
        "    @jax.jit\n"
        "    def apply(self, x):\n"
        "        def inner(y):\n            return y\n"
        "        return self.helper(inner(x))\n"
    )
    project = _project({"case.py": source})
    assert _level(project, "case.py", "Model.helper") == Level.TRACED
    assert _level(project, "case.py", "Model.apply.inner") == Level.TRACED
    assert "called from `Model.apply`" in _explain(project, "case.py", "Model.helper")


def test_a_loss_differentiated_in_another_file():
    model = "import jax.numpy as jnp\n\ndef loss(w, xs):\n    return jnp.sum(w * xs)\n"
    train = "import jax\nfrom model import loss\n\ngrad_fn = jax.grad(loss)\n"
    project = _project({"pkg/model.py": model, "pkg/train.py": train})
    assert _level(project, "pkg/model.py", "loss") == Level.DIFFERENTIATED
    assert _explain(project, "pkg/model.py", "loss") == "`loss` is differentiated: passed to jax.grad at pkg/train.py:4"


def test_relative_imports_and_module_attributes_resolve():
    model = "import jax.numpy as jnp\n\ndef forward(w, x):\n    return w * x\n"
    train = "import jax\nfrom . import model\n\n@jax.jit\ndef step(w, x):\n    return model.forward(w, x)\n"
    project = _project({"pkg/__init__.py": "", "pkg/model.py": model, "pkg/train.py": train})
    assert _level(project, "pkg/model.py", "forward") == Level.TRACED
    assert "pkg/train.py" in _explain(project, "pkg/model.py", "forward")


def test_a_call_site_in_another_file_tells_what_a_parameter_receives():
    model = "import jax.numpy as jnp\n\ndef fit(xs, n):\n    return sum(jnp.exp(xs[i]) for i in range(n))\n"
    train = "import numpy as np\nfrom model import fit\n\nX = np.zeros((1000, 3))\nfit(X, X.shape[0])\n"
    summaries = [analyse("model.py", model, []).summary, analyse("train.py", train, []).summary]
    project = Project(summaries)
    key = next(iter(project.files["model.py"].functions))
    kinds = {fact.kind for fact in project.arguments("model.py", key, "n")}
    assert kinds == {"int:1000"}
    assert {fact.kind for fact in project.arguments("model.py", key, "xs")} == {"array"}


def test_import_aliases_see_through_spellings():
    tree = ast.parse(
        "import jax.numpy as np\nimport numpy as onp\nfrom jax import numpy as jnp2\nfrom jax.numpy import diag\nimport autograd.numpy as anp\n"
    )
    names = ImportMap(tree)
    assert names.resolve(ast.parse("np.diag", mode="eval").body) == "jax.numpy.diag"
    assert names.resolve(ast.parse("onp.diag", mode="eval").body) == "numpy.diag"
    assert names.resolve(ast.parse("jnp2.diag", mode="eval").body) == "jax.numpy.diag"
    assert names.resolve(ast.parse("diag", mode="eval").body) == "jax.numpy.diag"
    assert names.autodiff_numpy_function(ast.parse("anp.trace", mode="eval").body) == "trace"
    assert names.autodiff_numpy_function(ast.parse("onp.trace", mode="eval").body) is None


def test_a_rebound_alias_is_not_spelled_by_fixes():
    names = ImportMap(ast.parse("import jax.numpy as jnp\njnp = 2.0\n"))
    assert names.resolve(ast.parse("\n\njnp.sum", mode="eval").body) is None  # below the rebinding
    spelled, imports = names.spell("jax.numpy.sum", {"jnp"})
    assert spelled != "jnp.sum"
    assert list(module_statements(ast.parse("if x:\n    import jax\n").body))


# The library table (analysis/transforms.toml): entry points of the JAX ecosystem that trace or
# differentiate the functions they receive, by position or by keyword.
@pytest.mark.parametrize(
    "source, name, level",
    [
        ("from numpyro.infer import MCMC, NUTS\n\ndef model(x):\n    return x\n\nmcmc = MCMC(NUTS(model), num_warmup=10, num_samples=10)\n", "model", Level.DIFFERENTIATED),
        ("import numpyro.infer as infer\n\ndef model(x):\n    return x\n\nkernel = infer.HMC(model=model)\n", "model", Level.DIFFERENTIATED),
        ("from numpyro.infer import SVI, Trace_ELBO\n\ndef model(x):\n    return x\n\ndef guide(x):\n    return x\n\nsvi = SVI(model, guide, None, Trace_ELBO())\n", "guide", Level.DIFFERENTIATED),
        ("from numpyro.infer import Predictive\n\ndef model(x):\n    return x\n\npredict = Predictive(model, num_samples=10)\n", "model", Level.TRACED),
        ("import blackjax\n\ndef logdensity(x):\n    return x\n\nnuts = blackjax.nuts(logdensity, step_size=0.1, inverse_mass_matrix=None)\n", "logdensity", Level.DIFFERENTIATED),
        ("import blackjax\n\ndef logdensity(x):\n    return x\n\nwarmup = blackjax.window_adaptation(blackjax.nuts, logdensity)\n", "logdensity", Level.DIFFERENTIATED),
        ("import optimistix as optx\n\ndef fn(y, args):\n    return y\n\nsol = optx.minimise(fn, optx.BFGS(rtol=1e-6, atol=1e-6), 1.0)\n", "fn", Level.DIFFERENTIATED),
        ("import jaxopt\n\ndef objective(w):\n    return w\n\nsolver = jaxopt.LBFGS(fun=objective, maxiter=10)\n", "objective", Level.DIFFERENTIATED),
        ("import jaxopt\n\ndef objective(w):\n    return w\n\nsolver = jaxopt.ScipyBoundedMinimize(fun=objective, method='l-bfgs-b')\n", "objective", Level.DIFFERENTIATED),
        ("import jaxopt\n\ndef T(x):\n    return x\n\nsolver = jaxopt.AndersonAcceleration(fixed_point_fun=T, maxiter=10)\n", "T", Level.TRACED),
        ("import diffrax\n\ndef vector_field(t, y, args):\n    return -y\n\nterm = diffrax.ODETerm(vector_field)\n", "vector_field", Level.TRACED),
        ("from jax.scipy.optimize import minimize\n\ndef f(x):\n    return x\n\nres = minimize(f, 0.0, method='BFGS')\n", "f", Level.DIFFERENTIATED),
        # PennyLane: an optimizer's step differentiates the cost (a method of a module-level instance).
        ("import pennylane as qml\n\ndef cost(w):\n    return w\n\nopt = qml.AdamOptimizer(0.1)\nw = opt.step(cost, 1.0)\n", "cost", Level.DIFFERENTIATED),
        ("from pennylane.optimize import NesterovMomentumOptimizer\n\ndef cost(w):\n    return w\n\nopt = NesterovMomentumOptimizer(0.01)\nw, c = opt.step_and_cost(cost, 1.0)\n", "cost", Level.DIFFERENTIATED),
        ("import pennylane as qml\n\ndef cost(w):\n    return w\n\ndg = qml.grad(cost)\n", "cost", Level.DIFFERENTIATED),
        # ... or of an instance a function makes and calls once bound.
        ("import pennylane as qml\n\ndef cost(w):\n    return w\n\ndef train(w):\n    opt = qml.AdamOptimizer(0.1)\n    return opt.step(cost, w)\n", "cost", Level.DIFFERENTIATED),
        ("import pennylane as qml\n\ndef cost(w):\n    return w\n\ndef train(w, other):\n    opt = qml.AdamOptimizer(0.1)\n    opt = other\n    return opt.step(cost, w)\n", "cost", Level.UNKNOWN),
        # An instance rebound, or a method the table does not list, says nothing.
        ("import pennylane as qml\n\ndef cost(w):\n    return w\n\nopt = qml.AdamOptimizer(0.1)\nopt = None\nw = opt.step(cost, 1.0)\n", "cost", Level.UNKNOWN),
        ("import pennylane as qml\n\ndef cost(w):\n    return w\n\nopt = qml.AdamOptimizer(0.1)\nopt.apply(cost)\n", "cost", Level.UNKNOWN),
        # A function calling numpyro.sample is a model, wherever the sampler that runs it is; a
        # nested definition is a function of its own.
        ("import numpyro\nimport numpyro.distributions as dist\n\ndef model(y):\n    with numpyro.plate('n', 3):\n        numpyro.sample('y', dist.Normal(0, 1), obs=y)\n", "model", Level.DIFFERENTIATED),
        ("from numpyro import factor\n\nclass Fit(Base):\n    def model(self, y):\n        factor('ll', -y ** 2)\n", "Fit.model", Level.DIFFERENTIATED),
        ("import numpyro\n\ndef build(y):\n    def model():\n        numpyro.sample('y', None, obs=y)\n    return model\n", "build", Level.UNKNOWN),
        ("import numpyro\n\ndef summarise(samples):\n    return samples['mu'].mean()\n", "summarise", Level.UNKNOWN),
        # A kernel object, not a function: MCMC's first argument is not traced by MCMC itself.
        ("from numpyro.infer import MCMC\n\ndef kernel(x):\n    return x\n\nmcmc = MCMC(kernel, num_warmup=1, num_samples=1)\n", "kernel", Level.UNKNOWN),
        # A keyword the entry does not take is not a function argument.
        ("import blackjax\n\ndef step_size(x):\n    return x\n\nnuts = blackjax.nuts(None, step_size=step_size)\n", "step_size", Level.UNKNOWN),
    ],
)
def test_library_table_levels(source, name, level):
    assert _level(_project({"case.py": source}), "case.py", name) == level


def test_the_library_table_is_consistent():
    from gradadvisor.analysis import gradient

    table = gradient._load_table()
    assert table["library"], "the table lists libraries"
    names = gradient.DIFFERENTIATING | gradient.TRACING
    assert not gradient.DIFFERENTIATING & gradient.TRACING, "an entry point has one level"
    assert gradient.COMPILING <= names
    assert gradient.GRADIENT_FUNCTIONS <= gradient.DIFFERENTIATING
    assert gradient.SAME_ARGUMENTS <= names
    assert gradient.REMATERIALISING <= names
    assert gradient.BATCHING <= names
    assert set(gradient.DIFFERENTIATED_ARGUMENTS) <= gradient.DIFFERENTIATING
    assert set(gradient.BASE_METHODS) <= set(gradient.MODULE_BASES)
    assert all(name.count(".") >= 1 for name in gradient.CLASS_DECORATORS), "class decorators are qualified names"
    assert set(gradient.MODEL_CALLS.values()) <= names
    assert gradient.METHOD_TRANSFORMS <= gradient.DIFFERENTIATING and all(name.count(".") >= 2 for name in gradient.METHOD_TRANSFORMS)
    for library in table["library"].values():
        assert library["modules"], "every library names its modules"
        for key in library:
            assert key in {"modules", "differentiates", "instance_methods", "traces", "compiles", "gradient_functions", "same_arguments", "rematerialises", "batches", "module_bases", "compact", "differentiated_arguments", "base_methods", "model_calls", "class_decorators", "unrolls", "applies"}, key
    assert not set(gradient.UNROLLING) & names, "a helper that unrolls is a loop, not a transform"
    assert set(gradient.APPLIES) <= names and set(gradient.APPLIES.values()) <= {"array", "pair", "value"}
    for name in names | set(gradient.MODULE_BASES) | gradient.COMPACT | set(gradient.UNROLLING):
        assert name.split(".")[0] in gradient.LIBRARY_MODULES, f"{name}: its module is not listed"


def test_a_lambda_handed_to_a_transform_does_not_call_what_the_function_around_it_calls():
    # ``lax.cond(c, f, lambda *_: x, ...)`` traces the lambda; the call after it is made by
    # ``step``, which nothing traces here.
    source = (
        "import jax\n\n"
        "def update(n, edges):\n    return edges\n\n"
        "def step(state, n):\n"
        "    state = jax.lax.cond(state > 0, lambda s: s + 1, lambda *_: state, state)\n"
        "    return update(n, state)\n"
    )
    project = _project({"case.py": source})
    assert _level(project, "case.py", "update") == Level.UNKNOWN
    assert _level(project, "case.py", "step") == Level.UNKNOWN


def test_a_traced_nested_function_still_reaches_what_it_calls():
    source = (
        "import jax\n\n"
        "def helper(x):\n    return x\n\n"
        "def outer(xs):\n"
        "    def body(c, x):\n        return helper(c), x\n"
        "    return jax.lax.scan(body, 0.0, xs)\n"
    )
    project = _project({"case.py": source})
    assert _level(project, "case.py", "helper") == Level.TRACED
    assert _level(project, "case.py", "outer") == Level.UNKNOWN


def test_a_jaxopt_solver_compiles_the_objective_it_is_given():
    source = (
        "import jaxopt\n\n"
        "def objective(w):\n    return w\n\n"
        "solver = jaxopt.GradientDescent(fun=objective, maxiter=50)\n"
    )
    project = _project({"case.py": source})
    key = project.files["case.py"].top_level["objective"]
    assert project.is_compiled("case.py", (key,))
    assert _level(project, "case.py", "objective") == Level.DIFFERENTIATED


@pytest.mark.parametrize("sampler", ["blackjax.hmc(logdens, 1e-3, m, 10)", "blackjax.window_adaptation(blackjax.nuts, logdens)"])
def test_a_blackjax_kernel_compiles_the_log_density_it_is_given(sampler):
    source = f"import blackjax\n\ndef logdens(w):\n    return -w @ w\n\nkernel = {sampler}\n"
    project = _project({"case.py": source})
    key = project.files["case.py"].top_level["logdens"]
    assert project.is_compiled("case.py", (key,))
    assert _level(project, "case.py", "logdens") == Level.DIFFERENTIATED


def test_the_spu_simulator_compiles_the_function_it_is_given():
    source = "import spu.utils.simulation as spsim\n\ndef proc(x):\n    return x @ x\n\ndef run(sim, x):\n    return spsim.sim_jax(sim, proc)(x)\n"
    project = _project({"case.py": source})
    key = project.files["case.py"].top_level["proc"]
    assert project.is_compiled("case.py", (key,))
    assert _level(project, "case.py", "proc") == Level.TRACED


def test_an_attribute_that_names_a_method_resolves_to_it():
    # ``self.f = self.cost`` then ``grad(self.f)``: cost is differentiated.
    source = (
        "from autograd import grad\n\n"
        "class Model:\n"
        "    def __init__(self, x):\n        self.x = x\n        self.f = self.cost\n        self.df = grad(self.f)\n\n"
        "    def cost(self, w):\n        return w\n\n"
        "    def other(self, w):\n        return w\n"
    )
    project = _project({"case.py": source})
    assert _level(project, "case.py", "Model.cost") == Level.DIFFERENTIATED
    assert _level(project, "case.py", "Model.other") == Level.UNKNOWN


def test_an_attribute_bound_to_different_things_is_not_an_alias():
    source = (
        "from autograd import grad\n\n"
        "class Model:\n"
        "    def __init__(self, flag):\n        self.f = self.cost\n        if flag:\n            self.f = make()\n        self.df = grad(self.f)\n\n"
        "    def cost(self, w):\n        return w\n"
    )
    project = _project({"case.py": source})
    assert _level(project, "case.py", "Model.cost") == Level.UNKNOWN


OPTIMIZERS = (
    "from autograd import grad\n\n"
    "def descend(g, w, alpha=0.1, max_its=100):\n"
    "    dg = grad(g)\n"
    "    for k in range(max_its):\n        w = w - alpha * dg(w)\n"
    "    return w\n"
)
MODEL = (
    "import autograd.numpy as np\nfrom optimizers import descend\n\n"
    "class Logistic:\n"
    "    def __init__(self, X):\n        self.X = X\n        self.g = self.loss\n\n"
    "    def loss(self, w):\n        return w\n\n"
    "    def fit(self, w0):\n        return descend(self.g, w0)\n\n"
    "def cost(w, X):\n    return w\n\n"
    "def plot(w):\n    return w\n\n"
    "def run(X, w0):\n    plot(w0)\n    return descend(lambda w: cost(w, X), w0)\n"
)


def test_a_function_passed_where_a_helper_differentiates_its_parameter_is_differentiated():
    project = _project({"optimizers.py": OPTIMIZERS, "model.py": MODEL})
    assert _level(project, "model.py", "Logistic.loss") == Level.DIFFERENTIATED
    assert _level(project, "model.py", "cost") == Level.DIFFERENTIATED  # through the lambda passed
    assert _level(project, "model.py", "plot") == Level.UNKNOWN
    assert _level(project, "model.py", "run") == Level.UNKNOWN
    assert "which hands its `g` to autograd.grad" in (_explain(project, "model.py", "Logistic.loss") or "")


def test_a_package_module_imported_from_beside_it_resolves_to_the_file_beside():
    # ``from mypkg import builder`` in driver.py, scanned from inside mypkg/: builder.py is beside it.
    builder = "import jax.numpy as jnp\n\ndef assemble(x):\n    return x\n"
    driver = "import jax\nfrom mypkg import builder\n\ndf = jax.grad(lambda x: builder.assemble(x).sum())\n"
    project = _project({"pkg/builder.py": builder, "pkg/driver.py": driver})
    assert _level(project, "pkg/builder.py", "assemble") == Level.DIFFERENTIATED
    other = _project({"pkg/builder.py": builder, "elsewhere/driver.py": driver})
    assert _level(other, "pkg/builder.py", "assemble") == Level.UNKNOWN  # not beside it: another module


def test_pennylane_numpy_is_autograd_numpy():
    from gradadvisor.analysis.names import ImportMap

    names = ImportMap(ast.parse("from pennylane import numpy as np\nimport pennylane.numpy as pnp\n"))
    assert names.aliases["np"] == "autograd.numpy" and names.aliases["pnp"] == "autograd.numpy"
    assert names.numpy_module() == "autograd.numpy"


@pytest.mark.parametrize(("unroll", "reported"), [("static_unroll", True), ("dynamic_unroll", False)])
def test_a_library_helper_that_unrolls_a_sequence_is_reported(tmp_path, unroll, reported):
    """``hk.static_unroll(core, xs, state)`` is a Python loop over the steps of ``xs`` (the
    ``unrolls`` table of ``transforms.toml``): under a trace, GA103 with its scan form
    (``hk.dynamic_unroll``); the scan form itself is silent."""
    source = (
        "import haiku as hk\nimport jax\nimport jax.numpy as jnp\n\n\ndef net(x):\n    cell = hk.GRU(64)\n"
        f"    ys, _ = hk.{unroll}(cell, x, cell.initial_state(4))\n    return hk.Linear(1)(ys[-1])\n\n\n"
        "model = hk.without_apply_rng(hk.transform(net))\ng = jax.grad(jax.jit(lambda p, x: jnp.sum(model.apply(p, x))))\n"
    )
    found = [f for f in scan_program(tmp_path, source) if f["code"] == "GA103"]
    assert bool(found) is reported
    if reported:
        assert "hk.dynamic_unroll" in found[0]["message"]


def test_exporting_to_tensorflow_traces_the_function(tmp_path):
    """``jax2tf.convert(f)`` traces ``f`` into one graph: a recurrence it reaches unrolls there."""
    source = (
        "import jax.numpy as jnp\nfrom jax.experimental import jax2tf\n\n\ndef smooth(x, n):\n    y = x\n"
        "    for _ in range(n):\n        y = 0.5 * (y + jnp.roll(y, 1))\n    return y\n\n\n"
        "def export(x):\n    return jax2tf.convert(lambda v: smooth(v, 200))(x)\n"
    )
    found = [f for f in scan_program(tmp_path, source) if f["code"] == "GA103"]
    assert found and any("jax2tf.convert" in item for item in found[0]["evidence"])


@pytest.mark.parametrize("calls, found", [("ntk(jnp.array([a]), B, 'ntk', params)", ["GA102"]), ("apply_fn(params, jnp.array([a]))", [])])
def test_neural_tangents_empirical_kernels_are_gradient_functions(tmp_path, calls, found):
    """``nt.empirical_kernel_fn(f)`` contracts the Jacobians of ``f``: called once per sample, one
    Jacobian each, as ``jax.jacrev(f)`` would be (a plain call of ``f`` per sample is not GA102's)."""
    source = (
        "import jax.numpy as jnp\nimport neural_tangents as nt\n\n\ndef gram(apply_fn, params, A, B):\n"
        "    ntk = nt.empirical_kernel_fn(apply_fn, vmap_axes=0)\n    rows = []\n    for a in A:\n"
        f"        rows.append({calls}[0])\n    return jnp.stack(rows)\n"
    )
    assert sorted({f["code"] for f in scan_program(tmp_path, source)} & {"GA102"}) == found
