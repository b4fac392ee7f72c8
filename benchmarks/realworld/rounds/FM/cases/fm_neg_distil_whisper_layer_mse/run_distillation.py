# Source: https://github.com/huggingface/distil-whisper/blob/cc96130f6e4cc74cab4545f3c6e7e5c204ced871/training/flax/run_distillation.py
# Title: training/flax/run_distillation.py (Distil-Whisper)
# Cut: kept the losses and train_step defined inside main() and the pmap line; main() signature reconstructed from the names the closures read; logging metrics tail cut

import jax
import jax.numpy as jnp
import optax
from flax.training.common_utils import onehot
from transformers.modeling_flax_outputs import FlaxBaseModelOutput


def main(training_args, teacher_model, to_dtype, dtype, encoder_layer_mapping, decoder_layer_mapping):  # reconstructed
    def cross_entropy_loss(logits, labels):
        vocab_size = logits.shape[-1]
        # optax onehot always returns a float32 device array, need to downcast if performing mixed precision training
        onehot_targets = to_dtype(onehot(labels, vocab_size))
        loss = optax.softmax_cross_entropy(logits, onehot_targets)
        # ignore padded tokens from loss, i.e. where labels are not set to -100
        padding = labels >= 0
        loss = loss * padding
        loss = loss.sum()
        num_labels = padding.sum()
        return loss, num_labels

    # temperature smoothed kl-divergence
    def kl_divergence(target_distribution, log_predicted_distribution, labels, eps=1e-20):
        divergence = -target_distribution * (log_predicted_distribution - jnp.log(target_distribution + eps))
        # ignore padded tokens from divergence, i.e. where labels are not set to -100
        padding_mask = labels >= 0
        padding_mask = jnp.expand_dims(padding_mask, axis=-1)
        divergence = (divergence * padding_mask).sum()
        return to_dtype(divergence)  # respect the dtype of the backprop

    def mean_square_error_loss(student_outputs, teacher_outputs):
        mse = dtype(0.0)

        # tie encoder embeddings
        mse += jnp.mean(
            jnp.square(teacher_outputs.encoder_hidden_states[0] - student_outputs.encoder_hidden_states[0])
        )

        for student_layer_id, teacher_layer_id in encoder_layer_mapping.items():
            # offset the hidden-state layer ids by 1 to account for the extra embedding hidden-state
            student_hidden_state = student_outputs.encoder_hidden_states[student_layer_id + 1]
            teacher_hidden_state = teacher_outputs.encoder_hidden_states[teacher_layer_id + 1]
            mse += jnp.mean(jnp.square(teacher_hidden_state - student_hidden_state))

            # student_attention = student_outputs.encoder_attentions[student_layer_id]
            # teacher_attention = teacher_outputs.encoder_attentions[teacher_layer_id]
            # mse += jnp.mean(jnp.square(student_attention - teacher_attention))

        # tie decoder embeddings
        mse += jnp.mean(
            jnp.square(teacher_outputs.decoder_hidden_states[0] - student_outputs.decoder_hidden_states[0])
        )

        for student_layer_id, teacher_layer_id in decoder_layer_mapping.items():
            # offset the hidden-state layer ids by 1 to account for the extra embedding hidden-state
            student_hidden_state = student_outputs.decoder_hidden_states[student_layer_id + 1]
            teacher_hidden_state = teacher_outputs.decoder_hidden_states[teacher_layer_id + 1]
            mse += jnp.mean(jnp.square(teacher_hidden_state - student_hidden_state))

            # student_attention = student_outputs.decoder_attentions[student_layer_id]
            # teacher_attention = teacher_outputs.decoder_attentions[teacher_layer_id]
            # mse += jnp.mean(jnp.square(student_attention - teacher_attention))

            # student_cross_attention = student_outputs.cross_attentions[student_layer_id]
            # teacher_cross_attention = teacher_outputs.cross_attentions[teacher_layer_id]
            # mse += jnp.mean(jnp.square(student_cross_attention - teacher_cross_attention))

        return to_dtype(mse)  # respect the dtype of the backprop

    # Define gradient update step fn
    def train_step(
        student_state,
        teacher_params,
        batch,
        freeze_encoder,
        share_hidden_states,
        temperature=2.0,
    ):
        dropout_rng, new_dropout_rng = jax.random.split(student_state.dropout_rng)

        def compute_loss(student_params):
            labels = batch.pop("labels")
            output_hidden_states = not share_hidden_states and training_args.mse_weight > 0.0

            teacher_outputs = teacher_model(
                **batch,
                params=teacher_params,
                freeze_encoder=True,
                output_hidden_states=output_hidden_states,
                train=False,
            )

            if share_hidden_states:
                # if the student and teacher share the same frozen encoder then we don't have to recompute the
                # encoder hidden-states for the student model, we can just re-use from the teacher
                encoder_hidden_states = jax.lax.stop_gradient(teacher_outputs.encoder_last_hidden_state)
                encoder_outputs = FlaxBaseModelOutput(last_hidden_state=encoder_hidden_states)

                student_outputs = student_state.apply_fn(
                    decoder_input_ids=batch["decoder_input_ids"],
                    encoder_outputs=encoder_outputs,
                    params=student_params,
                    dropout_rng=dropout_rng,
                    train=True,
                )
            else:
                # do the full forward pass for the student model (encoder + decoder)
                student_outputs = student_state.apply_fn(
                    **batch,
                    params=student_params,
                    dropout_rng=dropout_rng,
                    freeze_encoder=freeze_encoder,
                    output_hidden_states=output_hidden_states,
                    train=True,
                )

            # CE (data) loss
            ce_loss, num_labels = cross_entropy_loss(student_outputs.logits, labels)

            # rescale by temperature to ensure gradients scale correctly
            teacher_distribution = jax.nn.softmax(teacher_outputs.logits / temperature, axis=-1)
            # ensure no information flow backwards through teacher
            teacher_distribution = jax.lax.stop_gradient(teacher_distribution)
            # log softmax of student predictions for numerical stability
            student_distribution = jax.nn.log_softmax(student_outputs.logits / temperature, axis=-1)
            # KL-divergence loss (scaled by temperature)
            kl_loss = kl_divergence(teacher_distribution, student_distribution, labels) * temperature**2

            # MSE loss between enc-dec hidden-states and attentions
            mse_loss = (
                mean_square_error_loss(student_outputs, teacher_outputs)
                if output_hidden_states
                else jnp.zeros_like(kl_loss)
            )

            # use DistilBart formulation - only tune the MSE weight and take remaining HPs from DistilBERT
            ce_weight = 0.8 if training_args.kl_weight > 0 else 1.0
            loss = ce_weight * ce_loss + training_args.kl_weight * kl_loss + training_args.mse_weight * mse_loss

            return loss, (
                ce_loss,
                kl_loss,
                mse_loss,
                num_labels,
            )

        grad_fn = jax.value_and_grad(compute_loss, has_aux=True)
        (loss, (ce_loss, kl_loss, mse_loss, num_labels)), grad = grad_fn(to_dtype(student_state.params))

        # true loss = total loss / total samples
        loss = jax.lax.psum(loss, "batch")
        num_labels = jax.lax.psum(num_labels, "batch")
        loss = jax.tree_util.tree_map(lambda x: x / num_labels, loss)

        # true grad = total grad / total samples
        grad = jax.lax.psum(grad, "batch")
        grad = jax.tree_util.tree_map(lambda x: x / num_labels, grad)
        new_state = student_state.apply_gradients(grads=grad, dropout_rng=new_dropout_rng, to_dtype=to_dtype)
        return new_state

    # Create parallel version of the train and eval step
    p_train_step = jax.pmap(
        train_step,
        "batch",
        in_axes=(0, 0, 0, None, None, None),
        donate_argnums=(0,),
        static_broadcasted_argnums=(
            3,
            4,
        ),
    )
    return p_train_step
