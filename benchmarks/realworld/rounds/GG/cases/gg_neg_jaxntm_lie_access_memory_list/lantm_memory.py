# Source: https://github.com/leonlenk/JAX-NTM/blob/b4bc04e8fefaa4e94dd7ff0b7b93b741f2409249/Memories/LANTM_yang2017.py
# Title: Memories/LANTM_yang2017.py (Lie-access neural Turing machine memory, prototype)
# Cut: dropped the inverse-square similarity, the class docstring and get_metadata; the rest,
#      including the __main__ smoke test, kept as written.
from typing import Callable

import jax.numpy as jnp
from jax import Array

from Common import globals
from Common.globals import MACHINES, METADATA
from Common.MemoryInterface import MemoryInterface


class MemoryLocation:
    """Individual units of memory for the LANTM
    Each memory location has a key, memory vector, and strength
    """

    def __init__(self, key: Array, memory_vector: Array, strength: float) -> None:
        self.key = key
        self.memory_vector = memory_vector
        self.strength = strength


# Helper functions
def read_from_weights(memory_state: list[MemoryLocation], weights: Array) -> Array:
    """Calculates the read vector
    :param memory_state: current memory state
    :param weights: weight for each memory state, must be the same length as memory_state

    :return: the weighted sum of each memory vector
    """
    read_vectors = []
    for memory_location, weight in zip(memory_state, weights):
        read_vectors.append(jnp.multiply(memory_location.memory_vector, weight))
    return jnp.mean(jnp.array(read_vectors), axis=0)


def normalize_arith_mean_similarity(
    memory_state: list[MemoryLocation],
    head_state: Array,
    similarity_function: Callable[[Array, Array, float], float],
) -> Array:
    """Calculates address weights
    :param memory_state: current memory state
    :param head_state: current head state vector
    :param similarity_function: function which takes in (head state, key, strength) and returns the weight

    :return: a list of normalized weights for each memory location

    s_i * S(q, k_i)
    /
    sum_j(s_j * S(q, k_j))
    """
    weights_list: list[float] = []
    for memory_location in memory_state:
        weights_list.append(
            similarity_function(
                head_state, memory_location.key, memory_location.strength
            )
        )

    weights: Array = jnp.array(weights_list)
    return jnp.divide(weights, jnp.sum(weights))


# Similarity functions
def similarity_softmax(
    memory_state: list[MemoryLocation],
    head_state: Array,
    metric: Callable[[Array, Array], float],
    temperature: float,
) -> Array:
    """Implements softmax similarity
    :param memory_state: current memory state
    :param head_state: current head state vector
    :param metric: function which takes in (head state, key) and returns a measure of distance
    :param temperature: temperature of softmax, lower = sharper addressing

    :return: the weight array

    s_i * e^(-d(q,k_i)^2 / T)
    /
    sum_j(s_j * e^(-d(q,k_j)^2 / T))
    """

    def softmax(head_state: Array, key: Array, strength: float) -> float:
        distance = metric(head_state, key)
        return strength * jnp.exp(-(distance**2) / temperature).item()

    weights: Array = normalize_arith_mean_similarity(memory_state, head_state, softmax)
    return weights


# Metric functions
def metric_euclidean_distance(head_state: Array, key: Array) -> float:
    """Implements euclidean distance metric
    :param head_state: current head state vector
    :param key: key vector

    :return: measure of distance

    sum_i((x_i - y_i)^2)^(1/2)
    """
    return jnp.linalg.norm(jnp.subtract(head_state, key))


# Interpolation Functions
def interpolation_Rn_function(
    head_state: Array, interpolation_vector: Array, interpolation_gate: float
) -> Array:
    """Implements natural Rn interpolation
    :param head_state: previous head state vector
    :param interpolation_vector: vector "r" updating the state
    :param interpolation_gate: scalar "g" in [0,1] indicating how strongly to interpolation
        0 means the interpolation will be ignored
        1 means the previous head state will be ignored

    q * (1 - g) + r * g
    """
    return jnp.add(
        jnp.multiply(head_state, 1 - interpolation_gate),
        jnp.multiply(interpolation_vector, interpolation_gate),
    )


# Group action functions
def group_action_Rn_addition(head_state: Array, action: Array) -> Array:
    """Implements Rn addition group
    :param head_state: previous head state vector
    :param action: shift to add to previous head state

    :return: new head_state

    q = (x, y, ...)
    a = (α, β, ...)
    a * q = (x + α, y + β, ...)
    """
    return jnp.add(head_state, action)


# TODO group action, metric, interpolation functions for SO3 on S2


class LieAccessMemory(MemoryInterface):

    def __init__(
        self,
        rng_key,
        memory_shape,
        optimizer,
    ):
        self.rng_key = rng_key

        self.memory_shape = memory_shape

        self.memory_state: list[MemoryLocation] = []

    def set_memory_functions(
        self,
        interpolation_fn: Callable[[Array, Array, float], Array],
        group_action_fn: Callable[[Array, Array], Array],
        metric_fn: Callable[[Array, Array], float],
        similarity_fn: Callable[..., Array],
    ):
        """Initializes functions defining the memory accessing scheme
        :param interpolation_fn: maps (previous head state, interpolation vector, interpolation gate) to (new head state)
            called before the group action
        :param group_action_fn: maps (previous head state, action) to (new head state)
        :param metric_fn: maps (head_state, key) to (distance)
        :param similarity_fn: maps (memory state, head state, metric, additional parameters) to (read vector)
        """
        self.group_action_fn = group_action_fn
        self.metric_fn = metric_fn
        self.interpolation_fn = interpolation_fn
        self.similarity_fn = similarity_fn

        self.group_action_fn_name = group_action_fn.__name__
        self.metric_fn_name = metric_fn.__name__
        self.interpolation_fn_name = interpolation_fn.__name__
        self.similarity_fn_name = similarity_fn.__name__

    def apply_gradients(self, gradients):
        pass

    # TODO update memoryinterface for more generic read/write/address functions

    def read(self, weights: Array) -> Array:
        return read_from_weights(self.memory_state, weights)

    def write(self, head_state: Array, memory_vector: Array, strength: float):
        # TODO do something different if head state (the new key) exactly matches an existing key?
        self.memory_state.append(MemoryLocation(head_state, memory_vector, strength))

    def address(
        self,
        previous_head_state: Array,
        interpolation_vector: Array,
        interpolation_gate: float,
        action: Array,
        *args,
    ) -> tuple[Array, Array]:
        head_state = self.interpolation_fn(
            previous_head_state, interpolation_vector, interpolation_gate
        )
        head_state = self.group_action_fn(head_state, action)
        return head_state, self.similarity_fn(
            self.memory_state, head_state, self.metric_fn, *args
        )


if __name__ == "__main__":
    import jax
    import optax

    memory_depth = 8
    learning_rate = 5e-3

    memory = LieAccessMemory(
        jax.random.key(globals.JAX.RANDOM_SEED),
        (memory_depth,),
        optax.adam(learning_rate),  # TODO nothing is done with optimizer right now...
    )

    # initialize Rn addition with euclidean distance metric and softmax similarity
    memory.set_memory_functions(
        interpolation_Rn_function,
        group_action_Rn_addition,
        metric_euclidean_distance,
        similarity_softmax,
    )

    temperature = 1
    head_state = jnp.zeros(memory_depth)

    action = jnp.ones(memory_depth)
    memory_vector = jnp.arange(memory_depth).astype(jnp.float32)
    strength = 0.7
    interpolation_vector = jnp.ones(memory_depth)
    interpolation_scalar = 0.2
    head_state, weights = memory.address(
        head_state, interpolation_vector, interpolation_scalar, action, temperature
    )
    # print(f'{head_state=}')
    memory.write(head_state, memory_vector, strength)

    action = jnp.zeros((memory_depth,))
    action = action.at[0].set(1)
    memory_vector = jnp.ones(memory_depth)
    strength = 0.9
    head_state, weights = memory.address(
        head_state, interpolation_vector, interpolation_scalar, action, temperature
    )
    # print(f'{head_state=}')
    memory.write(head_state, memory_vector, strength)

    head_state, weights = memory.address(
        head_state, interpolation_vector, interpolation_scalar, action, temperature
    )
    read_vector = memory.read(weights)
    # print(f'{read_vector=}')

    # for x in memory.memory_state:
    #     print(f'{x.key=}\n{x.memory_vector=}\n{x.strength=}\n')

    assert read_vector.shape[0] == memory_depth
