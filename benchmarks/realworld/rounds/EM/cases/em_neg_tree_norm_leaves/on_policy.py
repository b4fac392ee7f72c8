# Source: https://github.com/tarod13/rl_jax_lib/blob/7566a11b5a8faf16982b791726e412400f4ea005/src/algorithms/on_policy.py
# Title: src/algorithms/on_policy.py (OnPolicyAlgorithm.train)
# Cut: docstring, config checks, statistics printing and checkpointing cut; the rollout/update/grad-norm part of train() kept
import jax
import jax.numpy as jnp
from tqdm import tqdm

from .base import RLAlgorithm
from ..utils import vectorized_rollouts, compute_returns, tree_norm


class OnPolicyAlgorithm(RLAlgorithm):
    """Base for on-policy algorithms (REINFORCE, PPO, TRPO)."""

    def collect_rollouts(self, key):
        # Implement rollout collection logic
        trajectories, key = vectorized_rollouts(
            env=self.env,
            model=self.network,
            key=key,
            num_rollouts=self.config.num_rollouts,
            episode_length=self.config.episode_length,
            deterministic=self.config.deterministic,
        )

        _, returns = compute_returns(
            trajectories, gamma=self.config.gamma,
        )

        return trajectories, returns, key

    def train(self, key, num_steps=None, checkpoint_dir=None, checkpoint_interval=0, start_step=0, keep_only_latest=True):
        """Train the on-policy agent."""
        if key is None:
            key = jax.random.PRNGKey(self.config.seed)
        
        if num_steps is None:
            num_steps = self.config.num_training_steps

        return_history = []
        loss_history = []
        grad_norm_history = []

        # Training loop
        for training_step in tqdm(range(num_steps), desc="Training Steps", leave=True):
            # Collect rollouts
            key, step_key = jax.random.split(key)
            trajectories, returns, _ = self.collect_rollouts(key=step_key)

            step_losses = []
            step_grad_norms = []
            
            # Perform updates for this step
            for update_ in range(self.config.num_updates_per_step):
                # Call the algorithm-specific update method
                loss, grads = self.update(
                    trajectories['obs'],
                    trajectories['action'],
                    returns,
                )
                step_losses.append(loss)

                # Calculate and log gradient norms
                grad_norm = tree_norm(grads)
                step_grad_norms.append(grad_norm)

        return return_history, loss_history, grad_norm_history
