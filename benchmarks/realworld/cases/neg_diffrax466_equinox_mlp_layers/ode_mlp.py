# Source: https://github.com/patrick-kidger/diffrax/issues/466
# Title: patrick-kidger/diffrax#466 "Accelerate ODE solver [What did I miss?]"
# Cut: kept the author's two modules; the solve call (cut off in the thread) is written as a plain jitted
#      diffeqsolve.
import equinox as eqx
import jax
import diffrax
import jax.numpy as jnp


class MLPeqx(eqx.Module):
    layers: list
    activation: callable = eqx.static_field()

    def __init__(self, hidden_dims):
        super().__init__()
        tmp_key = jax.random.split(jax.random.PRNGKey(0), len(hidden_dims) - 1)
        self.layers = [eqx.nn.Linear(hidden_dims[i], hidden_dims[i + 1], key=tmp_key[i]) for i in
                       range(len(hidden_dims) - 1)]
        self.activation = jax.nn.relu

    def __call__(self, x):
        for i in range(len(self.layers) - 1):
            x = self.activation(self.layers[i](x))
        x = self.layers[-1](x)
        return x


class ODEjax(eqx.Module):
    func: MLPeqx

    def __init__(self, hidden_dims):
        super().__init__()
        self.func = MLPeqx(hidden_dims)

    def __call__(self, t, y, args=None):
        return self.func(y)


@eqx.filter_jit
def solve(ode, y0):
    term = diffrax.ODETerm(ode)
    return diffrax.diffeqsolve(term, diffrax.Tsit5(), t0=0.0, t1=1.0, dt0=0.01, y0=y0)


sol = solve(ODEjax([2, 64, 64, 2]), jnp.ones(2))
