# Source: https://github.com/harinarayansriram/mfas-combined/blob/1edc8ee951374e3c93a01e24aa44736e5e6cfe83/original_code/justin-gert/functions.py
# Title: original_code/justin-gert/functions.py (monte_carlo_node_ordering for the FlyWire MFAS challenge)
# Cut: kept monte_carlo_node_ordering unchanged; dropped the gradient-based objective above it;
#      calculate_node_forward moved to metric.py.
import jax
import jax.numpy as jnp

from metric import calculate_node_forward


def monte_carlo_node_ordering(
    source_indices,
    target_indices,
    node_order,
    edge_weights,
    num_iterations=200000000,
    temp=1.0,
):
    num_nodes = node_order.shape[0]
    num_edges = source_indices.shape[0]

    source_indices = jnp.array(source_indices)
    target_indices = jnp.array(target_indices)
    node_order = node_order.astype(float)

    # Function to compute the forward score
    def calculate_forward_score(node_order):
        source_order = node_order[source_indices]
        target_order = node_order[target_indices]
        forward_edges = source_order < target_order
        return jnp.sum(edge_weights * forward_edges)

    # Initial score
    current_score = calculate_forward_score(node_order)

    # Initial PRNGKey
    key = jax.random.PRNGKey(0)

    def monte_carlo_step(state):
        node_order, current_score, iteration, temp, key = state

        # Split the key for reproducibility
        key, subkey_i, subkey_j, subkey_accept = jax.random.split(key, 4)

        # Sample two random nodes to swap
        i = jax.random.randint(subkey_i, (), 0, num_nodes)
        j = jax.random.randint(subkey_j, (), 0, num_nodes)

        # Ensure that i != j using jax.lax.while_loop
        def cond_fun(val):
            _, j = val
            return j == i

        def body_fun(val):
            key_j, _ = val
            key_j, subkey_new_j = jax.random.split(key_j)
            new_j = jax.random.randint(subkey_new_j, (), 0, num_nodes)
            return key_j, new_j

        key_j, j = jax.lax.while_loop(cond_fun, body_fun, (key, j))

        # Update key with the latest key_j
        key = key_j

        # Swap positions of node i and node j
        new_node_order = node_order.at[i].set(node_order[j])
        new_node_order = new_node_order.at[j].set(node_order[i])

        # Compute new score
        new_score = calculate_forward_score(new_node_order)

        # Acceptance probability (simulated annealing)
        delta = new_score - current_score
        accept_prob = jnp.exp(
            delta / temp
        )  # Probabilistically accept worse solutions based on temperature

        random_value = jax.random.uniform(subkey_accept, ())

        # Update state based on acceptance criterion
        accept_swap = delta > 0  # | (random_value < accept_prob)

        node_order = jax.lax.select(accept_swap, new_node_order, node_order)
        current_score = jax.lax.select(accept_swap, new_score, current_score)

        return node_order, current_score, iteration + 1, temp, key

    # Initial state for the Monte Carlo loop
    state = (node_order, current_score, 0, temp, key)

    # Loop for a given number of iterations
    def cond_fun(state):
        node_order, _, iteration, _, _ = state

        def check_metric_fn(_):
            source_order = node_order[source_indices]
            target_order = node_order[target_indices]
            metric = calculate_node_forward(source_order, target_order, edge_weights)
            jax.debug.print(
                "Iteration {iteration}, metric {metric}, score {current_score}",
                iteration=iteration,
                metric=metric,
                current_score=current_score,
            )
            return None

        # Conditionally run the metric check
        jax.lax.cond(
            iteration % 100000 == 0, check_metric_fn, lambda _: None, operand=None
        )

        return iteration < num_iterations

    state = jax.lax.while_loop(cond_fun, monte_carlo_step, state)
    final_node_order, final_score, _, _, _ = state

    return final_node_order, final_score