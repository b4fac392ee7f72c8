# Source: https://github.com/kaminow/jat/blob/36560f9c9f23ec481cb50886cb2e9dad6cc7a5e2/scripts/jit_test.py
# Title: scripts/jit_test.py ("Script to test the difference between jitted and non-jitted code.")
# Cut: sys.path hack replaced by a local import of graph.py; the non-jitted copy of get_neighbors and
#      commented-out blocks removed; timing driver kept (1000 nodes).
import jax
import jax.numpy as jnp
import timeit

from graph import Node, Graph


def generate_nodes(key):
    node_list = []
    key, subkey = jax.random.split(jax.random.PRNGKey(0))
    for _ in range(1000):
        node_list.append(Node(jnp.zeros((1,)), jax.random.normal(subkey, (3,))))
        key, subkey = jax.random.split(key)

    print("generated nodes", flush=True)
    return node_list


setup_cmd = "node_list = generate_nodes(jax.random.PRNGKey(0))"
print("jit:")
print(
    timeit.timeit(
        "Graph.get_neighbors(node_list, 1.0)",
        setup=setup_cmd,
        number=1,
        globals=globals(),
    ),
    flush=True,
)
