# Source: https://github.com/Jeevesh8/AutoRegressive-MLM/blob/4dfbb6fb58771bd1995255bbcf52db2aa546490d/src/model/misc.py
# Title: AutoRegressive-MLM: src/model/misc.py (crf_layer, a haiku linear-chain CRF)
# Cut: kept crf_layer.__init__, core_recursion, viterbi_decode and batch_viterbi_decode verbatim without their docstrings; dropped the scan-based partition/score methods, the loss, and the GRU/Linear final layers
from typing import Optional, Callable, Tuple, List

import haiku as hk
import jax.numpy as jnp
import jax
from jax.scipy.special import logsumexp
import jax.lax as lax

class crf_layer(hk.Module):
    def __init__(self, 
                 n_classes: int, 
                 transition_init: Optional[hk.initializers.Initializer] = jnp.ones,
                 scale_factors: Optional[List[float]] = None,
                 init_alphas: Optional[List[float]] = None,
                 ce_loss: Optional[bool] = True,
                 name: Optional[str] = None):
        super().__init__(name=name)
        self.n_classes = n_classes
        self.transition_init = transition_init
        if init_alphas is None:
            self.init_alphas = jnp.full((self.n_classes,), 0.0)
        else:
            self.init_alphas = jnp.asarray(init_alphas)
        
        if scale_factors is None:
            scale_factors = [1.0]*n_classes
        self.scale_factors = jnp.expand_dims(jnp.asarray(scale_factors), 1)
        
        self.ce_loss = ce_loss

    def core_recursion(self, fn: Callable,
                       transition_matrix: jnp.ndarray,
                       prev_alphas: jnp.ndarray, 
                       logit_t: jnp.ndarray) -> jnp.ndarray:
        prev_alphas = fn( jnp.expand_dims(logit_t, 1)
                          +transition_matrix+prev_alphas, axis=1 )
        
        return prev_alphas

    def viterbi_decode(self,
                       transition_matrix: jnp.ndarray,
                       logits: jnp.ndarray) -> Tuple[jnp.ndarray, jnp.ndarray]:
        prev_alphas = self.init_alphas+logits[0,:]

        scores_lis = [prev_alphas]
        tags_lis = [jnp.asarray([jnp.argmax(prev_alphas)]*self.n_classes)]
        
        for i in range(1, logits.shape[0]):
            max_tags = self.core_recursion(jnp.argmax, transition_matrix, prev_alphas, logits[i])
            prev_alphas = self.core_recursion(jnp.max, transition_matrix, prev_alphas, logits[i])
            scores_lis.append(prev_alphas)
            tags_lis.append(max_tags)
        
        return jnp.stack(scores_lis), jnp.stack(tags_lis)

    def batch_viterbi_decode(self,
                             batch_logits: jnp.ndarray,
                             lengths: jnp.ndarray) -> Tuple[jnp.ndarray, jnp.ndarray]:
        transition_matrix = hk.get_parameter("transition_matrix", 
                                             [self.n_classes, self.n_classes], 
                                             init=self.transition_init)
        
        batch_decode_fn = jax.vmap(lambda logits: self.viterbi_decode(transition_matrix, logits),
                                   in_axes=(0), out_axes=(0,0))
        
        scores, tags = batch_decode_fn(batch_logits)
        
        tag_sequences = [jnp.array([-1]*scores.shape[0])]
        batch_scores = jnp.array([-1]*scores.shape[0])
        
        for i in range(scores.shape[1]-1, -1, -1):
            
            last_tag = jnp.where(i+1==lengths, jnp.argmax(scores[:,i,:], axis=1), -1)
            tag_sequences.append( jnp.diag(jnp.where(i+1<lengths, tags[:,i+1,tag_sequences[-1]], last_tag)) )
            batch_scores = jnp.where(i+1==lengths, jnp.max(scores[:,i,:], axis=1), batch_scores)
        
        tag_sequences.reverse()
        return jnp.stack(tag_sequences[:-1], axis=1), batch_scores
