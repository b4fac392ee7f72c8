# Source: https://github.com/HMUNACHI/nanodl/blob/5f729f30e35854f42205d541e6ec3b2e37be09ff/nanodl/__src/experimental/rlhf.py
# Title: nanodl/__src/experimental/rlhf.py (PPODataParallelTrainer)
# Cut: kept the trainer's pmap set-up, advantage_and_return, calculate_loss and train_step; RLHF module,
#      state creation, data loops and checkpointing dropped; __init__ signature shortened.
import copy
import time
from typing import Any, Iterable, Optional, Tuple

import flax
import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state


class PPODataParallelTrainer:
    def __init__(self, rlhf_main, rlhf_ref, reward_model, input_shape, weights_filename,
                 beta=0.1, gamma=0.99, lam=0.95, ent_coef=0.01, vf_coef=0.5, learning_rate=1e-4,
                 params_path=None, sft_params_path=None, reward_params_path=None) -> None:
        self.rlhf_main = rlhf_main
        self.reward_model = reward_model
        self.rlhf_ref = rlhf_ref

        self.gamma = gamma
        self.lam = lam
        self.beta = beta
        self.epsilon = 1.0e-8
        self.ent_coef = ent_coef
        self.vf_coef = vf_coef

        self.params = None
        self.ref_params = None
        self.num_devices = jax.local_device_count()
        self.train_step = jax.pmap(
            PPODataParallelTrainer.train_step, axis_name="devices"
        )
        self.state = self.create_train_state(learning_rate, input_shape)


    def compute_agent_objective(
        self, model_logits, sft_logits, reward_score, gamma, beta
    ):
        ratio = nn.log_softmax(model_logits, axis=-1) - nn.log_softmax(
            sft_logits, axis=-1
        )
        left = jnp.mean(reward_score - beta * ratio.mean(axis=-1))
        right = gamma * nn.log_softmax(model_logits, axis=-1).mean(axis=-1)
        return left + right

    def advantage_and_return(self, rewards, values):
        rewards = jnp.expand_dims(rewards, axis=0)
        values = jnp.expand_dims(values, axis=0)

        gen_len = rewards.shape[1]
        lastgaelam = 0
        advantages_reversed = []

        for t in reversed(range(gen_len)):
            nextvalues = values[:, t + 1] if t < gen_len - 1 else 0.0
            delta = rewards[:, t] + self.gamma * nextvalues - values[:, t]
            lastgaelam = delta + self.gamma * self.lam * lastgaelam
            advantages_reversed.append(lastgaelam)

        # Reversing and stacking to create the correct shape for advantages
        advantages = jnp.vstack(advantages_reversed[::-1]).T
        returns = advantages + values
        advantages = jnp.squeeze(advantages, axis=0)
        returns = jnp.squeeze(returns, axis=0)
        return advantages, returns

    def calculate_loss(self, logprobs, values, entropies, ref_logprobs, rewards):
        ratio = jnp.exp(logprobs - ref_logprobs)
        clipped_ratio = jnp.clip(ratio, 1 - self.epsilon, 1 + self.epsilon)
        advantages, returns = self.advantage_and_return(rewards, values)
        value_loss = jnp.square(values - returns).mean()
        pg_loss_1 = advantages * ratio
        pg_loss_2 = advantages * clipped_ratio
        pg_loss = jnp.minimum(pg_loss_1, pg_loss_2).mean()
        loss = pg_loss - self.ent_coef * entropies.mean() + self.vf_coef * value_loss
        return loss

    def get_ref_log_probs(self, inputs: jnp.ndarray) -> jnp.ndarray:
        return self.rlhf_ref.apply(
            {"params": self.ref_params},
            inputs,
            training=True,
            rngs={"dropout": jax.random.PRNGKey(int(time.time()))},
        )

    def get_rewards(self, inputs: jnp.ndarray) -> jnp.ndarray:
        responses = self.rlhf_main.apply(
            {"params": self.params},
            inputs,
            rngs={"dropout": jax.random.PRNGKey(int(time.time()))},
            method=self.rlhf_main.generate_batch,
        )
        return self.reward_model.apply(
            {"params": self.reward_params},
            responses,
            training=False,
            rngs={"dropout": jax.random.PRNGKey(int(time.time()))},
        )

    def train_step(
        self,
        state: Any,
        inputs: jnp.ndarray,
        ref_log_probs: jnp.ndarray,
        rewards: jnp.ndarray,
    ) -> Tuple[Any, jnp.ndarray]:

        def loss_fn(params):
            _, action_log_probs, entropy, value = state.apply_fn(
                {"params": params},
                inputs,
                training=True,
                rngs={"dropout": jax.random.PRNGKey(int(time.time()))},
            )

            return self.calculate_loss(
                action_log_probs, value, entropy, ref_log_probs, rewards
            )

        loss, grads = jax.value_and_grad(loss_fn)(state.params)
        state = state.apply_gradients(grads=grads)
        return state, loss
