# Source: https://github.com/novastar53/jaxpt/blob/39c98d91f08e4e2a92ec95d20329a2f5e9848589/notebooks/basic_moe.ipynb
# Title: jaxpt notebooks/basic_moe.ipynb (toy mixture-of-experts in flax nnx, before "Replaced loops with vectorized ops")
# Cut: code cells only; the MOE constructor is reconstructed (router and experts only); config is n_experts=2, top_k=2; the toy-data training cell wrapped in train()
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MOE(nnx.Module):
    def __init__(self, config, rngs):
        self.n_experts = config.n_experts
        self.top_k = config.top_k
        self.router_gate = nnx.Linear(config.n_embed, config.n_experts, rngs=rngs)
        self.experts = config.make_experts(rngs)
        self.add_noise = False
        self.rngs = rngs

    def __call__(self, x):
        B, C = x.shape
        logits = self.router_gate(x) # B, n_experts
        if self.add_noise:
            logits += 1 * jax.random.normal(key=self.rngs.gate_noise(), shape=logits.shape)
        top_k_logits, expert_indices = jax.lax.top_k(logits, self.top_k) # B, top_k

        zeros = jnp.full_like(logits, float('-inf')) # B, n_experts
        sparse_logits = jnp.put_along_axis(
                zeros, expert_indices, top_k_logits, axis=-1, inplace=False) # b, n_experts
        expert_weights = jax.nn.softmax(sparse_logits, axis=-1) # B, n_experts

        expert_inputs = jnp.zeros((self.n_experts, self.top_k * B, C))
        input_counters = jnp.zeros((self.n_experts,), dtype=jnp.uint8)

        def update_expert_inputs(i, carry):
            expert_inputs, counters = carry
            for j in range(self.top_k):
                expert_idx = expert_indices[i, j]
                token_pos = counters[expert_idx]
                expert_inputs = expert_inputs.at[expert_idx, token_pos].set(x[i])
                counters = counters.at[expert_idx].add(1)

            return expert_inputs, counters

        expert_inputs, input_counters = jax.lax.fori_loop(
            0, B, update_expert_inputs, (
                expert_inputs,
                input_counters
            )
        )

        expert_outputs = jnp.zeros_like(expert_inputs)
        for i in range(self.n_experts):
            expert_outputs = expert_outputs.at[i].set(
                self.experts(expert_inputs[i], i))

        output_counters = jnp.zeros((self.n_experts,), dtype=jnp.uint8)
        y = jnp.zeros_like(x)
        def update_expert_outputs(i, carry):
            y, counters = carry
            for j in range(self.top_k):
                expert_idx = expert_indices[i, j]
                token_pos = counters[expert_idx]
                y = y.at[i].add(
                    expert_outputs[expert_idx, token_pos] * expert_weights[i, expert_idx])
                counters = counters.at[expert_idx].add(1)

            return y, counters

        y, output_counters = jax.lax.fori_loop(
            0, B, update_expert_outputs, (
                y,
                output_counters
            )
        )

        return y

def loss_fn(model, x, y):
    y_pred  = model(x)
    loss = jnp.mean((y - y_pred)**2)
    return loss, y_pred

@nnx.jit
def step(state, x, y):
    (loss, y_pred), grads = nnx.value_and_grad(
        loss_fn, has_aux=True)(state.model, x, y)
    state.update(grads)
    return loss, grads, y_pred


def train(config, model, x, y, D):
    tx = optax.adam(1e-3)
    state = nnx.Optimizer(model, tx)
    x = x.reshape(D, -1, config.n_embed)
    y = y.reshape(D, -1, config.n_embed)
    indices = list(range(D))
    for e in range(100):
        for i in indices:
            loss, grads, y_pred = step(state, x[i], y[i])
            if i % 1000 == 0:
                print(e, i, loss)
