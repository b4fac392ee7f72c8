# Source: https://github.com/XanaduAI/qml-benchmarks/blob/c4f6d766d71a4e72470db2a681687754b51b630b/src/qml_benchmarks/models/base.py
# Title: src/qml_benchmarks/models/base.py -- class EnergyBasedModel (commit "chunk sampling")
# Cut: constructor arguments, docstrings of the abstract methods, score() and the other base
#      classes cut; sampling, contrastive-divergence loss and fit kept.
import copy
from abc import abstractmethod

import jax
import jax.numpy as jnp
import numpy as np
import optax
from qml_benchmarks.model_utils import train


class EnergyBasedModel:
    def __init__(self, dim=None, learning_rate=0.001, batch_size=32, max_steps=10000,
                 cdiv_steps=1, convergence_interval=None, random_state=42, jit=True):
        self.learning_rate = learning_rate
        self.jit = jit
        self.batch_size = batch_size
        self.max_steps = max_steps
        self.cdiv_steps = cdiv_steps
        self.convergence_interval = convergence_interval
        self.random_state = random_state
        self.rng = np.random.default_rng(random_state)
        self.params_ = None
        self.dim = dim

        self.mcmc_step = jax.jit(self.mcmc_step)
        self.batched_mcmc_sample = jax.vmap(
            self.mcmc_sample, in_axes=(None, 0, None, 0)
        )

    def generate_key(self):
        return jax.random.PRNGKey(self.rng.integers(1000000))

    @abstractmethod
    def energy(self, params: dict, x: any) -> float:
        pass

    # TODO: this can be made even more efficient with Numpyro MCMC
    # see qgml.mcmc for a simple example
    def mcmc_step(self, args, i):
        """
        Perform one metropolis hastings steps.
        The format is such that it can be used with jax.lax.scan for fast compilation.
        """
        params, key, x = args
        key1, key2 = jax.random.split(key, 2)
        flip_idx = jax.random.choice(key1, jnp.arange(self.dim))
        flip_config = jnp.zeros(self.dim, dtype='int32')
        flip_config = flip_config.at[flip_idx].set(1)
        x_flip = jnp.array((x + flip_config) % 2)

        en = self.energy(params, jnp.expand_dims(x, 0))[0]

        en_flip = self.energy(params, jnp.expand_dims(x_flip, 0))[0]
        accept_ratio = jnp.exp(-en_flip) / jnp.exp(-en)
        accept = jnp.array(jax.random.bernoulli(key2, accept_ratio), dtype=int)[0]
        x_new = accept * x_flip + (1 - accept) * x
        return [params, key2, x_new], x_new

    def mcmc_sample(self, params, x_init, num_mcmc_steps, key):
        """
        Sample a chain of configurations from a starting configuration x_init
        """
        carry = [params, key, x_init]
        carry, configs = jax.lax.scan(self.mcmc_step, carry, jnp.arange(num_mcmc_steps))
        return configs

    def langevin_sample(self, params, x_init, n_samples, key):
        pass

    def sample(self, num_samples, num_steps=1000, max_chunk_size=100):
        """
        sample configurations starting from a random configuration.
        """
        if self.params_ is None:
            raise ValueError(
                "Model not initialized. Call model.initialize first with"
                "example data sample."
            )
        keys = jax.random.split(self.generate_key(), num_samples)

        x_init = jnp.array(
            jax.random.bernoulli(
                self.generate_key(), p=0.5, shape=(num_samples, self.dim)
            ),
            dtype=int,
        )

        # chunk the sampling, otherwise the vmap can blow the memory
        num_chunks = num_steps//max_chunk_size + 1
        x_init = jnp.array_split(x_init, num_chunks)
        keys = jnp.array_split(keys, num_chunks)
        configs = []
        for elem in zip(x_init, keys):
            new_configs = self.batched_mcmc_sample(self.params_, elem[0], num_steps, elem[1])
            configs.append(new_configs[:,-1])

        configs = jnp.concatenate(configs)
        return configs

    def contrastive_divergence_loss(self, params, X, y, key):
        """
        Contrastive divergence loss function.
        Args:
            X (array): batch of training examples
            y (array): not used; should be set to None when training
            key: jax PRNG key
        """
        keys = jax.random.split(key, X.shape[0])

        # we do not take the gradient wrt the sampling, so decouple the param dict here
        params_copy = copy.deepcopy(params)
        for key in params_copy.keys():
            params_copy[key] = jax.lax.stop_gradient(params_copy[key])

        configs = self.batched_mcmc_sample(params_copy, X, self.cdiv_steps, keys)
        x0 = X
        x1 = configs[:, -1]

        # taking the gradient of this loss is equivalent to the CD-k update
        loss = self.energy(params, x0) - self.energy(params, x1)

        return jnp.mean(loss)

    def fit(self, X: jnp.array, y: any = None) -> None:
        """
        Fit the parameters and update self.params_.
        """
        self.initialize(X)
        c_div_loss = (
            jax.jit(self.contrastive_divergence_loss)
            if self.jit
            else self.contrastive_divergence_loss
        )


        self.params_ = train(
            self,
            c_div_loss,
            optax.adam,
            X,
            None,
            self.generate_key,
            convergence_interval=self.convergence_interval,
        )
