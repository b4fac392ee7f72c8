# Source: https://github.com/DPBayes/twinify/blob/c522a90de10cad30e102239c83c075cf9c081eea/twinify/dpvi/modelling/automodel.py
# Title: twinify/dpvi/modelling/automodel.py (twinify automatic numpyro model from feature specifications)
# Cut: kept make_model; the feature/distribution specification classes, the model-string parser and
#      prior lookup are imported from stubs.
from typing import Callable, List

import jax.numpy as jnp
import numpyro.distributions as dists
from numpyro.primitives import sample, plate

from mixture_model import MixtureModel
from na_model import NAModel
from features import ModelFeature, TypedDistribution, create_feature_prior_dists


def make_model(features: List[ModelFeature], k: int) -> Callable[..., None]:
    """ Given model feature specifications, create a model function for a mixture model

    Parameters:
        features: list of ModelFeature instances, specifying the feature distributions
        k: number of mixture components
    """
    def model(x=None, num_obs_total=None):
        assert x is None or len(jnp.shape(x)) == 2
        if x is None:
            N = 1
        else:
            N = jnp.shape(x)[0]
        if num_obs_total is None:
            num_obs_total = N

        assert isinstance(num_obs_total, int) and num_obs_total > 0
        assert N <= num_obs_total

        mixture_dists = []
        for feature in features:
            prior_values = {}
            feature_prior_dists = create_feature_prior_dists(feature, k)
            for feature_prior_param, feature_prior_dist in feature_prior_dists.items():
                prior_values[feature_prior_param] = sample(
                    "{}_{}".format(feature.name, feature_prior_param),
                    feature_prior_dist
                )

            feature_dist = feature.instantiate(**prior_values)
            feature_dist = TypedDistribution(feature_dist, feature.distribution.support_dtype)
            if feature.has_missing_values:
                feature_na_prob = sample(
                    "{}_na_prob".format(feature.name),
                    dists.Beta(2.*jnp.ones(k), 2.*jnp.ones(k))
                )
                feature_dist = NAModel(feature_dist, feature_na_prob)

            mixture_dists.append(feature_dist)

        pis = sample('pis', dists.Dirichlet(jnp.ones(k)))
        with plate('batch', num_obs_total, N):
            mixture_model_dist = MixtureModel(mixture_dists, pis)
            x = sample('x', mixture_model_dist, obs=x)
            return x
    return model
