# Source: https://github.com/EmanuelSommer/bnn_connecting_the_dots/blob/62be049450420607acec0014a5dbd901ccfae95c/src/bnn_numpyro.py
# Title: src/bnn_numpyro.py (Custom shallow Bayesian neural network model using NumPyro)
# Cut: kept the model (__call__, _get_mu_sigma) and the vmapped posterior-predictive helper; the
#      activation table is shortened, get_lppd and gaussian_mlp_from_config dropped.
from typing import Optional

import jax
import jax.numpy as jnp
import numpyro
from jax import vmap
from numpy.typing import ArrayLike
from numpyro.distributions import Distribution, HalfNormal, Normal
from numpyro.handlers import substitute, trace


class GaussianMLP:
    """Gaussian multi-layer perceptron with fixed priors."""

    def __call__(self, X: jnp.array, Y: Optional[jnp.array] = None, **kwargs):
        """Call the model."""
        mu_sigma = self._get_mu_sigma(X, **kwargs)
        mu = mu_sigma[:, : self.dim_output]
        sigma = mu_sigma[:, self.dim_output :]
        sigma = jnp.exp(sigma).clip(min=1e-6, max=1e6)
        numpyro.sample(name='y', fn=Normal(mu, sigma), obs=Y, **kwargs)

    def __init__(
        self,
        dim_input: int,
        dim_hidden: list[int],
        dim_output: int,
        activation: Optional[str] = None,
        w_prior: Distribution = Normal(0, 1),
        b_prior: Optional[Distribution] = None,
        precision_prior: Distribution = HalfNormal(1),
        target_name: str = 'y',
        evaluate: bool = False,
    ) -> None:
        """Initialize the model."""
        self.dim_input = dim_input
        self.dim_hidden = dim_hidden
        if isinstance(dim_hidden, int):
            self.dim_hidden = [dim_hidden]
        self.dim_output = dim_output
        self.activation = activation
        if activation == 'tanh':
            self._activation = jnp.tanh
        elif activation == 'relu':
            self._activation = lambda x: x * (x > 0)
        elif activation == 'silu':
            self._activation = jax.nn.silu
        else:
            self._activation = lambda x: x

        self.w_prior = w_prior
        self.b_prior = b_prior
        self.precision_prior = precision_prior
        self.target_name = target_name
        self.evaluate = evaluate

    def _get_mu_sigma(
        self,
        X: ArrayLike,
        *args,
        **kwargs,
    ) -> jnp.array:
        """Get mean & var estimate of the Gaussian likelihood."""
        # loop over the hidden layers
        hidden = X
        site_counter = 1  # Counter for generating unique site names
        for hidden_neurons in self.dim_hidden:
            W_i = numpyro.sample(
                f'W{site_counter}',
                fn=self.w_prior,
                sample_shape=(hidden.shape[1], hidden_neurons),
            )
            if self.b_prior is not None:
                b = numpyro.sample(
                    f'b{site_counter}',
                    fn=self.b_prior,
                    sample_shape=(hidden_neurons,),
                )
            else:
                b = 0

            hidden = self._activation(hidden @ W_i + b)
            site_counter += 1

        # output layer
        W = numpyro.sample(
            f'W{site_counter}',
            fn=self.w_prior,
            sample_shape=(hidden.shape[1], self.dim_output * 2),
        )
        if self.b_prior is not None:
            b = numpyro.sample(
                f'b{site_counter}',
                fn=self.b_prior,
                sample_shape=(self.dim_output * 2,),
            )
        else:
            b = 0
        output = hidden @ W + b
        if self.evaluate:
            output = numpyro.param('musigma', output)
        return output

    def get_conditional_mu_sigma(
        self,
        X: ArrayLike,
        Y: ArrayLike,
        posterior_samples: dict,
        rolling=False,
    ) -> tuple[jnp.array, jnp.array]:
        """Get the conditional mean and variance of output layer."""
        self.evaluate = True

        def single_prediction(samples):
            """Get a single conditional value of the intermediate state."""
            model_trace = trace(substitute(self._get_mu_sigma, samples)).get_trace(X)
            return model_trace['musigma']['value']

        multi_pred = vmap(single_prediction)(posterior_samples)
        mu = multi_pred[:, :, : self.dim_output]
        sigma = multi_pred[:, :, self.dim_output :]
        sigma = jnp.exp(sigma).clip(min=1e-6, max=1e6)
        self.evaluate = False
        if rolling:
            # rolling average over the first dimension
            max_rolling = 10000
            if mu.shape[0] > max_rolling:
                print(
                    (
                        f'Warning: rolling average over {max_rolling} post. samples.'
                        'Truncating due to potential memory issues.'
                    )
                )
                mu = mu[:max_rolling, ...]
                sigma = sigma[:max_rolling, ...]
            mu = jnp.cumsum(mu, axis=0) / jnp.arange(1, mu.shape[0] + 1).reshape(
                -1, 1, 1
            )
            sigma = jnp.cumsum(sigma, axis=0) / jnp.arange(
                1, sigma.shape[0] + 1
            ).reshape(-1, 1, 1)
        return mu, sigma
