# Source: https://github.com/NACLab/ngc-museum/blob/8da671ded8faf6b24db95971e4dc0cbaa23a7e28/exhibits/ei_rnn/ei_rnn.py
# Title: exhibits/ei_rnn/ei_rnn.py (ngc-learn excitatory-inhibitory RNN, Song et al. 2016)
# Cut: kept the imports, the jitted input-noise helper, clamp and process(); the circuit construction in
#      __init__ and the save/load/statistics helpers are dropped. Each advance/evolve .run is a compiled
#      ngc-learn process; the time loop runs on the host and clips weights between steps.
from ngclearn.utils.io_utils import makedir
#from ngclearn.utils.viz.synapse_plot import visualize
from jax import numpy as jnp, random, jit
from ngclearn import Context, MethodProcess, JointProcess
from custom.inputCell import InputCell
from ngclearn.components.neurons.graded.leakyNoiseCell import LeakyNoiseCell
from ngclearn.components.neurons.graded.gaussianErrorCell import GaussianErrorCell as ErrorCell
from ngclearn.components.synapses.staticSynapse import StaticSynapse
from custom.tracedHebbianSynapse import TracedHebbianSynapse
from ngclearn.utils.distribution_generator import DistributionGenerator as dist
from ngclearn.utils.model_utils import relu
from ngcsimlib.operations import Summation, Product
from ngcsimlib.global_state import stateManager

@jit
def noisify_data(dkey, obs_t, u0, alpha, sigma_in): ## applies Eqn 10/11 in (Song et al., 2016) to data obs(t)
    _, *subkeys = random.split(dkey, 3)
    eps = random.normal(subkeys[0], shape=obs_t.shape)
    u_task_t = obs_t
    u_t = relu(u0 + u_task_t + (1. / alpha) * jnp.sqrt(2. * alpha * jnp.square(sigma_in)) * eps)
    return u_t

class EI_RNN(): ## continuous-time excitatory-inhibitory (EI) recurrent neural network (RNN)
    """Excitatory-inhibitory RNN (circuit built in the dropped constructor)."""

    def clamp(self, obs):
        """
        Clamps input patterns (at time t) x to this model.

        Args:
            obs: input patterns (at time t) to clamp
        """
        z0 = self.circuit.get_components("z0")
        z0.inputs.set(obs) 

    def reset_vals(self):
        """
        Sets model's internal states to baseline values / initial conditions
        """
        self.reset.run()

    def process(self, obs_seq, targ_seq=None, adapt_synapses=False): ## process temporal sequence
        """
        Process input observation sequence (with the potential aim of making predictions of the form
        p(o_{t+1} | o_{<=t}) (i.e., predict t+1 given the input history so far).

        Args:
            obs_seq: observation sequence (i.e., o(t) where t=1, 2, 3,...,T)
            targ_seq: target value sequence (must align one-to-one to observation sequence and should be shifted
                forward in time by one time-step, i.e., o(t) where t=2, 3, 4,...,T)
            adapt_synapses: if True, synapses will be adjusted after negative phase
                statistics are obtained; (Default: False)

        Returns:
            sequence of hidden variables, sequence of output variables, sequence loss (scalar)
        """
        T = obs_seq.shape[0] ## get number of timesteps in time-series
        _obs_seq = obs_seq
        if self.sigma_in > 0.: ## apply input noise if configured
            self.dkey, *skey = random.split(self.dkey, 3)
            _obs_seq = noisify_data(skey[0], _obs_seq, self.u0, self.alpha, self.sigma_in)

        z0, z1_prev, z1, o1, e1o, d1 = self.circuit.get_components("z0", "z1_prev", "z1", "o1", "e1o", "d1")
        W1, V1, W1o, E1o = self.circuit.get_components("W1", "V1", "W1o", "E1o")

        self.reset.run()
        hids = []
        outs = []
        loss_seq = 0. ## sequence loss -> L_seq = sum_t [ L(t) ]
        for t in range(T):
            obs_t = _obs_seq[t:t+1, :] ## o(t)
            self.clamp(obs_t)
            if targ_seq is not None:
                targ_t = targ_seq[t:t+1, :]
                e1o.target.set(targ_t) ## clamp error neurons to target
            self.advance.run(t=t*self.dt, dt=self.dt) ## take inference step forward
            loss_seq += e1o.L.get()
            if adapt_synapses:
                self.evolve.run(t=1., dt=1.) ## adjust synapses
                ## enforce non-negativity
                W1.weights.set(jnp.maximum(0., W1.weights.get()))
                W1o.weights.set(jnp.maximum(0., W1o.weights.get()))
                V1.weights.set(jnp.maximum(0., V1.weights.get()))
                E1o.weights.set(W1o.weights.get().T)  ## tie feedback to forward syn

            z1_prev.inputs.set( z1.r.get() ) ## set prior state memory 
            ## collect statistics
            hids.append( z1.r.get() ) ## get z(t)
            outs.append( o1.outputs.get() )
        hids = jnp.concat(hids, axis=0)
        outs = jnp.concat(outs, axis=0)
        return hids, outs, loss_seq

