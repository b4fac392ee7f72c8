# Source: https://github.com/NACLab/ngc-museum/blob/8da671ded8faf6b24db95971e4dc0cbaa23a7e28/exhibits/harmonium/harmonium.py
# Title: exhibits/harmonium/harmonium.py (ngc-learn harmonium / RBM, persistent Gibbs chains)
# Cut: kept the imports, the jitted contrastive-Hebbian update and sample_from_gibbs_chains; the circuit
#      construction, CD-k process and I/O helpers are dropped. advance_neg.run is one compiled Gibbs step.
from ngclearn.utils.io_utils import makedir
from ngclearn.utils.viz.synapse_plot import visualize
from jax import numpy as jnp, random, jit
from ngclearn import Context, MethodProcess, JointProcess
from custom.bernoulliStochasticCell import BernoulliStochasticCell
from ngclearn.components.synapses.denseSynapse import DenseSynapse
from ngclearn.components.synapses.hebbian.hebbianSynapse import HebbianSynapse

from ngclearn.utils.distribution_generator import DistributionGenerator as dist
from ngclearn.utils.optim import get_opt_init_fn, get_opt_step_fn
#from ngcsimlib.global_state import stateManager


@jit
def get_param_updates( ## contrastive Hebbian learning recipe
        weights, dWpos, dWneg, post_pos, post_neg, pre_pos, pre_neg, l1_lambda, l2_lambda
):
    N = post_pos.shape[0] * 1.
    dW = (dWpos - dWneg) * (1./N) ## contrast pos & neg Hebbian updates
    l1_Wdecay = -jnp.sign(weights) * l1_lambda ## sparse weight decay term
    l2_Wdecay = -weights * l2_lambda * 0.5
    dWeights = (dW + l2_Wdecay + l1_Wdecay)
    dhidbias = jnp.sum(post_pos - post_neg, axis=0, keepdims=True) * (1./N)
    dvisbias = jnp.sum(pre_pos - pre_neg, axis=0, keepdims=True) * (1./N)
    return -dWeights, -dhidbias, -dvisbias

class Harmonium():
    """Harmonium (restricted Boltzmann machine) built in the dropped constructor."""

    def sample_from_gibbs_chains(
            self, dkey, n_steps, thinning_point=0, sample_buffer_maxlen=-1, n_samples=0, verbose=False
    ):
        """
        Draws samples under this harmonium by starting at the current of the Gibbs chains 
        that this model has maintained (if persistent CD has been used to train the model). 
        
        Args:
            dkey: Jax key to seed sampler

            n_steps: how many steps to run sampler

            thinning_point: if > 0, will thin the Markov chain this produces by extracting
                the sample every so many `thinning_point` steps

            sample_buffer_maxlen: maximum number of samples to store within the buffer returned by this method

            n_samples: number of samples per step or number of chains to collect samples from 
                (Note: must be <= to number of Gibbs chains maintained by this model); (Default: 0)

            verbose: if True, this method will iteratively print to I/O its sampling progress
        """
        if self.gibbs_chain_states is None: ## if there are no chains, start them up randomly
            _nsamp = int(max(n_samples, 1))
            p_eps = random.uniform(skey[0], shape=(_nsamp, self.hid_dim))
            eps = random.bernoulli(skey[1], p=p_eps, shape=p_eps.shape)
            self.gibbs_chain_states = eps ## place noise at start of chains (since they're empty)
        _chain_states = self.gibbs_chain_states
        n_chains = _chain_states.shape[0] ## total # chains
        _leftover = None
        if n_samples > 0:
            _chain_states = self.gibbs_chain_states[0:n_samples, :] ## chains-to-use
            _leftover = self.gibbs_chain_states[n_samples:n_chains, :] ## unused chains

        ## initialize sampling process from current state of these chains
        z1neg = _chain_states
        self.z1.s.set(z1neg)

        ## now continue down the chain by propagating through negative-phase graph
        x_samp = [] ## sample buffer
        for s in range(n_steps):
            self.advance_neg.run(t=0., dt=1.) ## z1 -> z0neg -> z1neg
            x_s = self.z0neg.p.get()
            if thinning_point > 0:
                if s % thinning_point == 0:
                    x_samp.append(x_s)
            else:
                x_samp.append(x_s)
            # self.reset.run()
            z1neg = self.z1neg.s.get() ## get new step/sample
            self.z1.s.set(z1neg)

            if sample_buffer_maxlen > 0:
                if len(x_samp) > sample_buffer_maxlen:
                    x_samp.pop(0)
            if verbose:
                print(f"\rGenerated {(s+1)} samples; len(buffer) = {len(x_samp)}", end="")
        if verbose:
            print()

        ## update chains after this sequence of samples
        if _leftover is not None:
            _chain_states = jnp.concat([_chain_states, _leftover], axis=0)
        self.gibbs_chain_states = _chain_states

        return x_samp

