# Source: https://github.com/NTT123/wavegru-vocoder/blob/78ff204c3b018c72a29e1c06e1e6ca7bedde6d66/train.py
# Title: train.py — WaveGRU training step
# Cut: loss_fn and train_step kept; data loading, pruning-mask updates and the training driver removed.
import jax
import jax.numpy as jnp
import opax
import pax


def loss_fn(net, batch):
    """
    return negative log likelihood
    """
    mel, mu = batch
    mu = jnp.clip(mu, a_min=0, a_max=255)
    mel = mel.astype(jnp.float32)
    input_mu, target_mu = mu[:, :-1], mu[:, 1:]
    net, logit = pax.purecall(net, mel, input_mu)
    pad_left = (target_mu.shape[1] - logit.shape[1]) // 2
    pad_right = target_mu.shape[1] - logit.shape[1] - pad_left
    target_mu = target_mu[:, pad_left:-pad_right]
    llh = jax.nn.log_softmax(logit, axis=-1)
    llh = llh * jax.nn.one_hot(target_mu, num_classes=256, axis=-1)
    llh = jnp.sum(llh, axis=-1)
    loss = -jnp.mean(llh)
    return loss, net


@jax.jit
def train_step(net, optim, batch):
    """
    one training step
    """
    (loss, net), grads = pax.value_and_grad(loss_fn, has_aux=True)(net, batch)
    net, optim = opax.apply_gradients(net, optim, grads)
    net = net.replace(rnn=net.gru_pruner(net.rnn))
    net = net.replace(o1=net.o1_pruner(net.o1))
    net = net.replace(o2=net.o2_pruner(net.o2))
    return net, optim, loss

