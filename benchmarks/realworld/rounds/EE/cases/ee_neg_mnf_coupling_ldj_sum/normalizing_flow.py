# Source: https://github.com/shenzebang/KiNet/blob/ad90de42739512735245294454027a269d5d67a1/core/normalizing_flow.py
# Title: core/normalizing_flow.py (KiNet): time-dependent masked normalizing flow
# Cut: kept CouplingLayer, MNF and RealNVP; the embeddings, MLP and activation factory cut
#      (TDPFBase replaced by nn.Module with its dim field).
import flax.linen as nn
from typing import Any
import numpy as np
import jax.numpy as jnp

class CouplingLayer(nn.Module):
    mask : np.ndarray # coordinates to keep identical
    soft_init: float
    ignore_time: bool
    act: str
    time_emb: Any

    def setup(self):
        dim = self.mask.shape[0]
        self.scaling_factor = self.param('scaling_factor',
                                         nn.initializers.zeros,
                                         (dim,))
        self.scale_net = BasicMLP(out_dim=dim,
                                  act=self.act)
        self.translate_net = BasicMLP(
            out_dim=dim, act=self.act)


    def __call__(self, t, x, reverse):
        assert(x.ndim == 1)

        if not self.ignore_time:
            if self.time_emb is not None:
                xt_cat = jnp.concatenate([x * self.mask, self.time_emb(t)])
            else:
                xt_cat = jnp.append(x * self.mask, t)
        else:
            xt_cat = x * self.mask
        # Modify scale/translate so that at t=0 the resulting map is identity.
        scale = self.scale_net(xt_cat)
        translate = self.translate_net(xt_cat)
        if not self.ignore_time and self.soft_init == 0.:
            scale = t * scale
            translate = t * translate

        sf = jnp.exp(self.scaling_factor)
        scale = nn.tanh(scale / sf) * sf

        scale = scale * (1 - self.mask)
        translate = translate * (1 - self.mask)

        if reverse:
            x = (x + translate) * jnp.exp(scale)
            ldj = scale.sum()
        else:
            x = (x * jnp.exp(-scale)) - translate
            ldj = -scale.sum()

        return x, ldj


class MNF(nn.Module):
    '''
    Masked normalizing flow by Dinh et al.
    '''
    couple_mul: int
    mask_type: str # ['loop', 'random']
    soft_init: float # if 0, then use hard parameterization
    ignore_time: bool # whether to remove time dependency
    activation_layer: str
    embed_time_dim: int # 0 if not embedding_time
    dim: int

    def setup(self):
        if self.embed_time_dim > 0:
            self.time_emb = TimeEmbedding(self.embed_time_dim)
        else:
            self.time_emb = None
        couple_layers = []
        num_layer = (self.couple_mul if self.mask_type == 'random'
                     else self.dim * self.couple_mul)
        if self.mask_type == 'random':
            rng_state = np.random.RandomState(seed=888)
            prev_mask = np.zeros(self.dim, dtype=int)
        for i in range(num_layer):
            if self.mask_type == 'loop':
                # Change one coordinate at a time; okay in low dimensions.
                mask = np.ones(self.dim)
                mask[i % self.dim] = 0
            else:
                while True:
                    mask = rng_state.binomial(1, p=0.5, size=[self.dim])
                    if not (mask.sum() in [0, self.dim] or (mask == prev_mask).all()):
                        prev_mask = mask
                        break
            # print(f'mask {i} = {mask}')
            couple_layers.append(CouplingLayer(
                time_emb=self.time_emb,
                mask=mask,
                act=self.activation_layer,
                soft_init=self.soft_init,
                ignore_time=self.ignore_time))
        self.couple_layers = couple_layers


    def __call__(self, t, x0, reverse=False):
        ldj_sum = 0

        couple_layers = self.couple_layers
        if reverse:
            couple_layers = reversed(couple_layers)
        x = x0
        for layer in couple_layers:
            x, ldj = layer(t, x, reverse)
            ldj_sum += ldj
        return x, ldj_sum

class RealNVP(nn.Module):
    mnf: MNF
    log_prob_0: Any

    def __call__(self, t, x0):
        x, ldj_sum = self.mnf(t, x0, reverse=True)
        return jnp.exp(self.log_prob_0(x) + ldj_sum)

