# Source: https://github.com/DPBayes/twinify/blob/c522a90de10cad30e102239c83c075cf9c081eea/twinify/dpvi/modelling/mixture_model.py
# Title: twinify/dpvi/modelling/mixture_model.py (twinify: DP synthetic tabular data; mixture over heterogeneous feature distributions)
# Cut: kept MixtureModel __init__, mixture_components and log_prob; combined_constraint and the
#      sampling methods removed (combined_constraint imported instead).
import numpy as np
import jax.numpy as jnp
import jax
import numpyro
import numpyro.distributions as dists
from jax.scipy.special import logsumexp
from numpyro.distributions.constraints import Constraint
from numpyro.distributions.transforms import biject_to
import typing
from constraints import combined_constraint


class MixtureModel(dists.Distribution):
    """ A general purpose mixture model.

    Described a number of distributions that independently model feature dimensions
    of the data.
    The MixtureModel then is a mixture of components which all follow the
    structure described by the joint feature distributions.

    Feature distributions therefore must have a leading batch dimension that corresponds
    to the number of mixture components.

    Note this class behaves quite differently from `numpyro.distributions.Mixture`,
    where each distribution describes all features for a single mixture component.
     """

    arg_constraints = {
        'pis' : dists.constraints.simplex
    }

    has_enumerate_support = False
    reparametrized_params = ["pis"]

    @property
    def support(self) -> Constraint:
        return self._constraint

    @property
    def pis(self) -> jnp.ndarray:
        return self._pis

    def __init__(self, distributions: typing.Iterable[dists.Distribution], pis: np.ndarray, *, validate_args=None):
        """
        Initializes a MixtureModel instance.

        The feature distributions provided by argument `dists` must be in the
        same order as the features are provided in the `value` vector passed
        to `log_prob`.

        Args:
            distributions (list of numpyro.distributions.Distribution): The list of feature distributions.
            pis (array_like): The mixture weights.
        """
        self.distributions = list(distributions)
        batch_shape = None
        constraints = []
        sizes = []

        self._pis = pis
        self._mixture_components = len(pis)

        for dist in distributions:
            if not isinstance(dist, dists.Distribution):
                raise ValueError("MixtureModel got an argument that is not a distribution.")
            if len(dist.event_shape) > 1:
                raise ValueError(f"Feature distribution event shape cannot have more than one dimensions, was {dist.event_shape}.")

            if batch_shape is None:
                batch_shape = dist.batch_shape
                if len(batch_shape) == 0 or batch_shape[-1] != self._mixture_components:
                    raise ValueError(
                        f"Last batch dimension must equal the number of mixture components ({self._mixture_components})"
                        f" for all distributions; got {dist.batch_shape} from {dist}.")
            else:
                if batch_shape != dist.batch_shape:
                    raise ValueError(f"Feature distribution batch shape deviates from mixture batch shape {batch_shape}; got {dist.batch_shape} from {dist}.")

            sizes.append(dist.event_shape[-1] if len(dist.event_shape) > 0 else 1)
            constraints.append(dist.support)

        assert len(batch_shape) > 0
        batch_shape = batch_shape[:-1]
        self._offsets = np.cumsum(np.hstack((0., sizes)), dtype=np.int32)
        event_shape = (self._offsets[-1],)

        if len(pis) != self._mixture_components:
            raise ValueError(f"Mixture model has {self._mixture_components} components but only got {len(pis)} mixture weights.")

        self._constraint = combined_constraint(constraints, sizes)

        super(MixtureModel, self).__init__(batch_shape, event_shape, validate_args=validate_args)

    @property
    def mixture_components(self):
        return self._mixture_components

    def log_prob(self, value):
        """
        Evaluates the log-probabilities for given observations.

        The log-probabilities of the K component mixture model
        $\log p(x | \theta)  =  \log \sum_{k=1}^K \pi_k p(x | \theta_k)$
        where $p(x | \theta_k)$ denotes the probabilities of the k-th mixture cluster

        Args:
            values (array_like): The observations. Dimension of the last axis must
                be the number of features (i.e., `len(dists)`).
        Returns:
            array_like of shape `values.shape[:-1]`
        """
        log_phis = [
            dbn.log_prob(value[..., np.newaxis, start:stop])
            if len(dbn.event_shape) > 0
            else dbn.log_prob(value[..., np.newaxis, start])
            for dbn, start, stop in zip(self.distributions, self._offsets[:-1], self._offsets[1:])
        ]
        log_phis = jnp.array(log_phis).sum(0)
        log_pis = jnp.log(self._pis)

        temp = log_pis + log_phis

        return logsumexp(temp, axis=-1)
