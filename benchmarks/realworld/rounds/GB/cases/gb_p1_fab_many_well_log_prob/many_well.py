# Source: https://github.com/lollcat/fab-jax-old/blob/683cc4753535cc55f8aea9bdc0c0469e693ea5fb/fabjax/target_distributions/many_well.py
# Title: fabjax/target_distributions/many_well.py -- FAB in JAX (port of lollcat/fab-torch)
# Cut: kept DoubleWellEnergy and ManyWellEnergy.log_prob; dropped the test-set construction,
#      evaluator and __main__ plotting. examples_fabjax/config/many_well.yaml sets target.dim: 32.
import jax.numpy as jnp
import jax


class Energy:
    def __init__(self, dim):
        super().__init__()
        self._dim = dim

    def energy(self, x, temperature=None):
        assert x.shape[-1] == self._dim, "`x` does not match `dim`"
        if temperature is None:
            temperature = 1.
        return self._energy(x) / temperature


class DoubleWellEnergy(Energy):
    def __init__(self, dim, a=-0.5, b=-6.0, c=1.):
        super().__init__(dim)
        self._a = a
        self._b = b
        self._c = c

    def _energy(self, x):
        d = x[:, [0]]
        v = x[:, 1:]
        e1 = self._a * d + self._b * d**2 + self._c * d**4
        e2 = jnp.sum(0.5 * v**2, axis=-1, keepdims=True)
        return e1 + e2

    def log_prob(self, x):
        if len(x.shape) == 1:
            x = jnp.expand_dims(x, axis=0)
        return jnp.squeeze(-self.energy(x))


class ManyWellEnergy:
    def __init__(self, dim: int = 4, *args, **kwargs):
        assert dim % 2 == 0
        self.n_wells = dim // 2
        self.double_well_energy = DoubleWellEnergy(dim=2, *args, **kwargs)
        self.dim = dim

    def log_prob(self, x):
        return jnp.sum(jnp.stack([self.double_well_energy.log_prob(x[..., i*2:i*2+2]) for i in range(
                self.n_wells)], axis=-1), axis=-1)
