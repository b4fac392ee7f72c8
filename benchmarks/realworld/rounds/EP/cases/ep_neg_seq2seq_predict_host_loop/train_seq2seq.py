# Source: https://github.com/crispitagorico/summer_school/blob/05a702092fc78f6c2f4a5024845e80bbc875459f/transformers_jax.ipynb
# Title: transformers_jax.ipynb (train_step / train_seq2seq)
# Cut: converted cell 40 to a .py; Animator/Timer/Accumulator, get_train_state, cross_entropy_loss and
#      compute_metrics come from earlier cells and are imported here.
import jax
import jax.numpy as jnp
from jax import random
from flax.training import train_state
from transformers_jax_cells import Animator, Timer, Accumulator, get_train_state, cross_entropy_loss, compute_metrics, device

# %% cell 40
@jax.jit
def train_step(state: train_state.TrainState, key, X, X_valid_len, Y, Y_valid_len, bos, dec_input):
    """Trains one step."""

    def loss_fn(params):
        logits, _, _, _ = state.apply_fn(
            {"params": params}, X, X_valid_len, dec_input, train=True, rngs={"dropout": key}
        )
        loss = cross_entropy_loss(logits, Y, Y_valid_len)
        return loss, logits

    grad_fn = jax.value_and_grad(loss_fn, has_aux=True)
    (_, logits), grads = grad_fn(state.params)
    state = state.apply_gradients(grads=grads)
    metrics = compute_metrics(logits, Y, Y_valid_len)

    return state, metrics


def train_seq2seq(data_iter, lr, num_epochs, tgt_vocab):
    """Train a model for sequence to sequence."""

    key = random.PRNGKey(314)
    state = get_train_state(key, lr)

    animator = Animator(xlabel="epoch", ylabel="loss", xlim=[10, num_epochs])
    for epoch in range(num_epochs):
        timer = Timer()
        metric = Accumulator(2)  # Sum of training loss, no. of tokens
        for batch in data_iter:
            X, X_valid_len, Y, Y_valid_len = [jnp.array(x) for x in batch]

            bos = jnp.array([tgt_vocab["<bos>"]] * Y.shape[0]).reshape(-1, 1)
            dec_input = jnp.concatenate([bos, Y[:, :-1]], 1)  # Teacher forcing

            state, metrics = train_step(state, key, X, X_valid_len, Y, Y_valid_len, bos, dec_input)

            num_tokens = Y_valid_len.sum()

            metric.add(metrics["loss"] * num_tokens, num_tokens)
        # if (epoch + 1) % 10 == 0:
        animator.add(epoch + 1, (metric[0] / metric[1],))
    print(f"loss {metric[0] / metric[1]:.3f}, {metric[1] / timer.stop():.1f} " f"tokens/sec on {str(device)}")

    return state
