# Source: https://github.com/schilln/research-data-assimilation/blob/879f2233341b06f3bb1ff59541a4aef9a493df0f/base_optim.py
# Title: base_optim.py (parameter optimizers for nudging-based parameter estimation)
# Cut: kept Optimizer (reduced), Regularizer.step, OptaxWrapper and OptimizerChain; other optimizers,
#      LR schedulers, pruning and argument validation dropped; Optimizer.compute_gradient is a
#      one-line reconstruction standing in for the original sensitivity computation.
import jax
from jax import numpy as jnp
import optax

from base_system import System

jndarray = jnp.ndarray


class Optimizer:
    def __init__(self, system: System):
        self._system = system

    def compute_gradient(self, observed_true: jndarray, nudged: jndarray) -> jndarray:
        return self.system.compute_w(nudged).T @ (nudged[:, self.system.observed_slice] - observed_true).ravel()

    def step(self, observed_true: jndarray, nudged: jndarray) -> jndarray:
        raise NotImplementedError()

    system = property(lambda self: self._system)


class Regularizer(Optimizer):
    def __init__(self, system: System, ord=2, prior=None):
        if prior is None:
            self._prior = jnp.zeros_like(system.cs)
        else:
            self._prior = prior
        super().__init__(system)
        self._ord = ord

    def step(self, *_):
        ord, prior = self.ord, self.prior
        cs = self.system.cs
        match ord:
            case 2:
                return -2 * (cs - prior)
            case 1:
                return -jnp.sign(cs - prior)
            case int() | float():
                return -jax.jacfwd(lambda ps: jnp.norm(ps, ord=ord))(cs - prior)

    ord = property(lambda self: self._ord)
    prior = property(lambda self: self._prior)


class OptaxWrapper(Optimizer):
    def __init__(
        self, system: System, optimizer: optax.GradientTransformationExtraArgs
    ):
        super().__init__(system)
        self.optimizer = optimizer
        self.opt_state = self.optimizer.init(system.cs)

    def step(self, observed_true: jndarray, nudged: jndarray) -> jndarray:
        gradient = self.compute_gradient(observed_true, nudged)

        update, self.opt_state = self.optimizer.update(gradient, self.opt_state)
        return update


class OptimizerChain(Optimizer):
    def __init__(
        self,
        system: System,
        learning_rate: float,
        optimizers: list[Optimizer],
        weights: list[float],
    ):
        """Use several `Optimizer`s together, such as gradient descent with
        regularization."""
        assert len(optimizers) == len(weights), (
            "`optimizers` and `weights` should have same length"
        )

        super().__init__(system)
        self.learning_rate = learning_rate
        self._optimizers = optimizers
        self._weights = jnp.array(weights) / sum(weights)

    def step(self, observed_true: jndarray, nudged: jndarray) -> jndarray:
        return self.learning_rate * sum(
            [
                weight * optimizer.step(observed_true, nudged)
                for weight, optimizer in zip(self.weights, self.optimizers)
            ]
        )

    optimizers = property(lambda self: self._optimizers)
    weights = property(lambda self: self._weights)
