# Source: https://github.com/CristianManta/partial-cliques/blob/5346e30dbc79d29824bab41bdcdea6a5f347a765/dag_gflownet/gflownet.py
# Title: dag_gflownet/gflownet.py (CristianManta/partial-cliques)
# Cut: DAGGFlowNet keeps act (its jit decorator is commented out in the source; it runs in the host-side sampling loop) and
#      the jitted step for contrast; loss, init and the log-likelihood helpers removed.
import jax.numpy as jnp
import jax
import haiku as hk
import optax
import numpy as np

from functools import partial
from jax import grad, random, jit, nn


class DAGGFlowNet:
    def act(self, params, key, observations, epsilon, x_dim, K, temperature=1.0):

        graphs = observations["graphs_tuple"]
        masks = observations["mask"].astype(jnp.float32)
        batch_size = masks.shape[0]
        key, subkey1, forward_key = random.split(key, 3)

        # First get the clique policy
        log_probs_clique = self.clique_model.apply(
            params.clique_model, graphs, masks, x_dim, K, sampling_method=2
        )

        # Get uniform policy
        # log_uniform = uniform_log_policy(masks)

        # Mixture of GFlowNet policy and uniform policy
        # is_exploration = random.bernoulli(
        #     subkey1, p=1. - epsilon, shape=(batch_size, 1))
        # log_pi = jnp.where(is_exploration, log_uniform, log_pi)

        # Sample actions
        # clique_policy_actions = batch_random_choice(subkey2, jnp.exp(log_probs_clique), masks)
        clique_actions = jax.random.categorical(
            subkey1, log_probs_clique / 999
        )  # a single integer between 0 and h_dim

        """
        if clique_actions == self.h_dim:
            # we are done!
            logs = {
                "is_exploration": None,  # TODO:
            }

            actions = np.array([-1, -1])
            return actions, key, logs
        """
        for i in range(batch_size):
            """
            new_nodes = graphs.values.nodes.at[i * self.N + clique_actions[i]].set(
                self.N + K + 1
            )
            graphs = Graph(
                structure=graphs.structure,
                values=graphs.values._replace(nodes=new_nodes),
            )
            """
            observations["gfn_state"][i][1][clique_actions[i]] = K + 1

        # use the value GFN to sample a value for the variable we just observed
        logits_value, log_flow = self.value_model.apply(
            params.value_model,
            forward_key,
            observations["gfn_state"][0][1].reshape(1, -1),
            masks,
            x_dim,
            K,
            embed_dim=self.embed_dim,
            num_heads=self.num_heads,
            num_layers=self.num_layers,
            key_size=self.key_size,
            dropout_rate=self.dropout_rate,
        )

        sampled_value = jax.random.categorical(subkey1, logits_value / temperature)

        logpf = nn.log_softmax(logits_value)[jnp.arange(batch_size), sampled_value]

        actions = jnp.stack([clique_actions, sampled_value], axis=-1)
        actions = jnp.where(
            clique_actions == self.h_dim, -jnp.ones_like(actions), actions
        )
        logs = {
            "is_exploration": None,
            "logpf": logpf,
            "logz": log_flow,
        }
        return (actions, key, logs)

    @partial(jit, static_argnums=(0, 4, 5))
    def step(self, params, state, samples, x_dim, K, forward_key):
        grads, logs = grad(self.loss, has_aux=True)(
            params, samples, x_dim, K, forward_key
        )
        forward_key = logs["forward_key"]

        # Update the online params
        updates, state = self.optimizer.update(grads, state, params)
        params = optax.apply_updates(params, updates)

        return (params, state, logs, forward_key)

