# Source: https://github.com/vicariousinc/PGMax/blob/d41b8b70249f3dd2e1a3b5be1af00fbd442877cc/pgmax/contrib/mpbp/mp_belief_prop_jax_orig.py
# Title: pgmax/contrib/mpbp/mp_belief_prop_jax_orig.py
# Cut: run_mp_belief_prop_and_compute_map (BP iterations in jax.lax.scan) and the jitted message-update
#      functions kept; compile_jax_data_structures body (host-side dict/list building) removed.
import itertools
from timeit import default_timer as timer

import jax
import jax.numpy as jnp
import numpy as np
from jax.interpreters.xla import DeviceArray

import pgmax.contrib.interface.node_classes as node_classes


def run_mp_belief_prop_and_compute_map(
    fg: node_classes.FactorGraph,
    evidence: dict,
    num_iters: int,
    damping_factor: float,
) -> dict:
    """Performs max-product belief propagation on a FactorGraph fg for num_iters iterations and returns the MAP
    estimate.

    Args
        fg: A FactorGraph object upon which to do belief propagation
        evidence: Each entry represents the constant, evidence message that's passed to the corresponding
            VariableNode that acts as the key
        num_iters: The number of iterations for which to perform message passing
        damping_factor: The damping factor to use for message updates between one timestep and the next

    Returns:
        var_map_estimate. A dictionary mapping each variable to its MAP estimate value
    """
    # NOTE: This currently assumes all variable nodes have the same size. Thus, all messages have the same size

    start_time = timer()
    (
        msgs_arr,
        evidence_arr,
        neighbors_vtof_arr,
        neighbors_ftov_arr,
        neighbor_vars_valid_configs_arr,
        var_neighbors_arr,
        var_to_indices_dict,
    ) = compile_jax_data_structures(fg, evidence)
    end_time = timer()
    print(f"Data structures compiled in: {end_time - start_time}s")

    # Convert the msgs_arr and evidence_arr to jax arrays for use in BP
    msgs_arr = jnp.array(msgs_arr)
    evidence_arr = jnp.array(evidence_arr)

    @jax.partial(jax.jit, static_argnums=(5))
    def run_mpbp_update_loop(
        msgs_arr,
        evidence_arr,
        neighbors_vtof_arr,
        neighbors_ftov_arr,
        neighbor_vars_valid_configs_arr,
        num_iters,
    ):
        "Function wrapper that leverages jax.lax.scan to efficiently perform BP"

        def mpbp_update_step(msgs_arr, x):
            # Variable to Factor messages update
            updated_vtof_msgs = pass_var_to_fac_messages_jnp(
                msgs_arr, evidence_arr, neighbors_ftov_arr
            )
            # Factor to Variable messages update
            updated_ftov_msgs = pass_fac_to_var_messages_jnp(
                msgs_arr, neighbor_vars_valid_configs_arr, neighbors_vtof_arr
            )
            # Damping before final message update
            msgs_arr = damp_and_update_messages(
                updated_vtof_msgs, updated_ftov_msgs, msgs_arr, damping_factor
            )
            return msgs_arr, None

        msgs_arr, _ = jax.lax.scan(mpbp_update_step, msgs_arr, None, num_iters)
        return msgs_arr

    msg_update_start_time = timer()
    msgs_arr = run_mpbp_update_loop(
        msgs_arr,
        evidence_arr,
        neighbors_vtof_arr,
        neighbors_ftov_arr,
        neighbor_vars_valid_configs_arr,
        num_iters,
    ).block_until_ready()
    msg_update_end_time = timer()
    print(
        f"Message Passing completed in: {msg_update_end_time - msg_update_start_time}s"
    )

    map_start_time = timer()
    map_arr = compute_map_estimate_jax(msgs_arr, evidence_arr, var_neighbors_arr)
    map_end_time = timer()
    print(f"MAP inference took {map_end_time - map_start_time}s")

    map_conversion_start = timer()
    var_map_estimate = convert_map_to_dict(map_arr, var_to_indices_dict)
    map_conversion_end = timer()
    print(f"MAP conversion to dict took {map_conversion_end - map_conversion_start}")

    return var_map_estimate

@jax.jit
def pass_var_to_fac_messages_jnp(
    msgs_arr: DeviceArray,
    evidence_arr: DeviceArray,
    neighbors_ftov_arr: np.array,
) -> DeviceArray:
    """
    passes messages from VariableNodes to FactorNodes and computes a new updated set of messages using JAX

    Args:
        msgs_arr (DeviceArray of shape (2, num_edges + 1, msg_size)): This holds all the messages. the 0th index
            of the 0th axis corresponds to f->v msgs while the 1st index of the 0th axis corresponds to v-> f
            msgs. The last row is just an extra row of 0's that represents a "null message" which will never
            be updated.
        evidence_arr (DeviceArray of shape (num_edges, msg_size)): evidence_arr[x,:] corresponds to the evidence
            needed to compute the message contained in msgs_arr[1,x,:]
        neighbors_ftov_arr (DeviceArray of shape (num_edges x max_num_var_neighbors)): neighbors_ftov_list[x,:] is an
            array of integers that represent the indices into the 1st axis of msgs_arr[0,:,:] that correspond to the
            messages needed to update the message for msgs_arr[1,x,:]. In order to make this a regularly-sized array,
            we pad each row with -1's to refer to the "null message".
    Returns:
        (DeviceArray of shape (num_edges, msg_size)): This corresponds to the updated v->f messages after normalization
            and clipping
    """
    _, num_edges, _ = msgs_arr.shape
    num_edges -= 1  # account for the extra null message row
    indices_arr = jnp.arange(num_edges)  # make an array to index into the correct rows

    # For every row, neighbors_ftov_arr contains the indices of the neighboring fac to var messages
    # Use indices_arr to obtain these indices, then index into msgs_arr[0] using these.
    # Finally, sum these neighboring messages and the evidence to get the final answer!
    expanded_evidence = jnp.expand_dims(evidence_arr[indices_arr, :], 1)
    neighboring_ftov_msgs = msgs_arr[0, neighbors_ftov_arr[indices_arr, :], :]
    updated_vtof_msgs = jnp.sum(
        jnp.concatenate((expanded_evidence, neighboring_ftov_msgs), 1), axis=1
    )

    # Normalize and clip messages (between -1000 and 1000) before returning
    normalized_updated_msgs = updated_vtof_msgs - jnp.expand_dims(
        updated_vtof_msgs[:, 0], 1
    )
    clipped_updated_msgs = jnp.clip(normalized_updated_msgs, -1000, 1000)

    return clipped_updated_msgs


@jax.jit
def pass_fac_to_var_messages_jnp(
    msgs_arr: DeviceArray,
    neighbor_vars_valid_configs_arr: np.array,
    neighbors_vtof_arr: np.array,
) -> DeviceArray:
    """
    passes messages from VariableNodes to FactorNodes and computes a new, updated set of messages using JAX

    Args:
        msgs_arr (DeviceArray of shape (2, num_edges + 1, msg_size)): This holds all the messages. the 0th index
            of the 0th axis corresponds to f->v msgs while the 1st index of the 0th axis corresponds to v-> f
            msgs. The last row is just an extra row of 0's that represents a "null message" which will never
            be updated.
        evidence_arr (DeviceArray of shape (num_edges, msg_size)): evidence_arr[x,:] corresponds to the evidence
            needed to compute the message contained in msgs_arr[1,x,:]
        neighbors_vtof_arr (DeviceArray of shape (num_edges x max_num_fac_neighbors)): neighbors_vtof_list[x,:] is an
            array of integers that represent the indices into the 1st axis of msgs_arr[1,:,:] that correspond to
            the messages needed to update the message for msgs_arr[0,x,:]. In order to make this a regularly-sized
            array, we pad each row with -1's to refer to the "null message".

    Returns:
        (DeviceArray of shape (num_edges, msg_size)): This corresponds to the updated f->v messages after normalization
            and clipping
    """
    _, num_edges, _ = msgs_arr.shape
    num_edges -= 1  # account for the extra null message row
    indices_arr = np.arange(num_edges)  # make an array to index into the correct rows

    neighboring_vtof_msgs = msgs_arr[1, neighbors_vtof_arr[indices_arr, :], :]

    # Expand dims of the vtof msgs and rearrange axes of neighbor_valid_configs
    # so the below take_along_axis operation goes thru
    neighboring_vtof_msgs_padded = jnp.expand_dims(neighboring_vtof_msgs, 3)
    configs_for_var_state = np.swapaxes(
        neighbor_vars_valid_configs_arr[indices_arr, :, :, :], 1, 3
    )
    # Take the values corresponding to the right configs for each possible state, sum these and take
    # the max to get the value of each message at each possible state
    updated_ftov_msgs = (
        jnp.take_along_axis(
            neighboring_vtof_msgs_padded[indices_arr, :], configs_for_var_state, axis=2
        )
        .sum(1)
        .max(1)
    )

    # Normalize and clip messages (between -1000 and 1000) before returning
    normalized_updated_msgs = updated_ftov_msgs - jnp.expand_dims(
        updated_ftov_msgs[:, 0], 1
    )
    clipped_updated_msgs = jnp.clip(normalized_updated_msgs, -1000, 1000)

    return clipped_updated_msgs


@jax.partial(jax.jit, static_argnums=(3))
def damp_and_update_messages(
    updated_vtof_msgs: DeviceArray,
    updated_ftov_msgs: DeviceArray,
    original_msgs_arr: DeviceArray,
    damping_factor: float,
) -> DeviceArray:
    """
    updates messages using previous messages, new messages and damping factor

    Args:
        updated_vtof_msgs (DeviceArray of shape (num_edges, msg_size)): This corresponds to the updated
            v->f messages after normalization and clipping
        updated_ftov_msgs (DeviceArray of shape (num_edges, msg_size)): This corresponds to the updated
            f->v messages after normalization and clipping
        original_msgs_arr (np.array of shape (2, num_edges + 1, msg_size)): This holds all the messages.
            The 0th index of the 0th axis corresponds to f->v msgs while the 1st index of the 0th axis
            corresponds to v-> f msgs. The last row is just an extra row of 0's that represents a "null message"
            which will never be updated.
        damping_factor (float): The damping factor to use when updating messages.

    Returns:
        updated_msgs_arr (DeviceArray of shape (2, num_edges + 1, msg_size)): This holds all the updated messages.
            The 0th index of the 0th axis corresponds to f->v msgs while the 1st index of the 0th axis corresponds
            to v-> f msgs. The last row is just an extra row of 0's that represents a "null message" which will never
            be updated.
    """
    updated_msgs_arr = jnp.zeros_like(original_msgs_arr)
    damped_vtof_msgs = (damping_factor * original_msgs_arr[1, :-1, :]) + (
        1 - damping_factor
    ) * updated_vtof_msgs
    damped_ftov_msgs = (damping_factor * original_msgs_arr[0, :-1, :]) + (
        1 - damping_factor
    ) * updated_ftov_msgs
    updated_msgs_arr = jax.ops.index_update(
        updated_msgs_arr, jax.ops.index[1, :-1, :], damped_vtof_msgs
    )
    updated_msgs_arr = jax.ops.index_update(
        updated_msgs_arr, jax.ops.index[0, :-1, :], damped_ftov_msgs
    )
    return updated_msgs_arr


@jax.jit
def compute_map_estimate_jax(
    msgs_arr: DeviceArray,
    evidence_arr: np.array,
    var_neighbors_arr: np.array,
) -> DeviceArray:
    """
    uses messages computed by message passing to derive the MAP estimate for
    every variable node

    Args:
        msgs_arr (DeviceArray of shape (2, num_edges + 1, msg_size)): This holds all the messages. the 0th index
            of the 0th axis corresponds to f->v msgs while the 1st index of the 0th axis corresponds to v-> f
            msgs. The last row is just an extra row of 0's that represents a "null message" which will never
            be updated.
        evidence_arr (DeviceArray of shape (num_edges, msg_size)): evidence_arr[x,:] corresponds to the evidence
            needed to compute the message contained in msgs_arr[1,x,:]
        var_neighbors_arr (np.array of size (num_variables x max_num_var_neighbors)): var_neighbors_arr[i,:] represent
                all the indices into msgs_arr[0,:,:] that correspond to neighboring f-> messages

    Returns:
        (DeviceArray of len num_var_nodes): an array where each index corresponds to the MAP state of a particular
            variable node
    """

    var_indices = np.arange(var_neighbors_arr.shape[0])
    neighboring_msgs_sum = msgs_arr[0, var_neighbors_arr[var_indices, :], :].sum(1)
    # For any var_index, we know that evidence_arr[var_neighbors_arr[var_index,:]] will be an array of the same
    # evidence messages (since all messages connected to the same var_node must have the same evidence).
    # Thus, to get only one of these messages, we can do evidence_arr[var_neighbors_arr[var_index,0]]
    neighbor_and_evidence_sum = (
        neighboring_msgs_sum + evidence_arr[var_neighbors_arr[var_indices, 0]]
    )
    return neighbor_and_evidence_sum.argmax(1)


