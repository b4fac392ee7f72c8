# Source: https://github.com/Jeevesh8/AutoRegressive-MLM/blob/4dfbb6fb58771bd1995255bbcf52db2aa546490d/src/model/misc.py
# Title: AutoRegressive-MLM: src/model/misc.py (crf_layer negative log-likelihood)
# Cut: kept crf_layer.__init__, core_recursion, sum_scores, score_sequence, the batched versions, weighted_ce and __call__ verbatim without docstrings; dropped Viterbi decoding and the GRU/Linear final layers
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

    def sum_scores(self,
                   transition_matrix: jnp.ndarray,
                   logits: jnp.ndarray,) -> jnp.ndarray:
        scan_fn = lambda prev_alphas, logit_t: (self.core_recursion(logsumexp, transition_matrix, prev_alphas, logit_t),)*2
        alphas = lax.scan(scan_fn, init=self.init_alphas+logits[0,:], xs=logits[1:])
        return logsumexp(alphas[1], axis=-1)

    def score_sequence(self,
                       transition_matrix: jnp.ndarray,
                       logits: jnp.ndarray,
                       tags: jnp.ndarray) -> jnp.ndarray:
        first_tag_score = self.init_alphas[tags[0]]+logits[0, tags[0]]
        scan_fn = lambda prev_score, i: (prev_score + transition_matrix[tags[i+1]][tags[i]] + logits[i+1, tags[i+1]],)*2
        final_scores = lax.scan(scan_fn, init=first_tag_score, xs=jnp.arange(logits.shape[0]-1))
        return final_scores[1]

    def batched_sum_scores(self,
                           batch_logits: jnp.ndarray,
                           lengths: jnp.ndarray) -> jnp.ndarray:
        transition_matrix = hk.get_parameter("transition_matrix", 
                                             [self.n_classes, self.n_classes], 
                                             init=self.transition_init)
        
        batch_score_fn = jax.vmap(lambda logits: self.sum_scores(transition_matrix, logits),
                                  in_axes=(0,), out_axes=0)
        
        sum_scores = batch_score_fn(batch_logits)

        return jnp.diag(sum_scores[:,lengths-2])

    def batched_score_sequence(self,
                               batch_logits: jnp.ndarray,
                               lengths: jnp.ndarray, 
                               batch_tags: jnp.ndarray) -> jnp.ndarray:
        transition_matrix = hk.get_parameter("transition_matrix", 
                                             [self.n_classes, self.n_classes], 
                                             init=self.transition_init)
        
        batch_seq_score_fn = jax.vmap(lambda logits, tags: self.score_sequence(transition_matrix, logits, tags),
                                      in_axes=(0,0), out_axes=0)

        seq_scores = batch_seq_score_fn(batch_logits, batch_tags)
        return jnp.diag(seq_scores[:,lengths-2])

    def weighted_ce(self,
                    batch_logits: jnp.ndarray,
                    lengths: jnp.ndarray,
                    batch_tags: jnp.ndarray) -> jnp.ndarray:
        logits_mask = jnp.arange(batch_logits.shape[1])<jnp.expand_dims(lengths, -1)
        batch_logits = jnp.expand_dims(logits_mask, -1)*batch_logits
        labels = hk.one_hot(batch_tags, self.n_classes)*jnp.squeeze(self.scale_factors, axis=-1)
        softmax_xent = -jnp.sum(labels*jax.nn.log_softmax(batch_logits))
        return softmax_xent/jnp.sum(logits_mask)

    def __call__(self,
                 batch_logits: jnp.ndarray,
                 lengths: jnp.ndarray, 
                 batch_tags: jnp.ndarray) -> jnp.ndarray:
        partition_fn = jnp.where(lengths!=0, self.batched_sum_scores(batch_logits, lengths), 0.)
        gold_score = jnp.where(lengths!=0, self.batched_score_sequence(batch_logits, lengths, batch_tags), 0.)
        return jnp.sum(partition_fn-gold_score)/jnp.sum(lengths!=0)+(self.weighted_ce(batch_logits, lengths, batch_tags) if self.ce_loss else 0)
