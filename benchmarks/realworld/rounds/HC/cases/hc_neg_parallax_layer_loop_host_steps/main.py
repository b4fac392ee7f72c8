# Source: https://github.com/srush/parallax/blob/e54b7b421b302d2f9effd7bbc0bae5b60aee2b2b/main.py
# Title: parallax main.py (feed-forward test) and parallax/layers.py (BinaryNetwork, Dropout)
# Cut: kept test_feedforward_network_learns and, inlined from layers.py, Dense/Dropout/BinaryNetwork;
#      Module/ParamInit come from parallax/core.py (not reproduced).
import jax
import jax.nn.initializers as init

from parallax.core import Module, Parameter, ParamInit


class Dense(Module):
    weight : Parameter
    bias : Parameter

    def __init__(self, in_size, out_size):
        super().__init__()
        self.weight = ParamInit((out_size, in_size), init.xavier_normal())
        self.bias = ParamInit((out_size,), init.normal())

    def forward(self, input):
        return self.weight @ input + self.bias


class Dropout(Module):
    rate : float
    def __init__(self, rate):
        super().__init__()
        self.rate = rate

    def forward(self, input):
        state = self.rng
        if self.mode == "train":
            keep = jax.random.bernoulli(state, self.rate, input.shape)
            return jax.numpy.where(keep, input / self.rate, 0)
        else:
            return input


class BinaryNetwork(Module):
    dense1 : Dense
    dense2 : Dense
    dense3 : Dense
    dropout : Dropout

    def __init__(self, input_size, hidden_size):
        super().__init__()
        self.dense1 = Dense(input_size, hidden_size)
        self.dense2 = Dense(hidden_size, hidden_size)
        self.dense3 = Dense(hidden_size, 1)
        self.dropout = Dropout(0.2)

    def forward(self, input):
        x = jax.numpy.tanh(self.dense1(input))
        x = self.dropout(x)
        # Shared params / recurrence only requires split to change RNG
        x = jax.numpy.tanh(self.dense2(x))
        x = jax.numpy.tanh(self.dense2(x))
        return jax.nn.sigmoid(self.dense3(jax.numpy.tanh(x)))[0]


def test_feedforward_network_learns():
    layer = BinaryNetwork(5, 10)
    rng = jax.random.PRNGKey(0)
    layer = layer.initialized(rng)

    initial_loss = None
    for i in range(10):
        # Thread state through parameters -> functor, hidden
        rng, iter_rng = jax.random.split(rng)
        layer = layer.new_state(iter_rng, mode="train")

        # Jax style grad compute -> tree-shaped immutable
        x = jax.numpy.zeros(5)
        loss = layer(x)
        if initial_loss is None:
            initial_loss = loss
        print(loss)
        grad = layer.grad(x)

        # Grad Update -> tree-shaped
        layer = jax.tree_util.tree_multimap(lambda p, g: p - 0.3 * g, layer, grad)
    assert loss < .5 * initial_loss
