# Source: https://github.com/d2l-ai/d2l-en/blob/23d7a5aecceee57d1292c56e90cce307f183bb0a/d2l/jax.py
# Title: d2l-en, d2l/jax.py (the book's saved JAX library)
# Cut: only Module.forward/__call__ and Module.training_step: a d2l.Module is a flax module whose __call__ runs forward, and training differentiates it
import jax
from d2l import jax as d2l


class Module(d2l.nn_Module, d2l.HyperParameters):
    """The base class of models."""

    def loss(self, y_hat, y):
        raise NotImplementedError

    # JAX & Flax do not have a forward-method-like syntax. Flax uses setup
    # and built-in __call__ magic methods for forward pass. Adding here
    # for consistency
    def forward(self, X, *args, **kwargs):
        assert hasattr(self, 'net'), 'Neural network is defined'
        return self.net(X, *args, **kwargs)

    def __call__(self, X, *args, **kwargs):
        return self.forward(X, *args, **kwargs)

    def training_step(self, params, batch, state):
        l, grads = jax.value_and_grad(self.loss)(params, batch[:-1],
                                                 batch[-1], state)
        self.plot("loss", l, train=True)
        return l, grads
