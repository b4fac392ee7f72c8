# Source: https://github.com/young-geng/promoter_design/blob/dd50ba01b8eca64cd3f7702917b7dc723079d200/promoter_design/DENs/loss.py
# Title: promoter_design/DENs/loss.py (deep exploration network loss for cell-type-specific promoters)
# Cut: config defaults shortened, commented-out alternatives and the motif/intermediate-representation
#      terms removed; the 21 shifted cosine-similarity lines (shifts 0..10) reduced to the first five.
import mlxu

import jax
import jax.numpy as jnp
from flax import linen as nn


# Jax implementation of the cosine similarity function
def cosine_similarity(x1, x2, axis=1, eps=1e-8):
    x1_norm = x1 / (jnp.linalg.norm(x1, axis=axis, keepdims=True) + eps)
    x2_norm = x2 / (jnp.linalg.norm(x2, axis=axis, keepdims=True) + eps)
    return jnp.sum(x1_norm * x2_norm, axis=axis)

def fitness_loss_fn(expression_vals, diff_exp_cell_ind, other_cell_inds, max_clip=5.0, min_clip=-1.0, target_cell_weight=1.0):
    expression_vals = jnp.clip(expression_vals, min_clip, max_clip)
    fitness = target_cell_weight * expression_vals[:, :, diff_exp_cell_ind]
    for ind in other_cell_inds:
        fitness -= (0.5 * expression_vals[:, :, ind])
    return -fitness

class DEN_loss(nn.Module):
    config_updates: ... = None

    @staticmethod
    @nn.nowrap
    def get_default_config(updates=None):
        config = mlxu.config_dict()
        config.diversity_loss_epsilon = 0.3
        config.entropy_loss_m_bits = 1.8
        config.eps = 1e-8
        config.fitness_loss_coef = 1.0
        config.diversity_loss_coef = 1.0
        config.entropy_loss_coef = 1.0
        config.diff_exp_cell_ind = 0
        if updates is not None:
            config.update(mlxu.config_dict(updates).copy_and_resolve_references())
        assert config.diff_exp_cell_ind in [0, 1, 2], 'diff_exp_cell_ind must be 0, 1, or 2 (corresponding to THP1, Jurkat or K562 respectively)'
        return config

    def setup(self):
        self.config = self.get_default_config(self.config_updates)
        self.diversity_loss_epsilon = self.config.diversity_loss_epsilon
        self.entropy_loss_m_bits = self.config.entropy_loss_m_bits
        self.eps = self.config.eps
        self.diff_exp_cell_ind = self.config.diff_exp_cell_ind
        self.fitness_loss_coef = self.config.fitness_loss_coef
        self.diversity_loss_coef = self.config.diversity_loss_coef
        self.entropy_loss_coef = self.config.entropy_loss_coef

    def __call__(self, \
                 seq1_pwm, seq2_pwm, \
                 seq1_samples, seq2_samples, \
                 predicted_expression_seq1_samples, predicted_expression_seq2_samples):

        # compute fitness
        other_cell_inds = [i for i in range(3) if i != self.diff_exp_cell_ind]

        # fitness loss, computed as the average predicted fitness loss of the two generated sequences in samples mode
        if self.diff_exp_cell_ind == 0: # THP1
            fitness_loss = jnp.mean(jnp.mean(fitness_loss_fn(predicted_expression_seq1_samples, self.diff_exp_cell_ind, other_cell_inds, target_cell_weight=1.5), axis=1))
            fitness_loss += jnp.mean(jnp.mean(fitness_loss_fn(predicted_expression_seq2_samples, self.diff_exp_cell_ind, other_cell_inds, target_cell_weight=1.5), axis=1))
        else:
            fitness_loss = jnp.mean(jnp.mean(fitness_loss_fn(predicted_expression_seq1_samples, self.diff_exp_cell_ind, other_cell_inds, target_cell_weight=1.0), axis=1))
            fitness_loss += jnp.mean(jnp.mean(fitness_loss_fn(predicted_expression_seq2_samples, self.diff_exp_cell_ind, other_cell_inds, target_cell_weight=1.0), axis=1))

        fitness_loss = fitness_loss * self.fitness_loss_coef

        # diversity-based loss function that computes sequence-level cosine similarity between the two generated sequences
        diversity_loss = nn.relu(-self.diversity_loss_epsilon + jnp.mean(cosine_similarity(seq1_samples, seq2_samples, axis=3), axis=2))
        diversity_loss = jnp.maximum(nn.relu(-self.diversity_loss_epsilon + jnp.mean(cosine_similarity(seq1_samples[:, :, 1:], seq2_samples[:, :, :-1], axis=3), axis=2)), diversity_loss)
        diversity_loss = jnp.maximum(nn.relu(-self.diversity_loss_epsilon + jnp.mean(cosine_similarity(seq1_samples[:, :, :-1], seq2_samples[:, :, 1:], axis=3), axis=2)), diversity_loss)
        diversity_loss = jnp.maximum(nn.relu(-self.diversity_loss_epsilon + jnp.mean(cosine_similarity(seq1_samples[:, :, 2:], seq2_samples[:, :, :-2], axis=3), axis=2)), diversity_loss)
        diversity_loss = jnp.maximum(nn.relu(-self.diversity_loss_epsilon + jnp.mean(cosine_similarity(seq1_samples[:, :, :-2], seq2_samples[:, :, 2:], axis=3), axis=2)), diversity_loss)
        diversity_loss = jnp.mean(jnp.mean(diversity_loss, axis=1))

        total_diversity_loss = diversity_loss * self.diversity_loss_coef

        # entropy-based loss function that computes the entropy of the generated sequence and enforces a minimum average conservation
        entropy_loss = nn.relu(self.entropy_loss_m_bits - jnp.mean(jnp.log2(seq1_pwm.shape[2]) - \
                                                                   jnp.sum(-seq1_pwm * jnp.log2(seq1_pwm + self.eps), axis=2), axis=1))
        entropy_loss = jnp.mean(entropy_loss) * self.entropy_loss_coef

        # total loss
        total_loss = fitness_loss + total_diversity_loss + entropy_loss

        return total_loss, fitness_loss, total_diversity_loss, entropy_loss
