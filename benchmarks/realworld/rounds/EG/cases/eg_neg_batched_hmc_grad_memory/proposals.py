# Source: https://github.com/bogdantoader/simplecryoem/blob/f29db1d039adcaba07a98a728afb4f7dd565feb4/src/simplecryoem/sampling/proposals.py
# Title: src/simplecryoem/sampling/proposals.py
# Cut: CryoProposals reduced to __init__ stub, proposal_vol (jitted) and proposal_vol_batch (deliberately not jitted, image batches loaded one at a time).
import jax
from jax import random
import jax.numpy as jnp
from functools import partial

from simplecryoem.sampling.hmc import proposal_hmc


class CryoProposals:
    def __init__(self, sigma_noise, B, B_list, dt_list_hmc, L_hmc, M, slice, loss, gradv):
        self.sigma_noise = sigma_noise
        self.B = B
        self.B_list = B_list
        self.dt_list_hmc = dt_list_hmc
        self.L_hmc = L_hmc
        self.M = M
        self.slice = slice
        self.loss = loss
        self.gradv = gradv

    @partial(jax.jit, static_argnums=(0,))
    def proposal_vol(self, key, v0, logPiX0, angles, shifts, ctf_params, imgs):
        """Propose new volume using Hamiltonian Monte Carlo (HMC)."""

        def logPi_vol(v):
            return -self.loss.loss_sum(
                v, angles, shifts, ctf_params, imgs, self.sigma_noise
            )

        def gradLogPi_vol(v):
            return -jnp.conj(
                self.gradv.grad_loss_volume_sum(
                    v, angles, shifts, ctf_params, imgs, self.sigma_noise
                )
            )

        return proposal_hmc(
            key, v0, logPiX0, logPi_vol, gradLogPi_vol,
            self.dt_list_hmc, self.L_hmc, self.M,
        )

    def proposal_vol_batch(self, key, v0, logPiX0, angles, shifts, ctf_params, imgs):
        """Similar to proposal_vol, but it loads the images to GPU in batches to
        compute the gradient, so it is not jit-ed."""

        def logPi_vol(v):
            loss = 0
            N_batch = angles.shape[0]
            for i in range(N_batch):
                loss += -self.loss.loss_sum(
                    v, angles[i], shifts[i], ctf_params[i], imgs[i], self.sigma_noise
                )

            return loss / N_batch

        def gradLogPi_vol(v):
            grad = 0
            N_batch = angles.shape[0]
            for i in range(N_batch):
                grad += -jnp.conj(
                    self.gradv.grad_loss_volume_sum(
                        v,
                        angles[i],
                        shifts[i],
                        ctf_params[i],
                        imgs[i],
                        self.sigma_noise,
                    )
                )

            return grad / N_batch

        return proposal_hmc(
            key, v0, logPiX0, logPi_vol, gradLogPi_vol,
            self.dt_list_hmc, self.L_hmc, self.M,
        )
