"""What the scanner knows of the array libraries' functions, by qualified name.

Tables only, no logic: which calls create arrays and where their shape comes from,
which are elementwise, which reduce, which return tuples or lists of arrays rather
than one array, which load data from outside the program. The facts layer
(``analysis/facts.py``) reads them to give expressions a value.
"""

from __future__ import annotations

import ast
import sys

#: Libraries whose functions are never project functions (calls to them carry no parameter facts):
#: the standard library and the array and ML ecosystem.
EXTERNAL = frozenset(sys.stdlib_module_names) | {
    "jax", "jaxlib", "numpy", "scipy", "flax", "optax", "haiku", "equinox", "numpyro", "diffrax", "autograd",
    "pandas", "torch", "tensorflow", "tensorflow_probability", "chex", "distrax", "jaxopt", "matplotlib", "tqdm",
    "absl", "ml_collections", "sklearn", "jraph", "blackjax", "lineax", "optimistix", "einops", "jaxtyping",
    "typing_extensions", "attr", "attrs", "pydantic", "yaml", "h5py", "wandb", "orbax", "clu", "tensorstore",
}

def project_module(qualified: str) -> bool:
    """A dotted name from another module of the project (``pkg.grads.grad_fn``), not a library's
    (``EXTERNAL``) nor a bare name."""
    return "." in qualified and qualified.split(".")[0] not in EXTERNAL


#: Functions and methods that return an array of indices (``rng.choice(n, b)``, ``jnp.argsort(x)``):
#: an array indexed by one gathers that many rows.
INDEX_PRODUCERS = frozenset({"choice", "permutation", "randint", "integers", "argsort", "nonzero", "flatnonzero", "argwhere", "arange"})


#: Array namespaces whose functions compute on (and return) jax arrays, and numpy's.
JAX_NUMPY = ("jax.numpy", "autograd.numpy")
HOST_NUMPY = ("numpy",)
JAX_ARRAY_MODULES = ("jax.numpy.", "jax.random.", "jax.lax.", "jax.nn.", "jax.scipy.", "autograd.numpy.", "autograd.scipy.")

#: Modules that re-export another module's functions under their own name (``from d2l import jax
#: as d2l``: ``d2l.stack`` is ``jnp.stack``; ``jax.partial`` was ``functools.partial``), with the
#: names they rename: module -> (target module, {own name: target name}, the names re-exported
#: unchanged). ``names.canonical`` reads it.
REEXPORTS = {
    "d2l.jax": (
        "jax.numpy",
        {"concat": "concatenate", "tensor": "array", "reduce_sum": "sum", "reduce_mean": "mean"},
        frozenset({
            "ones", "zeros", "arange", "meshgrid", "sin", "sinh", "cos", "cosh", "tanh", "linspace", "exp", "log",
            "expand_dims", "matmul", "stack", "abs", "eye", "reshape", "argmax", "transpose", "sum", "mean",
        }),
    ),
    # older jax re-exported ``functools.partial`` (``@jax.partial(jit, static_argnums=1)``)
    "jax": ("functools", {}, frozenset({"partial"})),
    # BrainPy's array namespace mirrors jax.numpy (``bm.zeros``, ``bm.concatenate``).
    "brainpy.math": (
        "jax.numpy",
        {},
        frozenset({
            "zeros", "ones", "empty", "full", "zeros_like", "ones_like", "arange", "linspace", "eye", "array", "asarray",
            "stack", "concatenate", "vstack", "hstack", "sum", "mean", "exp", "log", "tanh", "sin", "cos", "sqrt", "abs",
            "dot", "matmul", "outer", "einsum", "diag", "trace", "transpose", "reshape", "expand_dims", "where", "maximum",
            "minimum", "clip", "argmax", "max", "min", "square", "power", "cumsum", "prod",
        }),
    ),
}


#: name -> the position of the shape argument (``zeros(shape)``, ``full(shape, v)``).
SHAPE_CREATORS = {"zeros": 0, "ones": 0, "empty": 0, "full": 0}
#: Modules whose functions draw random values (the calls of them that make keys are not draws).
RANDOM_MODULES = ("jax.random.", "numpy.random.")
#: Creators shaped like an argument (``zeros_like(x)``).
LIKE_CREATORS = frozenset({"zeros_like", "ones_like", "empty_like", "full_like"})
#: Random samplers and the position of their shape argument (after the key).
RANDOM_SHAPE_POSITION = {
    "normal": 1, "uniform": 1, "bernoulli": 2, "truncated_normal": 3, "gumbel": 1, "laplace": 1, "logistic": 1,
    "cauchy": 1, "exponential": 1, "randint": 1, "gamma": 2, "beta": 3, "dirichlet": 2, "choice": 2,
    "permutation": None, "rademacher": 1, "categorical": None, "poisson": 2, "multivariate_normal": 3,
}
#: numpy.random's samplers: shape from ``size=`` (or the last positional for a few).
#: numpy.random samplers whose default dtype is an integer one.
NUMPY_RANDOM_INTEGERS = frozenset({"randint", "integers", "binomial", "poisson", "choice", "permutation", "geometric"})
#: Sparse identity matrices (BCOO: ``indices`` of shape (n, 2), ``data`` of shape (n,)).
SPARSE_EYE = frozenset({"jax.experimental.sparse.eye"})
SPARSE_MATRIX = "jax.experimental.sparse.BCOO"
#: Constructors of numpy random generators: ``rng.normal(size=...)`` samples like ``numpy.random.normal``.
RNG_CONSTRUCTORS = frozenset({"numpy.random.default_rng", "numpy.random.RandomState", "numpy.random.Generator"})
#: Gauss quadrature rules: ``(nodes, weights)``, each of ``deg`` points.
GAUSS_QUADRATURE = frozenset(
    {
        "numpy.polynomial.hermite_e.hermegauss", "numpy.polynomial.hermite.hermgauss", "numpy.polynomial.legendre.leggauss",
        "numpy.polynomial.laguerre.laggauss", "numpy.polynomial.chebyshev.chebgauss", "scipy.special.roots_hermite",
        "scipy.special.roots_hermitenorm", "scipy.special.roots_legendre", "scipy.special.roots_laguerre",
    }
)
NUMPY_RANDOM_SIZE_POSITION = {
    "rand": "all", "randn": "all", "random": 0, "random_sample": 0, "normal": 2, "uniform": 2, "randint": 2,
    "standard_normal": 0, "choice": 1, "binomial": 2, "poisson": 1, "exponential": 1, "integers": 2, "gamma": 2,
    "beta": 2, "laplace": 2, "logistic": 2, "lognormal": 2, "standard_exponential": 0, "standard_t": 1,
    "geometric": 1, "rayleigh": 1,
}

ELEMENTWISE = frozenset(
    {
        "exp", "exp2", "expm1", "log", "log1p", "log2", "log10", "sqrt", "cbrt", "square", "abs", "absolute",
        "negative", "positive", "reciprocal", "sign", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh",
        "cosh", "tanh", "arcsinh", "arccosh", "arctanh", "floor", "ceil", "round", "rint", "trunc", "maximum",
        "minimum", "power", "float_power", "clip", "where", "logaddexp", "arctan2", "hypot", "multiply", "add",
        "subtract", "divide", "true_divide", "sinc", "heaviside", "deg2rad", "rad2deg", "fmax", "fmin", "conj", "conjugate",
        "real", "imag", "isnan", "isfinite", "isinf", "logical_and", "logical_or", "logical_not", "greater", "less",
        "equal", "not_equal", "greater_equal", "less_equal", "mod", "remainder", "floor_divide", "nan_to_num",
    }
)
#: jax.nn / scipy.special / lax functions that are elementwise.
ELEMENTWISE_QUALIFIED = frozenset(
    {
        "jax.nn.relu", "jax.nn.sigmoid", "jax.nn.softplus", "jax.nn.gelu", "jax.nn.silu", "jax.nn.swish",
        "jax.nn.elu", "jax.nn.leaky_relu", "jax.nn.tanh", "jax.nn.log_sigmoid", "jax.nn.celu", "jax.nn.selu",
        "jax.nn.relu6", "jax.nn.hard_tanh", "jax.nn.soft_sign",
        "jax.scipy.special.erf", "jax.scipy.special.erfc", "jax.scipy.special.expit", "jax.scipy.special.logit",
        "jax.scipy.special.gammaln", "jax.scipy.special.digamma", "jax.scipy.special.xlogy", "jax.scipy.special.xlog1py",
        "jax.lax.exp", "jax.lax.log", "jax.lax.tanh", "jax.lax.sin", "jax.lax.cos", "jax.lax.sqrt", "jax.lax.abs",
        "jax.lax.logistic", "autograd.scipy.special.expit", "autograd.scipy.special.gammaln",
    }
)
#: Reductions: with ``axis=None`` they return a 0-d array.
REDUCTIONS = frozenset({"sum", "mean", "max", "min", "prod", "var", "std", "all", "any", "amax", "amin", "nansum", "nanmean", "logsumexp", "count_nonzero", "median", "average", "trace", "vdot"})
#: Array functions (``jax.numpy``, NumPy, ``jax.lax``) whose result is boolean: comparisons,
#: logical operations and tests.
BOOLEAN_RESULTS = frozenset(
    {
        "all", "any", "isnan", "isfinite", "isinf", "isneginf", "isposinf", "logical_and", "logical_or", "logical_not",
        "logical_xor", "greater", "less", "equal", "not_equal", "greater_equal", "less_equal", "lt", "le", "gt", "ge",
        "eq", "ne", "isin", "isclose", "array_equal", "array_equiv", "allclose", "signbit", "iscomplex", "isreal",
    }
)
#: Array functions whose result is integer: positions, counts and bit operations (which
#: accept only integers and booleans).
INTEGER_RESULTS = frozenset(
    {
        "argmax", "argmin", "argsort", "argwhere", "searchsorted", "count_nonzero", "digitize", "bincount",
        "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_not", "bitwise_invert", "invert", "left_shift",
        "right_shift", "shift_left", "shift_right_logical", "shift_right_arithmetic", "population_count", "clz",
        "lexsort", "flatnonzero", "ravel_multi_index",
    }
)
#: The bit operations among them: boolean operands give a boolean result.
BIT_OPERATIONS = frozenset(name for name in INTEGER_RESULTS if name.startswith(("bitwise_", "invert")))
#: Functions returning a tuple or list of arrays (never one array).
TUPLE_RESULTS = frozenset(
    {
        "split", "array_split", "hsplit", "vsplit", "dsplit", "meshgrid", "unstack", "broadcast_arrays", "nonzero",
        "where_1arg", "gradient", "linalg.eigh", "linalg.eig", "linalg.svd", "linalg.qr", "linalg.slogdet", "linalg.lstsq",
        "unique", "histogram", "atleast_1d_many", "indices_sparse", "modf", "frexp", "divmod", "tril_indices",
        "triu_indices", "diag_indices", "unravel_index", "shape",
    }
)
#: Functions whose result has one entry per bin, however many values they count (the bins are
#: arguments: edges or a count), not one per value.
BINNED = frozenset({"histogram", "histogram2d", "histogramdd", "histogram_bin_edges"})
#: Functions that return Python values about an array, not arrays.
METADATA = frozenset({"shape", "ndim", "size", "result_type", "dtype", "iscomplexobj", "isscalar", "issubdtype", "promote_types"})
#: Creation from a literal list/tuple of values.
FROM_VALUES = frozenset({"array", "asarray", "asanyarray", "ascontiguousarray"})
#: Joining a sequence of arrays.
JOINING = frozenset({"stack", "vstack", "hstack", "dstack", "column_stack", "concatenate", "array", "asarray", "row_stack"})
#: Array methods that return an array of the same rank (or a view of it).
SAME_RANK_METHODS = frozenset({"astype", "conj", "conjugate", "clip", "round", "copy", "block_until_ready", "real", "imag", "view"})
REDUCING_METHODS = frozenset({"sum", "mean", "max", "min", "prod", "var", "std", "all", "any", "argmax", "argmin"})
RESHAPING_METHODS = frozenset({"reshape", "ravel", "flatten", "squeeze", "transpose", "swapaxes", "T", "mT", "cumsum", "cumprod", "sort", "argsort", "dot", "take"})

#: Probabilistic programs' sites whose value is a traced array when the model runs under
#: an inference algorithm (NUTS, SVI): ``beta = numpyro.sample("beta", ...)``.
SAMPLED_VALUES = frozenset({"numpyro.sample", "numpyro.deterministic", "numpyro.param", "pyro.sample", "pyro.deterministic", "pyro.param"})

#: Calls that bring data into the program from outside: files, datasets, data frames.
DATA_LOADERS = frozenset(
    {
        "numpy.load", "numpy.loadtxt", "numpy.genfromtxt", "numpy.fromfile", "numpy.memmap", "numpy.frombuffer",
        "jax.numpy.load", "pandas.read_csv", "pandas.read_parquet", "pandas.read_pickle", "pandas.read_hdf",
        "pandas.read_json", "pandas.read_excel", "pickle.load", "joblib.load", "torch.load", "h5py.File",
        "scipy.io.loadmat", "tensorflow_datasets.load", "datasets.load_dataset", "sklearn.datasets.fetch_openml",
        "sklearn.datasets.make_classification", "sklearn.datasets.make_regression", "sklearn.datasets.make_moons",
        "sklearn.datasets.fetch_california_housing", "tensorflow.keras.datasets.mnist.load_data",
        "keras.datasets.mnist.load_data", "torchvision.datasets.MNIST", "jax.device_put", "jax.device_put_replicated",
    }
)
#: scikit-learn's bundled toy datasets: fixed and small, (rows, features) as shipped.
TOY_DATASETS = {
    "sklearn.datasets.load_iris": (150, 4), "sklearn.datasets.load_wine": (178, 13),
    "sklearn.datasets.load_breast_cancer": (569, 30), "sklearn.datasets.load_diabetes": (442, 10),
    "sklearn.datasets.load_digits": (1797, 64), "sklearn.datasets.load_linnerud": (20, 3),
}
#: Method names that load data whatever the object (``ds.as_numpy_iterator()``, ``df.to_numpy()``).
DATA_METHODS = frozenset({"to_numpy", "values", "as_numpy_iterator", "load_data", "read", "numpy", "todense", "toarray"})

#: Default dtypes of creation functions (jax without x64; numpy with float64).
JAX_DEFAULT_FLOAT = "float32"
NUMPY_DEFAULT_FLOAT = "float64"
#: Literal dtype spellings -> canonical names.
DTYPE_NAMES = {
    "bool": "bool", "bool_": "bool", "int8": "int8", "uint8": "uint8", "int16": "int16", "uint16": "uint16",
    "int32": "int32", "uint32": "uint32", "int64": "int64", "uint64": "uint64", "int": "int32",
    "float16": "float16", "half": "float16", "bfloat16": "bfloat16", "float32": "float32", "single": "float32",
    "float64": "float64", "double": "float64", "float": "float32", "float_": "float64",
    "complex64": "complex64", "complex128": "complex128", "complex": "complex64",
}
#: NumPy's one-character and sized type codes (``dtype="f2"``, ``astype("e")``), byte order stripped.
TYPE_CODES = {
    "?": "bool", "b1": "bool", "e": "float16", "f2": "float16", "f": "float32", "f4": "float32", "d": "float64",
    "f8": "float64", "b": "int8", "i1": "int8", "B": "uint8", "u1": "uint8", "h": "int16", "i2": "int16",
    "H": "uint16", "u2": "uint16", "i": "int32", "i4": "int32", "I": "uint32", "u4": "uint32", "l": "int64",
    "q": "int64", "i8": "int64", "L": "uint64", "Q": "uint64", "u8": "uint64", "F": "complex64", "c8": "complex64",
    "D": "complex128", "c16": "complex128",
}
#: Scalar constructors: ``jnp.float32(3.0)`` is a 0-d value, not a table.
SCALAR_TYPES = frozenset(DTYPE_NAMES)

#: Modules whose objects are not arrays but often flow through loops (models, optimizers, distributions).
#: Libraries whose functions compute on jax arrays: a step function one of them builds
#: (``init, apply = jax_md.minimize.fire_descent(...)``, ``kernel = blackjax.nuts(...).step``)
#: takes and returns jax values.
JAX_LIBRARIES = (
    "jax.", "jax_md.", "blackjax.", "optax.", "diffrax.", "equinox.", "flax.", "haiku.", "numpyro.", "optimistix.",
    "jaxopt.", "lineax.", "distrax.", "brax.", "mctx.", "rlax.", "dynamax.", "gpjax.", "tinygp.",
)
#: Libraries of network layers (a layer built with a width sizes parameters).
LAYER_LIBRARIES = ("haiku.", "flax.linen.", "flax.nnx.", "equinox.nn.")
MODULE_LIBRARIES = (*LAYER_LIBRARIES, "optax.", "numpyro.distributions.", "distrax.", "tensorflow_probability.")


def key_split(stmt: ast.stmt, resolve) -> tuple[str, tuple[str, ...]] | None:
    """``key, sub = jax.random.split(key)`` (the first target rebinding the key split; the key
    carried from step to step only to draw afresh): ``("key", ("sub",))``; None for any other
    statement. ``resolve`` qualifies a call's function."""
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Tuple)):
        return None
    parts, value = stmt.targets[0].elts, stmt.value
    if not (len(parts) >= 2 and all(isinstance(part, ast.Name) for part in parts) and isinstance(value, ast.Call) and value.args):
        return None
    first = value.args[0]
    if not (isinstance(first, ast.Name) and first.id == parts[0].id and resolve(value.func) == "jax.random.split"):  # type: ignore[attr-defined]
        return None
    return first.id, tuple(part.id for part in parts[1:])  # type: ignore[attr-defined]
