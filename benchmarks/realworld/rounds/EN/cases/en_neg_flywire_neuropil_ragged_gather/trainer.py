# Source: https://github.com/chaobrain/fitting_drosophila_whole_brain_spiking_model/blob/f1389ba8b0e7c9f4059d2538b6b799c3e88342ee/drosophila_whole_brain_fitting.py
# Title: drosophila_whole_brain_fitting.py (FiringRateNetwork.count_neuropil_fr and Trainer.train)
# Cut: kept count_neuropil_fr and the differentiated loss inside the jitted train step; the
#      eligibility-trace warm-up, gradient clipping and accuracy metrics are shortened.
import brainstate
import brainunit as u
import jax
import numpy as np


class FiringRateNetwork(brainstate.nn.Module):
    def count_neuropil_fr(self, length: int = None):
        if length is None:
            length = self.n_sample_step
        neuron_fr = self.pop.spike_count.value / (length * brainstate.environ.get_dt())
        neuron_fr = neuron_fr.to(u.Hz)
        fun = self.neural_activity.neuron_to_neuropil_fr
        for i in range(neuron_fr.ndim - 1):
            fun = jax.vmap(fun)
        neuropil_fr = fun(neuron_fr)
        return neuropil_fr


class Trainer:
    @brainstate.transform.jit(static_argnums=0)
    def train(self, input_embed, target_neuropil_fr):
        indices = np.arange(self.target.n_sample_step)
        n_sim = int(self.sim_before_train * self.target.n_sample_step)
        model = brainstate.nn.Vmap(self.model, vmap_states=('hidden', 'etrace'), in_axes=(None, 0))
        brainstate.transform.for_loop(
            lambda i: model(i, input_embed),
            indices[n_sim:-1],
        )

        # training
        def loss_fn(i):
            spk = model(i, input_embed)
            current_neuropil_fr = self.target.count_neuropil_fr(self.target.n_sample_step - n_sim)
            loss_ = self.get_loss(current_neuropil_fr, target_neuropil_fr).mean()
            return u.get_mantissa(loss_), current_neuropil_fr

        grads, loss, neuropil_fr = brainstate.transform.grad(
            loss_fn, self.trainable_weights, return_value=True, has_aux=True
        )(indices[-1])
        if self.grad_clip is not None:
            grads = brainstate.nn.clip_grad_norm(grads, self.grad_clip)
        self.opt.update(grads)
        return loss, neuropil_fr
