# Source: https://github.com/sanchit-gandhi/seq2seq-speech/blob/193197730514d91be6d36dce783c4a34303cbf92/run_flax_speech_recognition_ctc.py
# Title: run_flax_speech_recognition_ctc.py
# Cut: kept the module-level ctc_loss and the train/eval steps that main() defines (dedented to module level); argument parsing, data pipeline, evaluation and logging dropped. model, state, to_dtype, blank_id, gradient_accumulation_steps, training_args, model_args and linear_decay_lr_schedule_fn are set up in main() and only referenced here.
import jax
import jax.numpy as jnp
import numpy as np


def ctc_loss(
    logits,
    logits_attention_mask,
    labels,
    blank_id,
    loss_reduction="mean",
    output_emission_dict=False,
    log_epsilon=-100000.0,
):
    """Computes CTC loss (lingvo-style forward recursion over T with lax.scan)."""
    # label paddings are indicated by -100
    labelpaddings = labels < 0
    # logit paddings are the inverse of attention_mask
    logitpaddings = ~logits_attention_mask

    # Copied from https://github.com/tensorflow/lingvo/blob/master/lingvo/jax/layers/ctc_objectives.py
    batchsize, unused_maxinputlen, num_classes = logits.shape
    batchsize_, maxlabellen = labels.shape

    logprobs = jax.nn.log_softmax(logits)
    labellens = maxlabellen - jnp.sum(labelpaddings, axis=1).astype(jnp.int32)

    # repeat[b, n] == 1.0 when label[b, n] == label[b, n+1].
    repeat = (labels[:, :-1] == labels[:, 1:]).astype(jnp.float32)
    repeat = jnp.pad(repeat, ((0, 0), (0, 1)))

    logprobs_phi = logprobs[:, :, blank_id : blank_id + 1]  # [B, T, 1]
    logprobs_phi = jnp.transpose(logprobs_phi, (1, 0, 2))  # [T, B, 1]

    one_hot = jax.nn.one_hot(labels, num_classes=num_classes)  # [B, N, K]
    logprobs_emit = jnp.einsum("btk,bnk->btn", logprobs, one_hot)
    logprobs_emit = jnp.transpose(logprobs_emit, (1, 0, 2))  # [T, B, N]

    logalpha_phi_init = jnp.ones((batchsize, maxlabellen + 1)) * log_epsilon  # [B, N]
    logalpha_phi_init = logalpha_phi_init.at[:, 0].set(0.0)
    logalpha_emit_init = jnp.ones((batchsize, maxlabellen)) * log_epsilon  # [B, N]

    def loop_body(prev, x):
        prev_phi, prev_emit = prev
        # emit-to-phi epsilon transition, except if the next label is repetition
        prev_phi_orig = prev_phi
        prev_phi = prev_phi.at[:, 1:].set(jnp.logaddexp(prev_phi[:, 1:], prev_emit + log_epsilon * repeat))

        logprob_emit, logprob_phi, pad = x

        # phi-to-emit transition
        next_emit = jnp.logaddexp(prev_phi[:, :-1] + logprob_emit, prev_emit + logprob_emit)
        # self-loop transition
        next_phi = prev_phi + logprob_phi
        # emit-to-phi blank transition only when the next label is repetition
        next_phi = next_phi.at[:, 1:].set(
            jnp.logaddexp(next_phi[:, 1:], prev_emit + logprob_phi + log_epsilon * (1.0 - repeat))
        )

        pad = pad.reshape((batchsize, 1))
        next_emit = pad * prev_emit + (1.0 - pad) * next_emit
        next_phi = pad * prev_phi_orig + (1.0 - pad) * next_phi

        return (next_phi, next_emit), (next_phi, next_emit)

    xs = (logprobs_emit, logprobs_phi, logitpaddings.transpose((1, 0)))
    _, (logalpha_phi, logalpha_emit) = jax.lax.scan(loop_body, (logalpha_phi_init, logalpha_emit_init), xs)

    # last row needs to be updated with the last epsilon transition
    logalpha_phi_last = logalpha_phi[-1].at[:, 1:].set(jnp.logaddexp(logalpha_phi[-1, :, 1:], logalpha_emit[-1]))
    logalpha_phi = logalpha_phi.at[-1].set(logalpha_phi_last)

    # extract per_seq_loss
    one_hot = jax.nn.one_hot(labellens, num_classes=maxlabellen + 1)  # [B, N+1]
    per_seq_loss = -jnp.einsum("bn,bn->b", logalpha_phi_last, one_hot)

    if loss_reduction == "mean":
        target_lengths = labelpaddings.shape[-1] - labelpaddings.sum(axis=-1)
        loss = (per_seq_loss / target_lengths).mean()
    elif loss_reduction == "sum":
        loss = per_seq_loss.sum()
    else:
        loss = per_seq_loss

    if not output_emission_dict:
        return loss

    return loss, {
        "logalpha_phi": logalpha_phi,
        "logalpha_emit": logalpha_emit,
        "logprobs_phi": logprobs_phi,
        "logprobs_emit": logprobs_emit,
    }


def train_step(state, batch):
    # only one single rng per grad step, with or without accumulation, as the graph should be identical over one effective training batch
    dropout_rng, new_dropout_rng = jax.random.split(state.dropout_rng)

    def compute_loss(params, minibatch):
        labels = minibatch.pop("labels")
        logits = state.apply_fn(
            **minibatch,
            params=params,
            dropout_rng=dropout_rng,
            freeze_feature_encoder=model_args.freeze_feature_encoder,
            train=True,
        )[0]
        logits_mask = state.get_attention_mask_fn(logits.shape[1], batch["attention_mask"])
        loss = ctc_loss(logits, logits_mask, labels, blank_id, loss_reduction="mean")

        return loss

    grad_fn = jax.value_and_grad(compute_loss)

    if gradient_accumulation_steps == 1 or training_args.multisteps:
        loss, grad = grad_fn(to_dtype(state.params), batch)

    # Custom gradient accumulation
    else:
        # add a first dimension over gradient_accumulation_steps for minibatch slices
        batch = jax.tree_map(
            lambda x: x.reshape(
                gradient_accumulation_steps, training_args.per_device_train_batch_size, *x.shape[1::]
            ),
            batch,
        )

        def accum_minibatch_step(accum_grad, minibatch):
            # compute loss, num labels and grad over minibatch and accumulate
            loss, grad = grad_fn(to_dtype(state.params), minibatch)
            return jax.tree_map(jnp.add, accum_grad, grad), loss

        # create an initial state for accumulating losses, num labels and gradients
        init_grad = jax.tree_map(jnp.zeros_like, to_dtype(state.params))
        # loop accum minibatch step over the number of gradient accumulation steps
        grad, loss = jax.lax.scan(accum_minibatch_step, init_grad, batch)

    # update state
    new_state = state.apply_gradients(
        grads=grad,
        dropout_rng=new_dropout_rng,
        to_dtype=to_dtype,
    )

    # compute gradient norms over all layers and globally for detailed monitoring
    layer_grad_norm = jax.tree_map(jnp.linalg.norm, grad)
    logs = {
        "layer_grad_norm": layer_grad_norm,
        "grad_norm": jnp.linalg.norm(jax.tree_util.tree_leaves(layer_grad_norm)),
    }

    # compute parameter norms over all layers and globally for detailed monitoring
    layer_param_norm = jax.tree_map(jnp.linalg.norm, new_state.params)
    logs["layer_param_norm"] = layer_param_norm
    logs["param_norm"] = jnp.linalg.norm(jax.tree_util.tree_leaves(layer_param_norm))

    metrics = {"loss": loss, "learning_rate": linear_decay_lr_schedule_fn(state.step)}
    metrics.update(logs)

    metrics = jax.lax.pmean(metrics, axis_name="batch")
    # metrics = to_fp32(metrics)

    return new_state, metrics

# Define eval fn
def eval_step(params, batch):
    labels = batch.pop("labels")
    logits = model(**batch, params=params, train=False)[0]

    logits_mask = model._get_feature_vector_attention_mask(logits.shape[1], batch["attention_mask"])
    loss = ctc_loss(logits, logits_mask, labels, blank_id, loss_reduction="mean")

    pred_ids = jnp.argmax(logits, axis=-1)

    # summarize metrics
    metrics = {"loss": loss}
    metrics = jax.lax.pmean(metrics, axis_name="batch")
    # metrics = to_fp32(metrics)
    return metrics, pred_ids

# Create parallel version of the train and eval step
if training_args.do_train:
    p_train_step = jax.pmap(train_step, "batch", donate_argnums=(0,))

if training_args.do_eval or training_args.do_predict:
    p_eval_step = jax.pmap(eval_step, "batch")
