# Source: https://github.com/townsag/SimpleCall/blob/38bc4f4820965eb13caea9cbd0e4295b9d8d24c8/src/ctc_objectives.py
# Title: src/ctc_objectives.py ("copied from https://github.com/tensorflow/lingvo/blob/master/lingvo/jax/layers/ctc_objectives.py")
# Cut: license block and the long docstring shortened; trailing helpers after ctc_loss dropped.
from typing import Mapping, Tuple

import jax
import jax.numpy as jnp


def ctc_loss(logits,
             logitpaddings,
             labels,
             labelpaddings,
             blank_id: int = 0,
             output_emission_dict=False,
             log_epsilon=-100000.0):
    """Computes CTC loss over an FSA with N*2 states (phi and emission states); B batch, T frames, N labels."""
    batchsize, unused_maxinputlen, num_classes = logits.shape
    batchsize_, maxlabellen = labels.shape
    #asserts.eq(batchsize, batchsize_)

    logprobs = jax.nn.log_softmax(logits)
    labellens = maxlabellen - jnp.sum(labelpaddings, axis=1).astype(jnp.int32)

    # repeat[b, n] == 1.0 when label[b, n] == label[b, n+1].
    repeat = (labels[:, :-1] == labels[:, 1:]).astype(jnp.float32)
    repeat = jnp.pad(repeat, ((0, 0), (0, 1)))

    logprobs_phi = logprobs[:, :, blank_id:blank_id + 1]  # [B, T, 1]
    logprobs_phi = jnp.transpose(logprobs_phi, (1, 0, 2))  # [T, B, 1]

    one_hot = jax.nn.one_hot(labels, num_classes=num_classes)  # [B, N, K]
    logprobs_emit = jnp.einsum('btk,bnk->btn', logprobs, one_hot)
    logprobs_emit = jnp.transpose(logprobs_emit, (1, 0, 2))  # [T, B, N]

    logalpha_phi_init = jnp.ones(
        (batchsize, maxlabellen + 1)) * log_epsilon  # [B, N]
    logalpha_phi_init = logalpha_phi_init.at[:, 0].set(0.0)
    logalpha_emit_init = jnp.ones(
        (batchsize, maxlabellen)) * log_epsilon  # [B, N]

    def loop_body(prev, x):
        prev_phi, prev_emit = prev
        # emit-to-phi epsilon transition, except if the next label is repetition
        prev_phi_orig = prev_phi
        prev_phi = prev_phi.at[:, 1:].set(
            jnp.logaddexp(prev_phi[:, 1:], prev_emit + log_epsilon * repeat))

        logprob_emit, logprob_phi, pad = x

        # phi-to-emit transition
        next_emit = jnp.logaddexp(prev_phi[:, :-1] + logprob_emit,
                                  prev_emit + logprob_emit)
        # self-loop transition
        next_phi = prev_phi + logprob_phi
        # emit-to-phi blank transition only when the next label is repetition
        next_phi = next_phi.at[:, 1:].set(
            jnp.logaddexp(next_phi[:, 1:],
                          prev_emit + logprob_phi + log_epsilon * (1.0 - repeat)))

        pad = pad.reshape((batchsize, 1))
        next_emit = pad * prev_emit + (1.0 - pad) * next_emit
        next_phi = pad * prev_phi_orig + (1.0 - pad) * next_phi

        return (next_phi, next_emit), (next_phi, next_emit)

    xs = (logprobs_emit, logprobs_phi, logitpaddings.transpose((1, 0)))
    _, (logalpha_phi,
        logalpha_emit) = jax.lax.scan(loop_body,
                                      (logalpha_phi_init, logalpha_emit_init), xs)

    # last row needs to be updated with the last epsilon transition
    logalpha_phi_last = logalpha_phi[-1].at[:, 1:].set(
        jnp.logaddexp(logalpha_phi[-1, :, 1:], logalpha_emit[-1]))
    logalpha_phi = logalpha_phi.at[-1].set(logalpha_phi_last)

    # extract per_seq_loss
    one_hot = jax.nn.one_hot(
        labellens, num_classes=maxlabellen + 1)  # [B, N+1]
    per_seq_loss = -jnp.einsum('bn,bn->b', logalpha_phi_last, one_hot)

    if not output_emission_dict:
        return per_seq_loss

    return per_seq_loss, {
        'logalpha_phi': logalpha_phi,
        'logalpha_emit': logalpha_emit,
        'logprobs_phi': logprobs_phi,
        'logprobs_emit': logprobs_emit,
    }
