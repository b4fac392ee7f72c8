# Source: https://github.com/sanepunk/RL/blob/10f0fc8e05781c5b91c28b7c021ee9dbd0d07217/Reinforce/standard/CartPole/MOE-Reinforce.ipynb
# Title: MOE-Reinforce.ipynb (REINFORCE with a mixture-of-experts attention policy on gymnax CartPole)
# Cut: notebook code cells 1, 3, 7 converted to a .py file (pip cell, expert/attention/policy modules except the MoE layer, wandb init and plotting cut); train() kept up to the gradient step
# --- cell 1
import jax
import gymnax
from flax import nnx
import jax.numpy as jnp
import wandb
import optax
import collections
from tqdm import tqdm

key = jax.random.key(0)
key, key_reset, key_act, key_step = jax.random.split(key, 4)

env, env_params = gymnax.make("CartPole-v1")
# --- cell 3
class SmallMoELayer(nnx.Module):
    """Very small MoE with only 2-3 experts"""

    def __init__(
        self,
        input_dim,
        hidden_dim,
        output_dim,
        num_experts,
        rngs: nnx.Rngs,
        dropout: float = 0.2,
    ):
        super().__init__()
        self.num_experts = num_experts

        # Create experts
        self.experts = []
        for i in range(num_experts):
            expert_rngs = nnx.Rngs(i)
            self.experts.append(
                SmallMoEExpert(input_dim, hidden_dim, output_dim, expert_rngs, dropout)
            )

        # Gating network
        self.gate = nnx.Linear(input_dim, num_experts, rngs=rngs)

    def __call__(self, x):
        # Compute gating weights
        gate_logits = self.gate(x)  # [batch_size, seq_len, num_experts]
        gate_weights = jax.nn.softmax(gate_logits, axis=-1)

        # Get expert outputs
        expert_outputs = []
        for expert in self.experts:
            expert_outputs.append(expert(x))  # [batch_size, seq_len, output_dim]

        expert_outputs = jnp.stack(
            expert_outputs, axis=-2
        )  # [batch_size, seq_len, num_experts, output_dim]

        # Weighted combination
        gate_weights = gate_weights[..., None]  # [batch_size, seq_len, num_experts, 1]
        output = jnp.sum(
            gate_weights * expert_outputs, axis=-2
        )  # [batch_size, seq_len, output_dim]

        return output
# --- cell 7
@nnx.jit
def loss(model, obs, actions, returns):
    log_logits = jax.nn.log_softmax(model(obs))
    log_prob_taken = jnp.take_along_axis(log_logits, actions[:, None], axis=1).squeeze()
    return -jnp.mean(log_prob_taken * returns)


@nnx.jit
def compute_returns(rewards, gamma):
    R = 0
    returns = []
    for r in reversed(rewards):
        R = r + gamma * R
        returns.insert(0, R)
    return jnp.array(returns)


def train(env, env_params, model, episodes: int = 50, learning_rate=1e-3, gamma=0.99):
    optimizer = nnx.Optimizer(
        model,
        optax.chain(
            optax.clip_by_global_norm(1.0),
            optax.adam(learning_rate=learning_rate),
        ),
    )
    grad_func = nnx.value_and_grad(loss)
    key = jax.random.PRNGKey(0)
    total_rewards = collections.deque(maxlen=100)

    with tqdm(range(episodes)) as pbar:
        for i in pbar:
            batch_all_obs = []
            batch_all_actions = []
            batch_all_returns = []
            # Using Batching for Gradient Stability
            for _ in range(10):
                episode_obs = []
                episode_actions = []
                episode_rewards = []

                done = False
                key, reset_key = jax.random.split(key)
                obs, state = env.reset(reset_key, env_params)

                while not done:
                    key, action_key, step_key = jax.random.split(key, 3)
                    action = model.select_action(obs, action_key)
                    next_obs, state, reward, done, _ = env.step(
                        step_key, state, action, env_params
                    )

                    episode_obs.append(obs)
                    episode_actions.append(action)
                    episode_rewards.append(reward)
                    obs = next_obs

                total_rewards.append(sum(episode_rewards))
                returns = compute_returns(episode_rewards, gamma)

                batch_all_obs.extend(episode_obs)
                batch_all_actions.extend(episode_actions)
                batch_all_returns.extend(returns)

            final_obs = jnp.stack(batch_all_obs)
            final_actions = jnp.array(batch_all_actions)
            final_returns = jnp.array(batch_all_returns)
            value, grad = grad_func(model, final_obs, final_actions, final_returns)
            optimizer.update(grad)
