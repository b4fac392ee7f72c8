"""Loop extent: does a loop run once per element of the data, or a few fixed times?

Asked of a loop's iterable (``for x in xs``, ``range(n)``, ``zip(a, b)``...), it
answers from the facts layer first: an array iterates over its rows; ``range(n)``
is as long as ``n`` is (``N = x.shape[0]`` is a data size; ``n = 3`` is small);
a list displayed with four items is four iterations. Only when there is no fact
at all does a name break the tie (``for layer in self.layers`` is a handful of
layers). The answer says how sure it is:

- ``proven``: the code shows the extent grows with an array or a data size;
- ``likely``: it depends on a parameter (phase 2 may prove it from call sites, or
  find only small literals passed and drop the finding);
- the extent is ``static`` (small, fixed) or ``unknown``: loop rules stay quiet.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field

from gradadvisor.analysis import values as v
from gradadvisor.analysis.library import INDEX_PRODUCERS, project_module
from gradadvisor.analysis.syntax import attribute_root, int_value, jaxtyping_dims, names_read, offset_of, one_line, range_bounds, scaled_base, symmetric_offsets, tail_name, walk, window_count
from gradadvisor.analysis.values import Value

#: ``Extent.owner`` of a count another module states (``range(params.M)``): this, then the
#: qualified name.
IMPORTED = "import:"
#: Literal ranges up to this many iterations are "small" (stencils, RK stages, the 9 or 15
#: directions of a lattice, 3-vectors): unrolled, the program stays small.
SMALL_RANGE = 16

#: Names of a model's stack of layers and their parameters (``params``, ``layers``, ``blocks``).
LAYERS_NAME = re.compile(r"(?:^|_)(?:layers?|modules?|blocks?|params?|parameters?|weights?|convs?|denses?|mlps?|stages?)(?:_|$|\d)", re.IGNORECASE)
#: Names that say "a collection of different things" (layers, leaves, parameters...): used only
#: when the facts say nothing.
COLLECTION_NAME = re.compile(
    r"(?:^|_)(?:layers?|modules?|blocks?|params?|parameters?|weights?|biases?|kernels?|leaves|leaf|heads?|terms?|"
    r"losses|loss_fns?|components?|stages?|trees?|grads?|gradients?|updates?|states?|opts?|optimizers?|metrics?|"
    r"models?|nets?|networks?|transforms?|fns?|funcs?|functions?|callbacks?|names?|shapes?|dims?|"
    r"axis|axes|config|cfg|configs?|specs?|fields?|children|child|filters?|convs?|denses?|mlps?|encoders?|decoders?|"
    r"experts?|cells?|args|kwargs|attrs?|ops?|edges?|nodes?|items?|pairs?|dtypes?|devices?|sizes?|features?|"
    r"levels?|scales?|coeffs?|coefficients?|chunks?|tasks?|files?|paths?|lines?|tokens?|words?|strings?|"
    r"labels?|columns?|constraints?|conds|conditions?|bcs|sites?|plates?|distributions?|dists?|priors?|samplers?|"
    r"offsets?|treedefs?|modes?|buffers?|caches?|hooks?|handlers?|observers?|tables?|ensemble|members?|"
    r"groups?|subsets?)(?:_|$|\d)",
    re.IGNORECASE,
)
#: Parameter names that hold PRNG keys (``keys``, ``rngs``, ``subkeys``): as many as the caller draws.
KEYS_NAME = re.compile(r"^(?:sub|rng_|prng_)?(?:keys|rngs|seeds)$", re.IGNORECASE)
#: Count names that are small by convention: layers, heads, blocks, stages.
SMALL_COUNT_NAME = re.compile(r"^(?:num_|n_|n|max_)?(?:layers?|heads?|blocks?|stages?|depth|levels?|hidden_layers|experts?|components?|classes|dims?)$|^(?:depth|ndim|dim)$", re.IGNORECASE)


#: Calls that create a module's parameter of a given shape (besides flax's ``self.param``).
PARAMETER_CREATORS = frozenset({"haiku.get_parameter", "haiku.get_state"})
#: The leading length of a model's parameters (``params.shape[0]``, ``len(self.weights)``): a
#: count of layers or repetitions the parameters are stacked by, not of the data.
PARAMETER_ROWS = re.compile(r"^(?:len\()?(?:[A-Za-z_]\w*\.)*(?:params|parameters|weights|\w+_params)(?:\)|\.shape\[0\])$")
#: ``.shape[k]`` for an axis after the first (``k >= 1`` or negative).
LATER_AXIS = re.compile(r"\.shape\[\s*(-\d+|[1-9]\d*)\s*\]$")


#: Names of weights or parameters stacked per layer: an array read at a loop's index under one of
#: these names says nothing of a data size (``for i in range(self.n_cells): h = W[i] @ h``).
WEIGHT_NAME = re.compile(r"^(?:w|ws|weights?|kernels?|biases|params|parameters|thetas?|layers?)$|_(?:params|weights)$", re.IGNORECASE)

#: Names of mappings that hold settings (hyperparameters), not data with its counts.
SETTINGS_MAPPING = re.compile(r"(?:^|_)(?:config|configs|cfg|conf|hparams|hyperparams|hyper_params|options|opts|settings|kwargs)$", re.IGNORECASE)

#: The head noun of a name that holds data rows (``tasks_xs``: the inputs of every task, one
#: array), which outweighs a collection word before it. ``X`` and ``Y`` as capitals (a data matrix
#: by convention) or as the whole name (``x``, the input): ``x0`` is an initial state, ``tau_x`` a
#: constant of the x variable.
DATA_HEAD = re.compile(r"(?:^|_)(?:xs|ys|zs|inputs?|targets?|data|(?:mini_?)?batch(?:ed)?|samples?|points|obs|observations|images|(?-i:X|Y))\d*$|^[xy]$", re.IGNORECASE)


#: The last part of a setting's name that says it counts data-sized things (``num_steps``,
#: ``n_samples``, ``horizon``): a loop over ``range(args.<it>)`` grows with the data.
#: Bounds named as small counts: unroll factors, series orders, hash rounds, refinement steps.
SMALL_STEPS_NAME = re.compile(
    r"unroll|(?:^|_)(?:order|degree|rounds?|refine\w*|refinements?|newton\w*|sweeps?|windows?|dofs?|lmax|l_max|types|species|"
    r"channels(?:_list)?|marginals|passes|phases|modes|dims?|ndims?|rank|axes|gradient_steps|grad_steps|update_steps|updates)$",
    re.IGNORECASE,
)
#: A model's own widths (``n_features``, ``hidden_size``, ``n_agents``): what an object is built
#: with as often as a count of data, so not one.
MODEL_WIDTH_NAME = re.compile(r"(?:^|_)(?:agents?|features|units|width|hidden\w*)$", re.IGNORECASE)
#: The fields of a graph passed as one object (jraph's ``GraphsTuple``): one row per node or
#: edge, so their length is the graph's size.
GRAPH_FIELDS = frozenset({"nodes", "edges", "senders", "receivers"})
#: An attribute holding a shape (``self.dims``, ``self.dimsd``, ``self.out_shape``): its entries
#: are the lengths of axes.
HELD_SHAPE = re.compile(r"(?:^|_)(?:shape|dims|dimsd)$", re.IGNORECASE)
#: A count a class's constructor defaults to below this is a few steps (``recurrence_steps.TIME_STEPS``).
CONSTRUCTED_FEW = 20
#: Settings an object holds that count data (``self.cfg.batch_size``, ``self.n_steps``): stricter
#: than ``SETTING_COUNT``, since an object's ``hidden_size`` or ``length`` is its own shape.
OBJECT_COUNT = re.compile(
    r"(?:^|_)(?:batch(?:_size)?|steps|timesteps|time_steps|horizon|samples|n_samples|num_samples|points|particles|frames|envs|n_data|num_data|data_size|seq_len)$",
    re.IGNORECASE,
)
#: How a model's forward pass is called (``state.apply_fn(p, x)``, ``net(x)``): its output's later
#: axes are the model's (heads, critics, classes) unless a fact says they are data.
MODEL_CALLS = frozenset({"apply", "apply_fn", "__call__"})
MODEL_NAMES = frozenset({"model", "net", "network", "critic", "policy", "actor", "q_fn", "qf"})
#: Keys of a data mapping that count its rows (``data["N"]``, ``data["T"]``, ``obs["n_obs"]``).
DATA_COUNT_KEY = re.compile(r"^(?:N|T|n|n_?obs|n_?data|n_?time|n_?points|n_?samples|num_?obs)$")
SETTING_COUNT = re.compile(r"(?:^|_)(?:steps?|samples?|points?|horizon|length|len|size|batch|timesteps|iters?|iterations|envs|particles|frames)$", re.IGNORECASE)


#: A count of the data (``num_samples``, ``n_points``), not the data.
COUNT_PREFIX = re.compile(r"(?:num|n|number|max|min)_", re.IGNORECASE)


def names_data_rows(name: str) -> bool:
    """``name`` says the data's rows (``xs``, ``batch``, ``samples``), not a count of them
    (``num_samples``): a tie-break where the code does not show an array's length."""
    return DATA_HEAD.search(name) is not None and not COUNT_PREFIX.match(name)


def is_data_name(expr: ast.AST) -> bool:
    """``expr`` is a name whose last part says data rows (``xs``, ``batch``, ``samples``): a tie-break
    for a list reduced whole per item, which is otherwise read as different arrays (pytree leaves)."""
    name = tail_name(expr)
    return bool(name) and DATA_HEAD.search(name) is not None


#: Counts of things that grow with the problem, though the word alone names a collection
#: elsewhere (``for state in states`` walks pytree states; ``n_states`` counts a Markov chain's).
DATA_COUNT_NAME = re.compile(r"^(?:n|num|number_of)_?(?:states|nodes|edges|sites|tokens)$", re.IGNORECASE)


def created_shape(call: ast.Call, resolve, random: bool = False) -> ast.expr | None:
    """The shape a call that creates a module's parameter gives it (``self.param(name, init,
    shape)`` in flax, ``hk.get_parameter(name, shape)``); with ``random``, also a weight drawn
    or initialised in place (``jax.random.normal(key, shape)``, ``glorot_normal()(key, shape)``).
    None for any other call."""
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr == "param" and isinstance(func.value, ast.Name) and func.value.id == "self":
        return call.args[2] if len(call.args) > 2 else None
    qualified = resolve(func.func if isinstance(func, ast.Call) else func) or ""
    if qualified in PARAMETER_CREATORS or random and (qualified.startswith("jax.random.") or ".initializers." in qualified):
        return call.args[1] if len(call.args) > 1 else next((k.value for k in call.keywords if k.arg == "shape"), None)
    return None


def _counted_origin(source: str, keys: tuple[str, ...]) -> bool:
    """Whether a count an object reads from a parameter ``source`` of the method setting it, by
    ``keys`` (``Context.attribute_origin``), grows with the data, judged as the same read of a
    parameter would be: the parameter itself unless named as a few; an axis of its shape; its
    ``len`` only when it is named as data (``len(xs)``, not ``len(blocks)``: a list of different
    things); an entry or attribute only when its name counts data (``spec["n_steps"]``, not
    ``dyn.num_players``)."""
    names = [key for key in keys if key not in ("len", "shape")]
    small = (SMALL_COUNT_NAME.match(name) or is_collection_name(name) or SMALL_STEPS_NAME.search(name) or MODEL_WIDTH_NAME.search(name)
             for name in (names or [source]))
    if any(small):
        return False
    if "shape" in keys or not keys:
        return True
    if keys == ("len",):
        return DATA_HEAD.search(source) is not None
    return SETTING_COUNT.search(names[-1]) is not None or OBJECT_COUNT.search(names[-1]) is not None or DATA_COUNT_KEY.match(names[-1]) is not None


#: Axis names that count entries, as large as the data (``num_params``: a network's weights).
ENTRY_AXIS = re.compile(r"(?:^|_)(?:params?|parameters?|weights?|features?|tokens?|nodes?|edges?|items?|sizes?|dims?)$", re.IGNORECASE)


def is_collection_name(name: str) -> bool:
    """A name that says it holds a collection of different things (layers, parameters, tasks),
    unless its last part says data rows (``task_xs``, ``layer_inputs``) or it counts things that
    grow with the problem (``n_states``, ``num_nodes``)."""
    return COLLECTION_NAME.search(name) is not None and DATA_HEAD.search(name) is None and DATA_COUNT_NAME.match(name) is None


@dataclass(frozen=True)
class Extent:
    kind: str  # "data" | "static" | "unknown"
    reason: str
    proof: str = "proven"  # for data: "proven" | "likely"
    evidence: tuple[str, ...] = field(default=(), compare=False)
    #: The parameter of the enclosing function the extent depends on (phase 2 checks call sites).
    param: str | None = None
    #: The data-sized expression, as text (``x.shape[0]``, ``len(data)``, ``xs``).
    size: str | None = None
    #: The loop runs once per element of ``param`` (``for x in xs``, ``range(len(xs))``), rather
    #: than ``param`` times: in traced code, where parameters are arrays, that is data-sized.
    per_element: bool = False
    #: Static only because of the parameter's name (``range(dim)``, ``range(num_layers)``): no
    #: fact was seen here, and the call sites (phase 2) may still show a data size.
    by_name: bool = False
    #: Static only because of the iterable's name (``for layer in layers``): a tie broken by a
    #: name, which a fact about another iterable of the same ``zip`` outweighs.
    named: bool = False
    #: The key of the function ``param`` belongs to when it is not the enclosing one: a class's
    #: ``__init__``, for a count the object holds (``self.n_agents``): its call sites are the
    #: constructor calls.
    owner: str | None = None
    #: Static: the small int ``param`` defaults to (``def make(step, n=10)``). A recurrence's steps
    #: are a few unless a visible call passes a data-sized value (``make(du, n=400)``), which
    #: phase 2 reads (``recurrence_steps.step_extent``, ``rules.base.size_proof``).
    default: int | None = field(default=None, compare=False)
    #: Data: an array's rows, of a length nothing shows (``for c in jnp.asarray(coeffs)``): a
    #: finding resting on it is at most medium.
    unshown: bool = False

    @property
    def is_data(self) -> bool:
        return self.kind == "data"


def static(reason: str) -> Extent:
    return Extent("static", reason)


def named_static(name: str) -> Extent:
    return Extent("static", f"`{name}` (named as a collection)", named=True)


def unknown(reason: str) -> Extent:
    return Extent("unknown", reason, proof="none")


class ExtentReader:
    """Classifies iterables inside one file (given a way to evaluate expressions)."""

    def __init__(self, evaluate, code, is_builtin, resolve, assigned=None, parameter_part=None, default=None, is_parameter=None, as_passed=None,
                 constructor_param=None, used_as_mapping=None, module_setting=None, attribute_literal=None, attribute_origin=None,
                 attribute_tuple=None, sizes_weights=None, holds_functions=None, static=None) -> None:
        self.evaluate = evaluate  # expr -> Value at the current statement
        self.code = code  # node -> source text
        self.is_builtin = is_builtin  # (node, name) -> bool
        self.resolve = resolve  # node -> qualified name or None
        self.assigned = assigned or (lambda name: None)  # name -> the expression one assignment gave it
        self.parameter_part = parameter_part or (lambda name: None)  # name -> the parameter it is unpacked from
        self.default = default or (lambda name: None)  # name -> the default of the parameter ``name``
        self.is_parameter = is_parameter or (lambda name: False)  # name -> a parameter of the function
        self.as_passed = as_passed or (lambda name: False)  # name -> the parameter, not rebound before here
        self.constructor_param = constructor_param or (lambda attr: None)  # self.<attr> -> (the __init__ parameter it holds, its int default, __init__'s key)
        self.used_as_mapping = used_as_mapping or (lambda name: False)  # name -> the function unpacks it with ``**`` or reads it by key
        self.module_setting = module_setting or (lambda name: None)  # name -> (the int default the module's functions give a parameter so named, where)
        self.attribute_literal = attribute_literal or (lambda attr: None)  # self.<attr> -> (the int literal the class assigns it once, the method)
        self.sizes_weights = sizes_weights or (lambda param: None)  # an __init__ parameter -> the weight-creating call it sizes
        self.attribute_tuple = attribute_tuple or (lambda attr: None)  # self.<attr> -> the ints of the literal tuple the class assigns it once
        self.attribute_origin = attribute_origin or (lambda attr: None)  # self.<attr> -> (the method, the parameter or loaded local it reads, keys read, text, loader)
        self.holds_functions = holds_functions or (lambda name: False)  # name -> the function calls its items (layers)
        self.static = static or (lambda name: False)  # name -> a parameter a jit decorator makes static
        self._capping: set[str | None] = set()  # names whose ``min(...)`` is being read

    def of_iterable(self, iterable: ast.AST) -> Extent:
        text = one_line(self.code(iterable), 50)
        if isinstance(iterable, (ast.List, ast.Tuple, ast.Set, ast.Dict)):
            return static(f"a literal collection of {len(getattr(iterable, 'elts', getattr(iterable, 'keys', [])))} items")
        if isinstance(iterable, (ast.Constant, ast.JoinedStr)):
            return static("a constant")
        if isinstance(iterable, ast.Call):
            found = self._call(iterable, text)
            if found is not None:
                return found
            if self.is_builtin(iterable.func, "range") and iterable.args and not iterable.keywords:
                arithmetic = range_bounds(iterable.args)
                if arithmetic.count is not None and arithmetic.count <= SMALL_RANGE:
                    return static(f"`{text}` runs {arithmetic.count} times")
                window = window_count(self._spelled(iterable.args))
                if window is not None and window <= SMALL_RANGE:
                    return static(f"`{text}` is a window of at most {window} steps around an index")
                if symmetric_offsets(iterable.args):
                    return static(f"`{text}` walks the offsets of a stencil or band, -q to q: its half-width "
                                  "is a parameter of the method, not a data size")
                bound = arithmetic.driver if arithmetic.driver is not None else iterable.args[-1 if len(iterable.args) < 3 else 1]
                capped = self._capped(bound)
                if capped is not None:
                    return capped
                named = self._collection_length(bound)
                if named is not None:
                    return named
                counted = self.evaluate(bound)
                if counted.kind == v.SCALAR and counted.function == "tuple":
                    return self.of_bound(bound)  # ``range(len(a_tuple))``: a structure's length
                if counted.kind == v.SCALAR and counted.most is not None and counted.most > SMALL_RANGE:
                    # ``if fast: n = 2`` ``else: n = 100``: as many as the largest, on some path
                    return Extent("data", f"`{one_line(self.code(bound), 30)}` is set to {counted.most} on one path: up to {counted.most} iterations", "likely",
                                  counted.evidence, size=str(counted.most))
                if counted.kind == v.MODULE:
                    return self._held_shape_entry(bound) or self._imported_constant(bound) or unknown(f"cannot tell the length of `{text}`")
                if counted.kind == v.UNKNOWN:
                    # ``range(self.T - 1, -1, -1)`` runs as often as ``range(self.T)``: the setting is the base
                    base = scaled_base(offset_of(bound)[0] or bound)
                    setting = (self._setting(base) or self._field_arithmetic(bound) or self._parameter_entry(base) or self._entry_count(base)
                               or self._held_shape_entry(base) or self._imported_constant(base))
                    if setting is not None:
                        return setting
        if isinstance(iterable, ast.Subscript) and isinstance(iterable.slice, ast.Slice):
            count = _small_slice(iterable.slice)
            if count is not None:
                return static(f"`{text}`: a slice of {count} items")
            if _literal_bounds(iterable.slice):
                # ``xs[:-1]``, ``xs[1:]``, ``xs[::2]``: as long as ``xs``, give or take a constant.
                base = self.of_iterable(iterable.value)
                if base.is_data:
                    return Extent("data", f"`{text}`: a slice of {base.reason}", base.proof, base.evidence, base.param, base.size, base.per_element, unshown=base.unshown)
        if isinstance(iterable, ast.Subscript) and isinstance(iterable.slice, ast.Name) and self._index_array(iterable.slice):
            # ``for row in X[idx]`` with ``idx`` an index array (``rng.choice(N, b)``): a minibatch of rows
            base = self.of_iterable(iterable.value)
            if base.is_data:
                return Extent("data", f"`{text}`: rows picked by the index array `{iterable.slice.id}` ({base.reason})", "likely", base.evidence,
                              base.param, base.size, base.per_element, unshown=base.unshown)
        value = self.evaluate(iterable)
        return self._from_value(value, iterable, text)

    def of_indexed_rows(self, var: str, arrays: list[ast.Name]) -> Extent:
        """A ``range`` whose count says nothing, walked by ``var``, whose body reads ``arrays`` at
        ``var`` (``for e in range(self.grid.n_cells): ... kappa[e]``): it runs once per row of
        the first of them that is data-sized (as ``range(kappa.shape[0])`` would), a likely
        size; unknown when none is."""
        for array in arrays:
            if WEIGHT_NAME.search(array.id):
                continue  # ``W[i] @ h`` over a count of nothing shown: a stack of layers' weights as likely
            base = self.of_iterable(array)
            if base.is_data:
                return Extent("data", f"the body reads `{array.id}[{var}]`: one step per row of `{array.id}` ({_first_sentence((base.reason,))})", "likely",
                              base.evidence, base.param, f"len({array.id})", owner=base.owner, unshown=True)
        return unknown("cannot tell the length of the range, and the body reads no data array at its index")

    def _index_array(self, name: ast.Name) -> bool:
        """``idx`` is an array of indices: an array value, or bound to an index producer
        (``idx = rng.choice(N, b)``, ``order = jnp.argsort(x)``)."""
        value = self.evaluate(name)
        if value.is_array and value.kind != v.SCALAR:
            return True
        bound = self.assigned(name.id)
        func = bound.func if isinstance(bound, ast.Call) else None
        return (func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None) in INDEX_PRODUCERS

    def _spelled(self, args: list[ast.expr]) -> list[ast.expr]:
        """``args`` with a name assigned once replaced by its expression (``last = min(row + 2,
        n - 1)``; ``range(row, last)``), so bounds can be compared."""
        return [(self.assigned(arg.id) or arg) if isinstance(arg, ast.Name) else arg for arg in args]

    def _call(self, call: ast.Call, text: str) -> Extent | None:
        func = call.func
        args = call.args
        if self.is_builtin(func, "zip") and args:
            extents = [self.of_iterable(arg) for arg in args]
            statics = [extent for extent in extents if extent.kind == "static"]
            data = [extent for extent in extents if extent.is_data]
            if statics and not (data and all(extent.named for extent in statics)):
                return statics[0]
            if (statics and data and any(isinstance(arg, ast.Name) and LAYERS_NAME.search(arg.id) for arg, extent in zip(args, extents) if extent in statics)
                    and all(extent.proof == "likely" and extent.param and not DATA_HEAD.search(extent.param) for extent in data)):
                # ``zip(params, wires)``: a parameter of unknown length walked beside one named as the
                # layers' (zip stops with the shorter): a name against a name, the layers' wins
                return statics[0]
            # ``beta, gamma = params``, then ``zip(x0, beta, gamma)``: parts of a parameter walked
            # with a data array run as long as it (zip stops at the shortest; nothing says shorter).
            parts = [arg for arg, extent in zip(args, extents) if extent.kind == "unknown" and isinstance(arg, ast.Name) and self.parameter_part(arg.id)]
            # ``dts = ts[1:] - ts[:-1]``, then ``zip(ts[1:], dts)``: arithmetic on a walked array
            walked = {name for arg, extent in zip(args, extents) if extent.is_data for name in names_read(arg)}
            parts += [arg for arg, extent in zip(args, extents) if extent.kind == "unknown" and isinstance(arg, ast.Name)
                      and isinstance(self.assigned(arg.id), ast.BinOp) and names_read(self.assigned(arg.id)) & walked]
            if data and len(data) + len(statics) + len(parts) == len(extents):
                # zip(centers, scales): a fact (or a parameter walked element by element)
                # outweighs a name that only sounds like a collection.
                best = next((extent for extent in data if extent.proof == "proven"), data[0])
                return Extent("data", f"zip of arrays: {best.reason}", best.proof, best.evidence, best.param, best.size, best.per_element, unshown=best.unshown)
            return unknown("zip of values of unknown size")
        for name in ("enumerate", "reversed", "sorted", "list", "tuple", "iter"):
            if self.is_builtin(func, name) and args:
                return self.of_iterable(args[0])
        if isinstance(func, ast.Attribute) and func.attr in ("items", "values", "keys") and not args:
            return static(f"`.{func.attr}()` of a mapping (parameters or config)")
        qualified = self.resolve(func) or ""
        if qualified == "itertools.product" and args and not call.keywords:
            found = self._product(args, text)
            if found is not None:
                return found
        if qualified.endswith(".numpy.arange") and len(args) == 1 and not call.keywords:
            # ``for d in jnp.arange(n)`` runs ``n`` times, as ``range(n)`` does.
            return self.of_bound(args[0])
        if qualified.endswith(".numpy.arange") and len(args) in (2, 3) and not call.keywords:
            # ``jnp.arange(-r, r + 1)`` walks what ``range(-r, r + 1)`` does: a stencil's offsets.
            as_range = ast.copy_location(ast.Call(func=ast.Name(id="range", ctx=ast.Load()), args=list(args), keywords=[]), call)
            found = self.of_iterable(as_range)
            return found if found.kind == "static" else None
        if any(part in qualified for part in ("tree_leaves", "tree_util.tree_map", "tree.leaves", "tree_flatten", "tree.flatten")):
            return static("pytree leaves")
        if qualified in ("itertools.product", "itertools.combinations", "itertools.permutations", "itertools.pairwise") and args:
            extents = [self.of_iterable(arg) for arg in args]
            data = [extent for extent in extents if extent.is_data]
            if data and not any(extent.kind == "static" and qualified == "itertools.pairwise" for extent in extents):
                best = data[0]
                return Extent("data", f"`{text}`: {best.reason}", best.proof, best.evidence, best.param, best.size, best.per_element)
            if all(extent.kind == "static" for extent in extents):
                return static(f"`{text}`: small")
            return unknown(f"cannot tell the length of `{text}`")
        return None

    def _from_value(self, value: Value, iterable: ast.AST, text: str) -> Extent:
        name = tail_name(iterable)
        if value.kind == v.SEQUENCE:
            length = value.length
            if length is None and isinstance(value.most, int) and value.most <= SMALL_RANGE:
                return static(f"`{text}` has at most {value.most} items")  # ``hist = hist[-6:]``
            if isinstance(length, int):
                if length <= SMALL_RANGE:
                    return static(f"`{text}` has {length} items")
                return Extent("data", f"`{text}`: {length} iterations", "proven", value.evidence, size=str(length))
            if value.function == "range" and isinstance(length, str):
                return self._size(length, value, text)
            if value.function == "tuple":
                return static(value.evidence[0] if value.evidence else f"`{text}` is a tuple (a structure, fixed under a trace)")
            if "pytree leaves" in value.evidence or any("of a mapping" in item for item in value.evidence):
                return static(value.evidence[0] if value.evidence else "a collection")
            if value.item is not None and value.item.is_array and isinstance(iterable, (ast.ListComp, ast.GeneratorExp)):
                return unknown(f"cannot tell the length of `{text}`")
            if name and is_collection_name(name):
                return named_static(name)
            if isinstance(length, str):
                return self._size(length, value, text)
            return unknown(f"cannot tell the length of `{text}`")
        ranged = self._arange(iterable)
        if ranged is not None:
            return self.of_iterable(ranged)  # ``for k in jnp.arange(1, 2 * order, 2)``: as ``range`` is judged
        if value.kind == v.ARRAY:
            rows = value.shape[0] if value.shape else None
            if isinstance(rows, int):
                if rows <= SMALL_RANGE:
                    return static(f"`{text}` has {rows} rows")
                return Extent("data", f"`{text}` is an array of {rows} rows", "proven", value.evidence, size=f"{text}.shape[0]")
            if value.rank == 0:
                return static(f"`{text}` is a scalar")
            if value.dtype == "key" and isinstance(rows, str):
                # ``split(key, n)``: as many keys as ``n`` (a count parameter judged as ``range(n)`` is)
                count = _spelled_count(rows, iterable)
                return self.of_bound(count) if count is not None else unknown(f"`{text}` holds PRNG keys: how many is not shown")
            if isinstance(iterable, ast.Name) and self.as_passed(iterable.id):
                # ``def pull(x, wells: jnp.ndarray)``: an array, of as many rows as callers pass
                return Extent("data", f"`{text}` is an array: one iteration per row", "proven", value.evidence, param=iterable.id,
                              size=f"len({iterable.id})", per_element=True)
            if value.dtype == "key":
                return unknown(f"`{text}` holds PRNG keys: how many is not shown (Monte Carlo draws are often few)")
            columns = self._transposed(iterable)
            if columns is not None:
                # ``for col in X.T``: the columns of ``X``, a feature or model axis as often as a data
                # axis (as ``range(X.shape[1])`` is), unless a fact says how many
                return Extent("data", f"`{text}` walks the columns of `{columns}` (axis 1: a data axis or a model's, unshown)", "likely", value.evidence,
                              size=f"{columns}.shape[1]")
            # an array of rows nothing shows (a model's few coefficients made an array are
            # arrays too): data-sized, but not shown so, unless loaded from outside or named as
            # the data's rows (``xs``, ``batch``: a name breaks the tie)
            return Extent("data", f"`{text}` is an array: one iteration per row", "proven", value.evidence, size=f"{text}.shape[0]",
                          unshown=not (value.data or name and names_data_rows(name)))
        if value.kind == v.PARAM:
            if value.param and self.static(value.param):
                # ``@partial(jax.jit, static_argnums=(1,))``: a hashable Python value fixed when
                # traced (a tuple of settings, of expressions), not an array walked row by row
                return static(f"`{value.param}` is a static argument of jit: a Python value fixed when the function is traced")
            if name and is_collection_name(name):
                return named_static(name)
            default = self.default(value.param) if value.param else None
            if isinstance(default, (ast.Tuple, ast.List)) and len(default.elts) <= SMALL_RANGE:
                return static(f"`{value.param}` defaults to a {type(default).__name__.lower()} of {len(default.elts)} items (a structure, not data)")
            if value.annotation and re.search(r"\b(int|float|str|bool|Module|Callable)\b", value.annotation):
                return static(f"`{value.param}: {value.annotation}`")
            if value.param and self.used_as_mapping(value.param):
                return static(f"`{value.param}` is a mapping (unpacked with `**` or read by key): a loop over it walks its keys, a structure")
            return Extent(
                "data", f"`{text}` is a parameter: one iteration per element of what is passed", "likely",
                (), param=value.param, size=f"len({value.param})", per_element=True,
            )
        if value.kind in (v.SCALAR, v.STRING, v.MAPPING, v.NONE):
            return static(f"`{text}` is a Python value")
        entry = self._array_entry(iterable)
        if entry is not None:
            return Extent("data", f"`{text}` is {entry}: one iteration per row", "likely", (), size=f"{text}.shape[0]")
        if name and is_collection_name(name):
            return named_static(name)
        if isinstance(iterable, ast.Attribute) and isinstance(iterable.value, ast.Name) and iterable.value.id in ("self", "cls", "config", "cfg", "args", "hparams", "opts", "flags", "FLAGS"):
            return static(f"`{text}` (an attribute: layers, modules or config)")
        whole = self.parameter_part(iterable.id) if isinstance(iterable, ast.Name) else None
        if whole and DATA_HEAD.search(whole) and not is_collection_name(whole):
            # ``x, y = batch``: the inputs of a batch a caller passes (its length is the batch's,
            # not the tuple's two items, so no call site is asked)
            return Extent("data", f"`{text}` is unpacked from the parameter `{whole}`, named as data: one iteration per row", "likely", (),
                          size=f"len({text})", per_element=True)
        return unknown(f"cannot tell what `{text}` holds")

    def of_bound(self, bound: ast.AST) -> Extent:
        """A loop bound used like ``range(n)`` (``while i < n``)."""
        named = self._collection_length(bound) or self._capped(bound)
        if named is not None:
            return named
        value = self.evaluate(bound)
        text = one_line(self.code(bound), 50)
        if value.kind == v.SCALAR and value.function == "tuple":
            return static(value.evidence[0] if value.evidence else f"`{text}`: the length of a tuple")
        if value.kind == v.SCALAR and type(value.literal) is int:
            if value.literal <= SMALL_RANGE:
                return static(f"a literal bound of {value.literal}")
            return Extent("data", f"{value.literal} iterations", "proven", value.evidence, size=str(value.literal))
        if value.kind == v.SIZE:
            return self._size(value.length if isinstance(value.length, str) else text, value, text)
        if value.kind == v.PARAM:
            return self._size(text, Value(v.SIZE, length=text, param=value.param, literal=value.literal), text)
        setting = (self._setting(bound) or self._field_arithmetic(bound) or self._held_shape_entry(bound)
                   or (self._imported_constant(bound) if value.kind in (v.UNKNOWN, v.MODULE) else None))
        if setting is not None:
            return setting
        if value.kind == v.UNKNOWN and isinstance(bound, ast.Name) and self.is_parameter(bound.id):
            # ``if length is None: length = self.length``: the parameter, or a default in its place
            default = self.default(bound.id)
            literal = int_value(default) if default is not None else None
            return self._size(text, Value(v.SIZE, length=text, param=bound.id, literal=literal), text)
        return self._parameter_entry(bound) or unknown(f"cannot tell the size of `{text}`")

    def _array_entry(self, iterable: ast.AST) -> str | None:
        """``tab["rows"]`` where the parameter ``tab`` is annotated as a mapping of arrays
        (``Dict[str, jax.Array]``): what the entry is, an array of rows; None for any other read
        (``params["layers"]``: a structure; an unannotated ``X["points"]``: a list of parts as often)."""
        if not (isinstance(iterable, ast.Subscript) and isinstance(iterable.value, ast.Name) and isinstance(iterable.slice, ast.Constant)
                and isinstance(iterable.slice.value, str)):
            return None
        key, base = iterable.slice.value, self.evaluate(iterable.value)
        if base.kind not in (v.PARAM, v.MAPPING) or is_collection_name(key) or not self.is_parameter(iterable.value.id):
            return None
        if re.search(r"(?:Dict|Mapping|dict)\[\s*str\s*,\s*(?:\w+\.)*(?:Array|ndarray)\b", base.annotation or ""):
            return f"an entry of `{iterable.value.id}`, a mapping of arrays (`{base.annotation}`)"
        return None  # (an entry named as data, ``X["points"]``, is as often a list of parts: boundary faces)

    def _parameter_entry(self, bound: ast.AST) -> Extent | None:
        """``range(out_shape[0])``: an entry of a shape (or of a tuple of counts) the callers
        pass, as ``range(n)`` is a count they pass; a collection's name (``dims``, ``sizes``)
        other than a shape's says nothing of its entries' sizes."""
        if not (isinstance(bound, ast.Subscript) and isinstance(bound.value, ast.Name) and int_value(bound.slice) is not None):
            return None
        name = bound.value.id
        if self.evaluate(bound.value).kind != v.PARAM or is_collection_name(name) and "shape" not in name.lower():
            return None
        text = one_line(self.code(bound), 50)
        return Extent("data", f"`{text}`: an entry of the parameter `{name}`: the loop grows with what callers pass", "likely", (), param=name, size=text)

    def _setting(self, bound: ast.AST) -> Extent | None:
        """``range(args.num_steps)``, ``range(cfg.train.horizon)``: a setting read from a parameter
        (a configuration object callers pass). Its last name is all the code says of it: judged
        as a parameter of that name is (a count of layers or heads is small; steps, samples,
        points grow with the data), as a likely size."""
        if isinstance(bound, ast.Name) and isinstance(self.assigned(bound.id), ast.Attribute):
            bound = self.assigned(bound.id)  # ``n = self.n_cells``, then ``range(n)`` or ``while i < n``
        if isinstance(bound, ast.Subscript):
            return self._keyed_setting(bound)
        if not isinstance(bound, ast.Attribute):
            return None
        root = attribute_root(bound)
        if root is None:
            return None
        text = one_line(self.code(bound), 50)
        if root.id in ("self", "cls"):
            # ``self.cfg.batch_size``, ``self.n_steps``: a setting the object holds; only names
            # that count data (not ``hidden_size``: a model's width)
            held = self.constructor_param(bound.attr) if isinstance(bound.value, ast.Name) else None
            if held is not None and held[1] is not None and held[1] < CONSTRUCTED_FEW:
                # ``n_solver_steps: int = 15`` in ``__init__``: a count the class defaults to a few
                return Extent("static", f"`{text}` holds the constructor's `{held[0]}`, which defaults to {held[1]}", by_name=True)
            weights = self.sizes_weights(held[0]) if held is not None else None
            if weights is not None:
                # ``self.w = jax.random.normal(key, (order, c))``: the count sizes the object's own weights
                return Extent("static", f"`{text}` holds the constructor's `{held[0]}`, which sizes the weights it creates (`{weights}`): a model size")
            param = held[0] if held is not None else None
            if param is None and isinstance(bound.value, ast.Name) and (assigned := self.attribute_literal(bound.attr)) is not None:
                # ``self.n_levels = 300`` (or 4) in ``__init__`` or a setup method, ``horizon: int = 3``
                # in the class body: a count the class states outweighs its name
                count, method = assigned
                if count <= SMALL_RANGE:
                    return Extent("static", f"`{text}` is set to {count} in {method}", by_name=True)
                if count >= CONSTRUCTED_FEW:
                    return Extent("data", f"`{text}` is set to {count} in {method}", "likely", size=str(count))
            if OBJECT_COUNT.search(bound.attr) and not SMALL_STEPS_NAME.search(bound.attr):  # not ``n_gradient_steps``: updates
                return Extent("data", f"`{text}`: a setting the object holds, named as a count of data: the loop grows with it", "likely", size=text)
            small = (SMALL_COUNT_NAME.match(name) or is_collection_name(name) or SMALL_STEPS_NAME.search(name) or MODEL_WIDTH_NAME.search(name)
                     for name in (bound.attr, param or ""))
            if any(small):
                return None
            origin = self.attribute_origin(bound.attr) if param is None and isinstance(bound.value, ast.Name) else None
            if origin is not None:
                # ``self.n_hops = int(spec["n_hops"])``, ``self.nsl, self.nx = G.shape`` in
                # ``__init__`` or ``build``: a count read from what the object is built with
                method, source, keys, read, loader = origin
                if not _counted_origin(source, keys):
                    return None
                where = f"from `{source}` (loaded by `{loader}`)" if loader else f"from its parameter `{source}`"
                return Extent("data", f"`{text}` is `{read}` in `{method}`, read {where}: the loop grows with what the object is built with",
                              "likely", size=text)
            if param is None:
                return self._field_setting(bound, text)
            # ``self.ticks = ticks`` in ``__init__``: a count the object is constructed with (phase 2
            # reads the constructor calls: ``Herd(n_agents=5)`` everywhere makes it a few)
            return Extent("data", f"`{text}` holds the constructor's `{param}`: the loop grows with what the object is built with", "likely", size=text,
                          param=param, owner=held[2])
        if self.evaluate(root).kind != v.PARAM:
            return None
        if SMALL_COUNT_NAME.match(bound.attr) or is_collection_name(bound.attr):
            return Extent("static", f"`{text}` (a count of layers, heads or blocks, by its name)", by_name=True)
        if not SETTING_COUNT.search(bound.attr):
            return None
        return Extent("data", f"`{text}`: a setting of the parameter `{root.id}` that counts {bound.attr.rpartition('_')[2]}: the loop grows with it", "likely", size=text)

    def _keyed_setting(self, bound: ast.Subscript) -> Extent | None:
        """``range(opts["steps"])``: a setting read by its key from a parameter (a configuration
        dict callers pass), judged by the key as ``opts.steps`` is by its name."""
        key = bound.slice.value if isinstance(bound.slice, ast.Constant) and isinstance(bound.slice.value, str) else None
        if key is None or not key.isidentifier() or not isinstance(bound.value, ast.Name) or self.evaluate(bound.value).kind != v.PARAM:
            return None
        text = one_line(self.code(bound), 50)
        if SMALL_COUNT_NAME.match(key) or is_collection_name(key):
            return Extent("static", f"`{text}` (a count of layers, heads or blocks, by its name)", by_name=True)
        if not SETTING_COUNT.search(key):
            return None
        return Extent("data", f"`{text}`: a setting of the parameter `{bound.value.id}` that counts {key.rpartition('_')[2]}: the loop grows with it", "likely", size=text)

    def _held_shape_entry(self, bound: ast.AST) -> Extent | None:
        """``range(self.dims[self.axis])``, ``range(self.dimsd[0])``: an entry of a shape the object
        holds (an attribute named ``shape``, ``dims`` or ``dimsd``), the length of one axis of its
        data, not a count of dimensions. A shape the class assigns once as a literal tuple is read:
        the entry when the index is a literal, small when every entry is."""
        if not (isinstance(bound, ast.Subscript) and isinstance(bound.value, ast.Attribute) and isinstance(bound.value.value, ast.Name)
                and bound.value.value.id == "self" and HELD_SHAPE.search(bound.value.attr)):
            return None
        text = one_line(self.code(bound), 50)
        stated = self.attribute_tuple(bound.value.attr)
        if stated is not None:
            index = int_value(bound.slice)
            entries = [stated[index]] if index is not None and -len(stated) <= index < len(stated) else stated
            if max(entries) <= SMALL_RANGE:
                return Extent("static", f"`{text}`: an entry of `self.{bound.value.attr}`, which the class sets to {tuple(stated)}", by_name=True)
            return Extent("data", f"`{text}`: an entry of `self.{bound.value.attr}`, which the class sets to {tuple(stated)}", "likely",
                          size=str(max(entries)))
        return Extent("data", f"`{text}`: an entry of the shape `self.{bound.value.attr}` the object holds, the length of one axis of its data",
                      "likely", size=text)

    def _field_setting(self, bound: ast.Attribute, text: str) -> Extent | None:
        """``range(self.cfg.max_iters)``, ``range(self.n_iter)`` with no ``__init__`` assigning
        it: a field that the module's classes declare with one int default (``max_iters: int =
        60`` in a dataclass, ``n_iter = 50`` in a class body; ``Context.module_setting``). At
        least ``CONSTRUCTED_FEW`` is a likely data size; fewer says nothing (a constructor call
        the scan cannot see may pass more)."""
        setting = self.module_setting(bound.attr)
        if setting is None or setting[0] < CONSTRUCTED_FEW:
            return None
        return Extent("data", f"`{text}`: `{bound.attr}` defaults to {setting[0]} in `{setting[1]}` of this module", "likely",
                      size=str(setting[0]))

    def _field_arithmetic(self, bound: ast.AST) -> Extent | None:
        """``range((self.budget - 1) // self.batch + 1)``: integer arithmetic on literals and
        ``self`` fields that the module's classes declare with one int default each
        (``_field_setting``), worked out at those defaults; a likely data size from
        ``CONSTRUCTED_FEW`` on."""
        if not isinstance(bound, ast.BinOp):
            return None
        fields: dict[str, int] = {}
        for node in ast.walk(bound):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
                setting = self.module_setting(node.attr)
                if setting is None:
                    return None
                fields[node.attr] = setting[0]
            elif isinstance(node, ast.Name) and node.id != "self":
                return None
        total = _int_arithmetic(bound, fields)
        if not fields or total is None or total < CONSTRUCTED_FEW:
            return None
        text = one_line(self.code(bound), 50)
        shown = ", ".join(f"`{name}` = {value}" for name, value in sorted(fields.items()))
        return Extent("data", f"`{text}` is {total} at the defaults the module's classes declare ({shown})", "likely", size=str(total))

    def _imported_constant(self, bound: ast.AST) -> Extent | None:
        """``range(params.M)``, ``range(M)`` with ``from settings import M``: a name another module
        of the project binds. Phase 2 reads its value there (``Project.constant``: ``M = 50``
        is data-sized, ``M = 4`` small); a value the project does not state decides nothing."""
        if isinstance(bound, ast.Name) and isinstance(self.assigned(bound.id), (ast.Attribute, ast.Name)):
            bound = self.assigned(bound.id)  # ``M = params.M``, then ``range(M)``
        if not isinstance(bound, (ast.Name, ast.Attribute)):
            return None
        qualified = self.resolve(bound)
        if not qualified or not project_module(qualified):
            return None
        text = one_line(self.code(bound), 50)
        return Extent("data", f"`{text}` is `{qualified}`, a constant of another module: its value there decides", "likely", size=text,
                      param=qualified.rpartition(".")[2], owner=IMPORTED + qualified)

    def _capped(self, bound: ast.AST) -> Extent | None:
        """``range(min(n_top, Z.shape[1]))``: a count capped by a small one (a literal, a
        parameter's small default) runs at most that many times, whatever the other is."""
        name = bound.id if isinstance(bound, ast.Name) else None
        if name in self._capping:
            return None  # ``a = min(b, 5)`` and ``b = min(a, 3)`` in one loop: no end to follow
        bound = self._spelled([bound])[0]
        if not (isinstance(bound, ast.Call) and self.is_builtin(bound.func, "min") and len(bound.args) >= 2 and not bound.keywords):
            return None
        for arg in bound.args:
            if isinstance(arg, ast.Name) and arg.id == name:
                # ``max_iter = min(max_iter, n)``: the earlier ``max_iter``, a parameter's default
                default = int_value(self.default(name)) if self.default(name) is not None else None
                if default is not None and 0 <= default <= SMALL_RANGE:
                    return Extent("static", f"`{one_line(self.code(bound), 50)}` is at most `{name}`, which defaults to {default}")
                continue
            self._capping.add(name)
            try:
                extent = self.of_bound(arg)
            finally:
                self._capping.discard(name)
            if extent.kind == "static":
                return Extent("static", f"`{one_line(self.code(bound), 50)}` is at most {extent.reason}", by_name=extent.by_name)
        return None

    def _entry_count(self, bound: ast.AST) -> Extent | None:
        """``T = self.data["T"]`` ... ``range(1, T)``: a count kept in a data mapping beside the
        arrays it sizes (a Stan-style data dict: ``{"N": 500, "y": ...}``). Its key is all the
        code says of it: judged as a parameter of that name is (``N``, ``T``, ``n_obs`` count data;
        ``n_layers`` does not)."""
        entry = self._spelled([bound])[0]
        if not (isinstance(entry, ast.Subscript) and isinstance(entry.slice, ast.Constant) and isinstance(entry.slice.value, str)):
            return None
        root = attribute_root(entry.value) if isinstance(entry.value, ast.Attribute) else entry.value
        if not isinstance(root, ast.Name) or self.evaluate(root).kind in (v.MAPPING, v.SEQUENCE):
            return None  # a mapping written out here: its entries' values are facts, not this tie-break
        if SETTINGS_MAPPING.search(tail_name(entry.value) or ""):
            return None  # ``self.config["extra_steps"]``: a knob of the settings, not a count of the data
        key = entry.slice.value
        if not DATA_COUNT_KEY.match(key) and not SETTING_COUNT.search(key) or SMALL_COUNT_NAME.match(key):
            return None
        text = one_line(self.code(entry), 50)
        return Extent("data", f"`{text}`: a count the data mapping holds ({key!r}): the loop grows with the data", "likely", size=text)

    def _collection_length(self, bound: ast.AST) -> Extent | None:
        """``len(self.layers)``, ``len(axes) - 1`` when nothing is known of what is measured (an
        attribute, a parameter): its name breaks the tie (a list of layers, heads or axes), as it
        does for ``for layer in self.layers`` and ``for ax in axes``."""
        if isinstance(bound, ast.BinOp) and isinstance(bound.op, (ast.Add, ast.Sub)) and int_value(bound.right) is not None:
            bound = bound.left  # len(self.layers) - 1
        if not (isinstance(bound, ast.Call) and self.is_builtin(bound.func, "len") and len(bound.args) == 1 and not bound.keywords):
            return None
        inner = bound.args[0]
        if isinstance(inner, ast.Attribute) and inner.attr in GRAPH_FIELDS and isinstance(inner.value, ast.Name) and self.evaluate(inner.value).kind == v.PARAM:
            # ``len(g.nodes)`` of a graph passed in (jraph's ``GraphsTuple``): one row per node or edge
            return Extent("data", f"`{one_line(self.code(bound), 50)}`: one row per {inner.attr.rstrip('s')} of the graph `{inner.value.id}` passed in",
                          "likely", size=one_line(self.code(bound), 50))
        key = inner.slice.value if isinstance(inner, ast.Subscript) and isinstance(inner.slice, ast.Constant) and isinstance(inner.slice.value, str) else None
        name = key or tail_name(inner)  # ``len(context["ops"])``: the entry's key names it
        if name is None or not is_collection_name(name):
            return None
        if self.evaluate(inner).kind not in (v.UNKNOWN, v.OBJECT, v.PARAM):
            return None  # a fact (an array, a sequence) decides instead; a parameter's kind is not one
        return static(f"`{one_line(self.code(bound), 50)}`: the length of `{name}` (named as a collection)")

    def _arange(self, iterable: ast.AST) -> ast.Call | None:
        """``range(...)`` with the arguments of ``jnp.arange(...)`` / ``np.arange(...)`` (written in
        place, or bound once to the name walked) of ints; None for anything else."""
        expr = self._spelled([iterable])[0]  # type: ignore[list-item]
        if not (isinstance(expr, ast.Call) and (self.resolve(expr.func) or "").endswith("numpy.arange") and 1 <= len(expr.args) <= 3 and not expr.keywords):
            return None
        if any(isinstance(arg, ast.Starred) or isinstance(arg, ast.Constant) and not isinstance(arg.value, int) for arg in expr.args):
            return None
        return ast.copy_location(ast.Call(func=ast.Name(id="range", ctx=ast.Load()), args=list(expr.args), keywords=[]), expr)

    def _transposed(self, iterable: ast.AST) -> str | None:
        """The text of ``X`` when ``iterable`` is ``X.T``, ``X.transpose()`` or ``jnp.transpose(X)``
        (written in place, or bound once to the name walked)."""
        expr = self._spelled([iterable])[0]  # type: ignore[list-item]
        if isinstance(expr, ast.Attribute) and expr.attr in ("T", "mT"):
            return one_line(self.code(expr.value), 30)
        if isinstance(expr, ast.Call) and not expr.keywords:
            if isinstance(expr.func, ast.Attribute) and expr.func.attr == "transpose" and not expr.args:
                return one_line(self.code(expr.func.value), 30)
            if (self.resolve(expr.func) or "").endswith("numpy.transpose") and len(expr.args) == 1:
                return one_line(self.code(expr.args[0]), 30)
        return None

    def _product(self, args: list[ast.expr], text: str) -> Extent | None:
        """``itertools.product(range(n), range(m))`` with counts the code states: as many steps
        as they multiply to, data-sized past a few (a 20 by 20 grid); None when a count is not
        stated (the product of arrays is read as the arrays are)."""
        counts = []
        for arg in args:
            value = self.evaluate(arg)
            count = value.length if value.kind == v.SEQUENCE else value.shape[0] if value.is_array and value.shape else None
            counts.append(count if isinstance(count, int) else None)
        if None not in counts:
            total = 1
            for count in counts:
                total *= count  # type: ignore[operator]
            if total > SMALL_RANGE:
                return Extent("data", f"`{text}`: {' x '.join(map(str, counts))} = {total} combinations", "proven", size=str(total))
            return static(f"`{text}`: {total} combinations")
        return None

    def _annotated_axis(self, base: str, axis: int) -> str | None:
        """The name a jaxtyping annotation gives axis ``axis`` of ``base`` (``Float[Array, "task
        d"]``: ``task`` for axis 0), or None."""
        annotation = self.evaluate(ast.Name(id=base, ctx=ast.Load())).annotation if base.isidentifier() else None
        dims = jaxtyping_dims(annotation) if annotation else None
        if not dims or not -len(dims) <= axis < len(dims):
            return None
        dim = dims[axis]
        return dim if dim.isidentifier() else None

    def _parameter_axis(self, base: str, axis: int) -> str | None:
        """The text of the shape entry ``axis`` of the parameter ``base`` holds, when a module
        creates it (``self.param(name, init, shape)`` in flax, ``hk.get_parameter(name, shape)``)
        and the entry is small: a literal of at most ``SMALL_RANGE`` or a count named as layers,
        heads or blocks (``self.depth``). None otherwise (``self.features``: a width, as large
        as the data's)."""
        value = self.assigned(base) if base.isidentifier() else None
        shape = created_shape(value, self.resolve) if isinstance(value, ast.Call) else None
        if not isinstance(shape, (ast.Tuple, ast.List)) or not -len(shape.elts) <= axis < len(shape.elts):
            return None
        entry = shape.elts[axis]
        literal = int_value(entry)
        named = tail_name(entry) if isinstance(entry, (ast.Name, ast.Attribute)) else None
        if literal is not None and literal <= SMALL_RANGE or named is not None and SMALL_COUNT_NAME.match(named):
            return one_line(self.code(entry), 30)
        return None

    def _model_output(self, base: str) -> str | None:
        """The model call ``base`` (a name) holds the result of, when one assignment made it from
        a call of a method or function of no known library (``critic.apply_fn(p, x)``); else None."""
        if not base.isidentifier():
            return None
        value = self.assigned(base)
        if not isinstance(value, ast.Call) or self.resolve(value.func) is not None:
            return None
        func = value.func
        if isinstance(func, ast.Attribute) and func.attr in MODEL_CALLS or isinstance(func, ast.Name) and func.id in MODEL_NAMES:
            return one_line(self.code(func), 30)
        return None

    def _size(self, length: str, value: Value, text: str) -> Extent:
        """The extent of ``range(length)``."""
        counted = re.search(r"\blen\(([A-Za-z_]\w*)\)", length)
        if counted is not None and self.holds_functions(counted.group(1)):
            # ``n_hidden = len(model) - 1`` where ``vmap(model[l])(h)``: a count of layers
            return Extent("static", f"`{length}` counts `{counted.group(1)}`, whose items the function calls: a list of layers or functions, not data",
                          size=length)
        if PARAMETER_ROWS.match(length):
            # ``n_rep = params.shape[0]``: the parameters stacked per layer or repetition
            return Extent("static", f"`{length}`: the leading length of the model's parameters (a count of layers or repetitions, by its name)",
                          size=length, by_name=True)
        param = value.param
        per_element = length == f"len({param})"
        if param is not None and per_element:
            return Extent("data", f"`{length}`: one iteration per element of the parameter `{param}`", "likely", (), param=param, size=length, per_element=True)
        if param is not None:
            shaped = length.startswith(f"{param}.shape[")  # ``updates.shape[0]``: an array's axis, whatever the name says
            if SMALL_COUNT_NAME.match(param) or is_collection_name(param) and not shaped and not re.search(r"(?:^|_)(?:steps?|samples?|points?|data|n|size|len|length|batch|obs|time|t)$", param, re.I):
                return Extent("static", f"`{param}` (a count of layers, heads or blocks, by its name)", param=param, size=length, by_name=True)
            default = value.literal
            setting = self.module_setting(param) if default is None and length == param and not names_data_rows(param) else None
            if setting is not None and setting[0] <= SMALL_RANGE:
                # ``e_step(..., temp_steps)`` in a module whose ``MPO.__init__`` takes ``temp_steps=10``:
                # the same setting, a few unless a visible call passes more (phase 2, as a default)
                return Extent("static", f"`{param}` defaults to {setting[0]} in `{setting[1]}` of this module, the same setting",
                              param=param, size=length, default=setting[0])
            if isinstance(default, int) and not isinstance(default, bool) and default <= SMALL_RANGE:
                # a few at the default (a recurrence's steps: a call passing more, ``make_walker(du,
                # n=400)``, decides in phase 2: ``recurrence_steps.step_extent``)
                return Extent("static", f"`{param}` defaults to {default}" if length == param else f"`{length}` is {default} at `{param}`'s default",
                              param=param, size=length, default=default)
            reason = f"`{param}` is a parameter" if length == param else f"`{length}` depends on the parameter `{param}`"
            return Extent("data", f"{reason}: the loop grows with what callers pass", "likely", value.evidence, param=param, size=length)
        evidence = value.evidence
        reason = f"`{length}`" + (f": {_first_sentence(evidence)}" if evidence else " is a data size")
        if param is None and value.divided:
            return Extent("data", reason, "likely", evidence, size=length)  # int(horizon // h): likely many steps, not shown
        shaped = re.fullmatch(r"([A-Za-z_]\w*)\.shape\[(-?\d+)\]", length)
        named = self._annotated_axis(shaped.group(1), int(shaped.group(2))) if shaped is not None else None
        if named is not None and (SMALL_COUNT_NAME.match(named) or is_collection_name(named) and not ENTRY_AXIS.search(named)):
            # ``all_grads: Float[Array, "num_tasks num_params"]``, ``all_grads.shape[0]``: the
            # annotation names the axis a count of tasks (layers, heads): the model's, not the data's
            return Extent("static", f"`{length}`: the annotation names the axis `{named}`, a count of {named.rpartition('_')[2]}", size=length, by_name=True)
        entry = self._parameter_axis(shaped.group(1), int(shaped.group(2))) if shaped is not None else None
        if entry is not None:
            # ``w = self.param("w", init, (self.depth, k))``, ``w.shape[0]``: the module's own count
            # of layers (a small literal, or a field named as one), not a size of the data
            return Extent("static", f"`{length}`: axis {shaped.group(2)} of a parameter the module creates, `{entry}` (a count of layers or a few)")
        axis = LATER_AXIS.search(length)
        if axis is not None:
            model = self._model_output(length[: axis.start()])
            if model is not None:
                # ``q = critic.apply_fn(p, x)``, ``q.shape[1]``: an axis of what a model returns
                # (critics, heads, classes), not of the data, unless a fact says otherwise
                return Extent("data", f"{reason} (axis {axis.group(1)} of `{model}`'s output: a model's axis, not shown to be data)", "none", evidence, size=length)
            # ``x.shape[1]``: a feature, channel or model axis as often as a data axis (time,
            # points); it counts, but as a likely data size, unless a fact says more.
            return Extent("data", f"{reason} (axis {axis.group(1)}: a data axis or a model's, unshown)", "likely", evidence, size=length)
        return Extent("data", reason, "proven", evidence, size=length)


def _int_arithmetic(node: ast.AST, fields: dict[str, int]) -> int | None:
    """The int value of ``+ - * //`` over int literals and ``self.<field>`` (``fields``), or None."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.Attribute) and node.attr in fields:
        return fields[node.attr]
    if not isinstance(node, ast.BinOp):
        return None
    left, right = _int_arithmetic(node.left, fields), _int_arithmetic(node.right, fields)
    if left is None or right is None:
        return None
    if isinstance(node.op, ast.Add):
        return left + right
    if isinstance(node.op, ast.Sub):
        return left - right
    if isinstance(node.op, ast.Mult):
        return left * right
    if isinstance(node.op, ast.FloorDiv) and right != 0:
        return left // right
    return None


def _spelled_count(text: str, near: ast.AST) -> ast.expr | None:
    """The count ``text`` (``"n"``, ``"len(widths) + 1"``) as an expression read where ``near``
    is, shown by its own text (no source position of its own); None if it is not one."""
    try:
        count = ast.parse(text, mode="eval").body
    except SyntaxError:
        return None
    for node in ast.walk(count):
        node.lineno, node.col_offset = getattr(near, "lineno", 1), getattr(near, "col_offset", 0)  # type: ignore[attr-defined]
        node.end_lineno = node.end_col_offset = None  # type: ignore[attr-defined]
    return count


def _first_sentence(evidence: tuple[str, ...]) -> str:
    return evidence[0] if evidence else ""


def _small_slice(part: ast.Slice) -> int | None:
    """The length of ``x[:3]``, ``x[1:4]``, ``x[-2:]`` when the bounds are literal and small."""
    lower = int_value(part.lower) if part.lower is not None else 0
    upper = int_value(part.upper) if part.upper is not None else None
    step = int_value(part.step) if part.step is not None else 1
    if lower is None or step is None or step <= 0:
        return None
    if upper is None:
        if part.upper is not None:
            return None
        count = -lower if lower < 0 else None
    elif (lower < 0) != (upper < 0) and upper != 0:
        return None
    else:
        count = max(0, -(-(upper - lower) // step))
    return count if count is not None and count <= SMALL_RANGE else None


def _literal_bounds(part: ast.Slice) -> bool:
    """A slice whose bounds and step are literal integers or left out (``[:-1]``, ``[1:]``, ``[::2]``)."""
    return all(bound is None or int_value(bound) is not None for bound in (part.lower, part.upper, part.step))


def indexed_rows(root: ast.AST, iterable: ast.Call) -> tuple[str, list[ast.Name]] | None:
    """The index of the ``for`` or comprehension in ``root`` that walks ``iterable`` (a
    ``range``), and the names its body reads at that index alone on their first axis
    (``kappa[e]``, ``x[e, :]``; not ``out[e] = ...``, nor a name the body rebinds). None when
    no such loop holds the iterable."""
    for node in walk(root):
        if isinstance(node, (ast.For, ast.AsyncFor)) and node.iter is iterable:
            target, body = node.target, list(node.body)
            break
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            clause = next((index for index, generator in enumerate(node.generators) if generator.iter is iterable), None)
            if clause is not None:
                target = node.generators[clause].target
                parts = [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
                body = [*parts, *node.generators[clause].ifs, *node.generators[clause + 1:]]
                break
    else:
        return None
    if not isinstance(target, ast.Name):
        return None
    var = target.id
    rebound = {sub.id for part in body for sub in walk(part) if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store)}
    arrays: list[ast.Name] = []
    for part in body:
        for sub in walk(part):
            if not (isinstance(sub, ast.Subscript) and isinstance(sub.ctx, ast.Load) and isinstance(sub.value, ast.Name)):
                continue
            first = sub.slice.elts[0] if isinstance(sub.slice, ast.Tuple) and sub.slice.elts else sub.slice
            if isinstance(first, ast.Name) and first.id == var and sub.value.id not in rebound and sub.value.id != var:
                if all(sub.value.id != seen.id for seen in arrays):
                    arrays.append(sub.value)
    return var, arrays


def held_elsewhere(bound: ast.AST) -> bool:
    """``self.grid.n_cells``, ``mesh.n_elems``: a count held by another object (not the object's
    own setting, ``self.n``, which the class's own facts decide), not named as a model's size
    (layers, widths, orders): one ``indexed_rows`` may size by the rows the body reads."""
    if not isinstance(bound, ast.Attribute):
        return False
    root = attribute_root(bound)
    if root is None or root.id in ("self", "cls") and isinstance(bound.value, ast.Name):
        return False
    name = bound.attr
    return not (SMALL_COUNT_NAME.match(name) or MODEL_WIDTH_NAME.search(name) or SMALL_STEPS_NAME.search(name))
