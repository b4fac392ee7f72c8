# Source: https://github.com/GuyLor/gumbel_max_causal_gadgets_part2/blob/ae3b495367e6708b3bf6c169364f030f63be5422/cf/gadget_2_jax.py
# Title: cf/gadget_2_jax.py (Gumbel-max causal gadget 2, flax.linen)
# Cut: kept the Sinkhorn/rejection couplings, MLPCausalPriorPredictor (setup, get_joint, sample,
#      sample_relaxed); the training step that traces it is in train_step.py;
#      the counterfactual samplers and the host training loop are dropped.
import numpy as np
import jax
import jax.numpy as jnp
import optax

import flax.linen as nn

import matplotlib.pyplot as plt
import time

from typing import *

def fix_coupling_sinkhorn(log_coupling, log_p1, log_q2, iterations=10):
    for _ in range(iterations):
        log_coupling = (log_coupling + log_p1[:, None]
                        - jax.scipy.special.logsumexp(log_coupling, axis=1, keepdims=True))
        log_coupling = (log_coupling + log_q2[None, :]
                        - jax.scipy.special.logsumexp(log_coupling, axis=0, keepdims=True))
    return log_coupling


def fix_coupling_rejection(log_coupling, log_p1, log_p2):
    # Normalize so that it matches p1. Then consider mixing with a p-independent
    # distribution so that it also matches p2.
    log_coupling_fixed_p1 = (log_coupling + log_p1[:, None]
                             - jax.scipy.special.logsumexp(log_coupling, axis=1, keepdims=True))
    approx_log_p2 = jax.scipy.special.logsumexp(log_coupling_fixed_p1, axis=0)
    # How much more often do we sample each value of s2 than we should?
    # accept rate = C p2(x)/p2tilde(x)
    accept_rate = log_p2 - approx_log_p2
    accept_rate = accept_rate - jnp.max(accept_rate)
    # Downweight rejections.
    log_coupling_accept_s2_given_s1 = jax.nn.log_softmax(log_coupling_fixed_p1, axis=-1) + accept_rate[None, :]
    # Compensate by then drawing from p2 exactly if we failed.
    log_prob_keep = jax.scipy.special.logsumexp(log_coupling_accept_s2_given_s1, axis=-1)
    # print(accept_rate, log_prob_keep)
    certainly_keep = jnp.exp(log_prob_keep) >= 1.0
    resample_log_p1rob = jnp.where(
        certainly_keep, -jnp.inf,
        jnp.log1p(-jnp.where(certainly_keep, 0.0, jnp.exp(log_prob_keep))))
    compensation = resample_log_p1rob[:, None] + log_p2[None, :]
    return log_p1[:, None] + jnp.logaddexp(log_coupling_accept_s2_given_s1, compensation)


class MLPCausalPriorPredictor(nn.Module):
    S_dim: int
    Z_dim: int
    hidden_features: List[int]
    sinkhorn_iterations: int = 10
    learn_prior: bool = True
    relaxation_temperature: Optional[float] = None

    def setup(self):
        self.hidden_layers = [nn.Dense(feats) for feats in self.hidden_features]
        self.output_layer = nn.DenseGeneral((self.Z_dim, self.S_dim))
        if self.learn_prior:
            self.prior = self.param("prior", nn.zeros, (self.Z_dim,))

    def get_prior(self):
        if self.learn_prior:
            return jax.nn.log_softmax(self.prior)
        else:
            return jax.nn.log_softmax(jnp.zeros([self.Z_dim]))

    def get_joint(self, s_logits):
        z_logits = self.get_prior()
        value = jax.nn.softmax(s_logits)
        for layer in self.hidden_layers:
            value = nn.sigmoid(layer(value))

        log_joint = self.output_layer(value)
        # Sinkhorn has nicer gradients.
        log_joint = fix_coupling_sinkhorn(log_joint, z_logits, s_logits, self.sinkhorn_iterations)
        # ... but rejection is harder to exploit inaccuracy for
        log_joint = fix_coupling_rejection(log_joint, z_logits, s_logits)
        return log_joint

    def get_forward(self, s_logits):
        return jax.nn.log_softmax(self.get_joint(s_logits), axis=-1)

    __call__ = get_joint

    def sample(self, s_logits, rng):
        log_z = self.get_prior()
        log_s_given_z = self.get_forward(s_logits)
        k1, k2 = jax.random.split(rng)
        z = jax.random.categorical(k1, log_z)
        # jax categorical does Gumbel-max internally, so given common random numbers
        # this will produce a Gumbel-max coupling of s given z.
        s = jax.random.categorical(k2, log_s_given_z[z])
        return s

    def sample_relaxed(self, s_logits, rng, temperature=None):
        """Sample a relaxed Gumbel-softmax output."""
        if temperature is None:
            assert self.relaxation_temperature
            temperature = self.relaxation_temperature
        log_z = self.get_prior()
        log_s_given_z = self.get_forward(s_logits)
        k1, k2 = jax.random.split(rng)
        z = jax.random.categorical(k1, log_z)
        g = jax.random.gumbel(k2, [self.S_dim])
        # Gumbel-softmax instead of argmax here
        return jax.nn.softmax((g + log_s_given_z[z]) / temperature)


