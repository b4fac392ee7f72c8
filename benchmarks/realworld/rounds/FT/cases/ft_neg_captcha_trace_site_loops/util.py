# Source: https://github.com/esennesh/captcha-numpyro/blob/6677ab0fd7b3b6487e4b4fd0f166e09c285db9e4/src/utils/util.py
# Title: src/utils/util.py
# Cut: kept initialize_traces and the first half of get_model_relations (loops over model/guide trace sites, the second under jax.eval_shape); config/logging helpers and the rest of get_model_relations dropped.
from collections import namedtuple
import jax
import json
from importlib.util import find_spec
import logging
import numpy as np
import numpyro
import pandas as pd
from pathlib import Path
from itertools import repeat
from collections import OrderedDict
from numpyro.infer.autoguide import AutoGuide
from numpyro.infer.util import (get_importance_trace, helpful_support_errors,
                                transform_fn)
from omegaconf import DictConfig, OmegaConf, open_dict
import rich
import rich.syntax
import rich.tree
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

log = logging.LoggerAdapter(logger=logging.getLogger(__name__))

def is_autoguide(g):
    import abc
    from functools import partial

    if isinstance(g, abc.ABCMeta) and issubclass(g, AutoGuide):
        return True
    if isinstance(g, partial):
        if isinstance(g.func, abc.ABCMeta) and issubclass(g.func, AutoGuide):
            return True
    return False

InitialGraph = namedtuple("InitialGraph", ["constrain_fn", "guide_trace",
                                           "model_trace", "mutables", "params",
                                           "rng"])

def initialize_traces(model, guide, rng, params, *args, **kwargs):
    from functools import partial
    import itertools
    import jax.numpy as jnp
    from jax import random
    from numpyro.distributions import constraints
    from numpyro.distributions.transforms import biject_to
    from numpyro.handlers import seed, substitute, trace
    rng, model_seed, guide_seed = random.split(rng, 3)
    init_model = seed(model, model_seed)
    init_guide = seed(guide, guide_seed)
    model_trace, guide_trace = get_importance_trace(init_model, init_guide,
                                                    args, kwargs, params)

    params, inv_transforms, mutables = {}, {}, {}
    for site in itertools.chain(guide_trace.values(), model_trace.values()):
        if site["type"] == "param":
            constraint = site["kwargs"].pop("constraint", constraints.real)
            with helpful_support_errors(site):
                transform = biject_to(constraint)
            inv_transforms[site["name"]] = transform
            params[site["name"]] = transform.inv(site["value"])
        elif site["type"] == "mutable":
            mutables[site["name"]] = site["value"]

    constrain_fn = partial(transform_fn, inv_transforms)
    params, mutables = jax.tree.map(
        lambda x: jax.lax.convert_element_type(x, jnp.result_type(x)),
        (params, mutables),
    )
    return InitialGraph(constrain_fn, guide_trace, model_trace, mutables,
                        params, rng)

def get_model_relations(model, model_args=None, model_kwargs=None):
    """
    Infer relations of RVs and plates from given model and optionally data.
    See https://github.com/pyro-ppl/numpyro/issues/949 for more details.

    This returns a dictionary with keys:

    -  "sample_sample" map each downstream sample site to a list of the upstream
       sample sites on which it depend;
    -  "sample_param" map each downstream sample site to a list of the upstream
       param sites on which it depend;
    -  "sample_dist" maps each sample site to the name of the distribution at
       that site;
    -  "param_constraint" maps each param site to the name of the constraints at
       that site;
    -  "plate_sample" maps each plate name to a lists of the sample sites
       within that plate; and
    -  "observe" is a list of observed sample sites.

    For example for the model::

        def model(data):
            m = numpyro.sample('m', dist.Normal(0, 1))
            sd = numpyro.sample('sd', dist.LogNormal(m, 1))
            with numpyro.plate('N', len(data)):
                numpyro.sample('obs', dist.Normal(m, sd), obs=data)

    the relation is::

        {'sample_sample': {'m': [], 'sd': ['m'], 'obs': ['m', 'sd']},
         'sample_dist': {'m': 'Normal', 'sd': 'LogNormal', 'obs': 'Normal'},
         'plate_sample': {'N': ['obs']},
         'observed': ['obs']}

    :param callable model: A model to inspect.
    :param model_args: Optional tuple of model args.
    :param model_kwargs: Optional dict of model kwargs.
    :rtype: dict
    """
    from numpyro import handlers
    import numpyro.distributions as dist
    from numpyro.ops.provenance import eval_provenance
    from numpyro.ops.pytree import PytreeTrace
    model_args = model_args or ()
    model_kwargs = model_kwargs or {}

    def _get_dist_name(fn):
        if isinstance(
            fn, (dist.Independent, dist.ExpandedDistribution, dist.MaskedDistribution)
        ):
            return _get_dist_name(fn.base_dist)
        return type(fn).__name__

    def get_trace():
        # We use `init_to_sample` to get around ImproperUniform distribution,
        # which does not have `sample` method.
        subs_model = handlers.seed(model, 0)
        trace = handlers.trace(subs_model).get_trace(*model_args, **model_kwargs)
        # Work around an issue where jax.eval_shape does not work
        # for distribution output (e.g. the function `lambda: dist.Normal(0, 1)`)
        # Here we will remove `fn` and store its name in the trace.
        for name, site in trace.items():
            if site["type"] == "sample":
                site["fn_name"] = _get_dist_name(site.pop("fn"))
            elif site["type"] == "deterministic":
                site["fn_name"] = "Deterministic"
        return PytreeTrace(trace)

    # We use eval_shape to avoid any array computation.
    trace = jax.eval_shape(get_trace).trace
    obs_sites = [
        name
        for name, site in trace.items()
        if site["type"] == "sample" and site["is_observed"]
    ]
    sample_dist = {
        name: site["fn_name"]
        for name, site in trace.items()
        if site["type"] in ["sample", "deterministic"]
    }
    return obs_sites, sample_dist, sample_plates
