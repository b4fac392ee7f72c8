# Source: https://github.com/Jeevesh8/relational-pt/blob/9a652c77265ec79f41440d5f8f8b7289fe3806e6/src/models/linear_crf.py
# Title: relational-pt: src/models/linear_crf.py (haiku linear-chain CRF, Viterbi decoding with lax.scan)
# Cut: kept crf_layer.__init__, core_recursion, viterbi_decode and batch_viterbi_decode verbatim (method docstrings dropped; the old for-loops the author left inside string literals are kept); dropped the partition/score/loss methods
from typing import Optional, Callable, Tuple, List

import haiku as hk
from jax._src.lax.control_flow import scan
import jax.numpy as jnp
import jax
from jax.scipy.special import logsumexp
import jax.lax as lax


class crf_layer(hk.Module):
    def __init__(
        self,
        n_classes: int,
        transition_init: Optional[hk.initializers.Initializer] = jnp.ones,
        scale_factors: Optional[List[float]] = None,
        init_alphas: Optional[List[float]] = None,
        ce_loss: Optional[bool] = True,
        name: Optional[str] = None,
    ):
        super().__init__(name=name)
        self.n_classes = n_classes
        self.transition_init = transition_init
        if init_alphas is None:
            self.init_alphas = jnp.full((self.n_classes, ), 0.0)
        else:
            self.init_alphas = jnp.asarray(init_alphas)

        if scale_factors is None:
            scale_factors = [1.0] * n_classes
        self.scale_factors = jnp.expand_dims(jnp.asarray(scale_factors), 1)

        self.ce_loss = ce_loss

    @staticmethod
    def core_recursion(
        fn: Callable,
        transition_matrix: jnp.ndarray,
        prev_alphas: jnp.ndarray,
        logit_t: jnp.ndarray,
    ) -> jnp.ndarray:
        prev_alphas = fn(jnp.expand_dims(logit_t, 1) + transition_matrix +
                         prev_alphas,
                         axis=1)

        return prev_alphas

    def viterbi_decode(self, transition_matrix: jnp.ndarray,
                       logits: jnp.ndarray) -> Tuple[jnp.ndarray, jnp.ndarray]:
        prev_alphas = self.init_alphas + logits[0, :]

        scores_lis = [prev_alphas]
        tags_lis = [jnp.asarray([jnp.argmax(prev_alphas)] * self.n_classes)]

        def scan_fn(carry, x):
            i = x
            prev_alphas = carry
            max_tags = self.core_recursion(jnp.argmax, transition_matrix,
                                           prev_alphas, logits[i])
            prev_alphas = self.core_recursion(jnp.max, transition_matrix,
                                              prev_alphas, logits[i])
            return prev_alphas, (max_tags, prev_alphas)

        _, (max_tags, scores) = jax.lax.scan(scan_fn,
                                             init=prev_alphas,
                                             xs=jnp.arange(1, logits.shape[0]))
        """ FOR-LOOP equivalent
        for i in range(1, logits.shape[0]):
            max_tags = self.core_recursion(jnp.argmax, transition_matrix,
                                           prev_alphas, logits[i])
            prev_alphas = self.core_recursion(jnp.max, transition_matrix,
                                              prev_alphas, logits[i])
            scores_lis.append(prev_alphas)
            tags_lis.append(max_tags)

        return jnp.stack(scores_lis), jnp.stack(tags_lis)
        """
        return jnp.concatenate([
            jnp.expand_dims(scores_lis[0], axis=0), scores
        ]), jnp.concatenate([jnp.expand_dims(tags_lis[0], axis=0), max_tags])

    def batch_viterbi_decode(
            self, batch_logits: jnp.ndarray,
            lengths: jnp.ndarray) -> Tuple[jnp.ndarray, jnp.ndarray]:
        transition_matrix = hk.get_parameter(
            "transition_matrix",
            [self.n_classes, self.n_classes],
            init=self.transition_init,
        )

        batch_decode_fn = jax.vmap(
            lambda logits: self.viterbi_decode(transition_matrix, logits),
            in_axes=(0),
            out_axes=(0, 0),
        )

        scores, tags = batch_decode_fn(batch_logits)

        tag_sequences = [jnp.array([-1] * scores.shape[0])]
        batch_scores = jnp.array([-1.0] * scores.shape[0])

        def scan_fn(carry, x):
            i = x
            prev_tag_sequence, batch_scores = carry
            last_tag = jnp.where(i + 1 == lengths,
                                 jnp.argmax(scores[:, i, :], axis=1), -1)
            next_tag_sequence = jnp.diag(
                jnp.where(i + 1 < lengths, tags[:, i + 1, prev_tag_sequence],
                          last_tag))

            batch_scores = jnp.where(i + 1 == lengths,
                                     jnp.max(scores[:, i, :], axis=1),
                                     batch_scores)

            return (next_tag_sequence, batch_scores), next_tag_sequence

        (_, batch_scores), tag_sequences = jax.lax.scan(
            scan_fn,
            init=(tag_sequences[-1], batch_scores),
            xs=jnp.arange(scores.shape[1] - 1, -1, -1),
        )
        """FOR-LOOP equivalent
        for i in range(scores.shape[1] - 1, -1, -1):

            last_tag = jnp.where(i + 1 == lengths,
                                 jnp.argmax(scores[:, i, :], axis=1), -1)
            tag_sequences.append(
                jnp.diag(
                    jnp.where(i + 1 < lengths,
                              tags[:, i + 1, tag_sequences[-1]], last_tag)))
            batch_scores = jnp.where(i + 1 == lengths,
                                     jnp.max(scores[:, i, :], axis=1),
                                     batch_scores)

        tag_sequences.reverse()
        return jnp.stack(tag_sequences[:-1], axis=1), batch_scores
        """
        return jnp.transpose(jnp.flip(tag_sequences, axis=0)), batch_scores
