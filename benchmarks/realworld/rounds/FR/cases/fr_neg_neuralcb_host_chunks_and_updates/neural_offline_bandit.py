# Source: https://github.com/thanhnguyentang/offline_neural_bandits/blob/cce1a3c4df3a87f8224508fb0b63080c690f4e83/algorithms/neural_offline_bandit.py
# Title: algorithms/neural_offline_bandit.py (Define neural offline bandit algorithms: NeuraLCB)
# Cut: kept ExactNeuraLCBV2 (constructor, reset, sample_action, update_buffer, update); monitor and the approximate variant dropped; the jitted Sherman-Morrison helpers are copied in from core/utils.py at the same commit.
import math
import jax 
import jax.numpy as jnp
import optax
import numpy as np 
from joblib import Parallel, delayed
from core.bandit_algorithm import BanditAlgorithm 
from core.bandit_dataset import BanditDataset
from algorithms.neural_bandit_model import NeuralBanditModelV2


@jax.jit 
def inv_sherman_morrison(u, A_inv):
    """Inverse of a matrix with rank 1 update.
    https://en.wikipedia.org/wiki/Sherman%E2%80%93Morrison_formula

    (A + u u^T)^{-1} = A^{-1} - A^{-1} u u^T A^{-1} / (1 + u^T A^{-1} u)
    
    Args:
        A_inv: (num_actions, p, p) 
        u: (num_actions, p)
    """
    return jax.vmap(inv_sherman_morrison_single_sample)(u, A_inv)


@jax.jit
def inv_sherman_morrison_single_sample(u, A_inv):
    """Inverse of a matrix with rank 1 update.
    https://en.wikipedia.org/wiki/Sherman%E2%80%93Morrison_formula

    (A + u u^T)^{-1} = A^{-1} - A^{-1} u u^T A^{-1} / (1 + u^T A^{-1} u)
    
    Args:
        A_inv: (p, p) 
        u: (p,)

    Return:
        (p,p)
    """
    assert len(A_inv.shape) == 2 # ensure 2-D tensor 
    u = u.reshape(-1,1) # (p,1)

    Au = A_inv @ u # (p,1) 

    return A_inv - (Au @ Au.T) / (1 +  u.T @ Au)  



class ExactNeuraLCBV2(BanditAlgorithm):
    """NeuraLCB using exact confidence matrix and NeuralBanditModelV2. """
    def __init__(self, hparams, update_freq=1, name='ExactNeuraLCBV2'):
        self.name = name 
        self.hparams = hparams 
        self.update_freq = update_freq
        opt = optax.adam(hparams.lr)
        self.nn = NeuralBanditModelV2(opt, hparams, '{}-net'.format(name))
        self.data = BanditDataset(hparams.context_dim, hparams.num_actions, hparams.buffer_s, '{}-data'.format(name))

        self.Lambda_inv = jnp.array(
            [
                jnp.eye(self.nn.num_params)/hparams.lambd0 for _ in range(hparams.num_actions)
            ]
        ) # (num_actions, p, p)

    def reset(self, seed): 
        self.Lambda_inv = jnp.array(
            [
                jnp.eye(self.nn.num_params)/ self.hparams.lambd0 for _ in range(self.hparams.num_actions)
            ]
        ) # (num_actions, p, p)

        self.nn.reset(seed) 
        self.data.reset()

    def sample_action(self, contexts):
        """
        Args:
            context: (None, self.hparams.context_dim)
        """
        cs = self.hparams.chunk_size
        num_chunks = math.ceil(contexts.shape[0] / cs)
        acts = []
        for i in range(num_chunks):
            ctxs = contexts[i * cs: (i+1) * cs,:] 
            lcb = []
            for a in range(self.hparams.num_actions):
                actions = jnp.ones(shape=(ctxs.shape[0],)) * a 

                f = self.nn.out(self.nn.params, ctxs, actions) # (num_samples, 1)
                # g = self.nn.grad_out(self.nn.params, convoluted_contexts) / jnp.sqrt(self.nn.m) # (num_samples, p)
                g = self.nn.grad_out(self.nn.params, ctxs, actions) / jnp.sqrt(self.nn.m)
                gA = g @ self.Lambda_inv[a,:,:] # (num_samples, p)
                
                gAg = jnp.sum(jnp.multiply(gA, g), axis=-1) # (num_samples, )
                cnf = jnp.sqrt(gAg) # (num_samples,)

                lcb_a = f.ravel() - self.hparams.beta * cnf.ravel()  # (num_samples,)
                lcb.append(lcb_a.reshape(-1,1)) 
            lcb = jnp.hstack(lcb) 
            acts.append( jnp.argmax(lcb, axis=1)) 
        return jnp.hstack(acts)

    
    def update_buffer(self, contexts, actions, rewards): 
        self.data.add(contexts, actions, rewards)
        
    def update(self, contexts, actions, rewards):
        """Update the network parameters and the confidence parameter.
        
        Args:
            contexts: An array of d-dimensional contexts
            actions: An array of integers in [0, K-1] representing the chosen action 
            rewards: An array of real numbers representing the reward for (context, action)
        
        """

        # self.data.add(contexts, actions, rewards)
        self.nn.train(self.data, self.hparams.num_steps)

        # Update confidence parameter over all samples in the batch
        # convoluted_contexts = self.nn.action_convolution(contexts, actions)  
        # u = self.nn.grad_out(self.nn.params, convoluted_contexts) / jnp.sqrt(self.nn.m)  # (num_samples, p)
        u = self.nn.grad_out(self.nn.params, contexts, actions) / jnp.sqrt(self.nn.m)
        for i in range(contexts.shape[0]):
            jax.ops.index_update(self.Lambda_inv, actions[i], \
                inv_sherman_morrison_single_sample(u[i,:], self.Lambda_inv[actions[i],:,:]))
