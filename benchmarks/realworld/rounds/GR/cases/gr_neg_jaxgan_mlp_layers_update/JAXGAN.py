# Source: https://github.com/romina-a/JAX-GAN/blob/ec98564b83f527ba285fda99b69ed7474a86a17f/JAXGAN.py
# Title: JAX-GAN JAXGAN.py: MLP GAN on MNIST with hand-written layers and SGD updates
# Cut: kept the GAN section (layer init, per-example MLPs vmapped, losses, jitted updates) and train_gan's
#      training loop without its loss logging, learning-rate decay and plotting; dropped pickling helpers, argparse.
import jax.numpy as jnp
from jax import jit, vmap, value_and_grad
from jax import random
from dataset_loader import get_NumpyLoader_mnist


# ~~~~~~~~~~~~~~~~~~~~~~~~~~~ START OF GAN ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
scale_default = 2e-2
dist_dim_default = 100
alpha = 4
d_layer_sizes_default = (784*alpha, 512*alpha, 256*alpha, 1)
g_layer_sizes_default = (dist_dim_default, 256*alpha, 512*alpha, 784*alpha)
d_lr_default = 0.0002
g_lr_default = 0.0002
num_epochs_default = 1000
batch_size_default = 512
digit_default = 0


def random_layer_params(m, n, key, scale=scale_default):
    w_key, b_key = random.split(key)
    return scale * random.normal(w_key, (n, m)), scale * random.normal(b_key, (n,))


def init_network_params(sizes, key, scale=scale_default):
    keys = random.split(key, len(sizes))
    return [random_layer_params(m, n, k) for m, n, k in zip(sizes[:-1], sizes[1:], keys)]


def relu(x):
    return jnp.maximum(0, x)


def sigmoid(x):
    return jnp.exp(x) / (1. + jnp.exp(x))


def BCELoss(predictions, targets):
    return -jnp.mean(jnp.log(predictions) * targets + jnp.log(1 - predictions) * (1 - targets))


# @partial(vmap, in_axes=(None, 0), out_axes=0) TODO: why doesn't work?
def disc_predict(params, image):
    # per-example predictions
    activations = image
    for w, b in params[:-1]:
        outputs = jnp.dot(w, activations) + b
        activations = relu(outputs)

    final_w, final_b = params[-1]
    logit = jnp.dot(final_w, activations) + final_b
    return sigmoid(logit)
    # return jnp.exp(logits)/sum(jnp.exp(logits))


batched_disc_predict = vmap(disc_predict, in_axes=(None, 0), out_axes=0)


def gen_generate(params, noise):
    # per-example predictions
    activations = noise
    for w, b in params[:-1]:
        outputs = jnp.dot(w, activations) + b
        activations = relu(outputs)

    final_w, final_b = params[-1]
    logits = jnp.dot(final_w, activations) + final_b
    return jnp.tanh(logits)


batched_gen_generate = vmap(gen_generate, in_axes=(None, 0), out_axes=0)


def disc_loss(d_params, images, targets):
    preds = batched_disc_predict(d_params, images)
    return BCELoss(preds, targets)


@jit
def update_disc(d_params, images, labels, d_lr):
    """

    :param images:
    :param g_params:
    :param d_params:
    :param g_noise:
    :return: params, loss value, grads
    """
    dics_loss_value, d_grads = value_and_grad(disc_loss)(d_params, images, labels)
    return [(w - d_lr * dw, b - d_lr * db)
            for (w, b), (dw, db) in zip(d_params, d_grads)], dics_loss_value, d_grads


def gen_loss(g_params, d_params, g_noise):
    fake_imgs = batched_gen_generate(g_params, g_noise)
    # plt.imshow(jnp.reshape(fake_imgs[0], (28, 28)))
    # plt.show()
    return disc_loss(d_params, fake_imgs, jnp.ones(len(fake_imgs)))
    # return -jnp.mean(preds * one_hot(jnp.zeros(len(preds)), 1))


@jit
def update_gen(g_params, d_params, g_noise, g_lr):
    """

    :param g_params:
    :param d_params:
    :param g_noise:
    :return: params, loss value, grads
    """
    g_loss_value, g_grads = value_and_grad(gen_loss)(g_params, d_params, g_noise)

    return [(w - g_lr * dw, b - g_lr * db)
            for (w, b), (dw, db) in zip(g_params, g_grads)], g_loss_value, g_grads



def train_gan(num_epochs=num_epochs_default, d_layer_sizes=d_layer_sizes_default,
              g_layer_sizes=g_layer_sizes_default, batch_size=batch_size_default,
              d_lr=d_lr_default, g_lr=g_lr_default, digit=digit_default):
    training_generator = get_NumpyLoader_mnist(batch_size, digit)
    dist_dim = g_layer_sizes[0]
    key = random.PRNGKey(0)
    key, dkey, gkey = random.split(key, 3)
    d_params = init_network_params(sizes=d_layer_sizes, key=dkey)
    g_params = init_network_params(sizes=g_layer_sizes, key=gkey)
    for epoch in range(num_epochs):
        for real_images, _ in training_generator:
            real_images = (real_images - 127.5) / 127.5
            key, subkey = random.split(key)
            noise = random.normal(subkey, (batch_size, dist_dim), dtype=jnp.float32)
            fake_images = batched_gen_generate(g_params, noise)

            d_t_imgs = jnp.concatenate([real_images, fake_images])
            d_t_lbls = jnp.concatenate([0.9 * jnp.ones(len(real_images)), jnp.zeros(len(fake_images))])
            d_params, d_loss, d_grad = update_disc(d_params, d_t_imgs, d_t_lbls, d_lr)

            key, subkey = random.split(key)
            noise = random.normal(subkey, (batch_size, dist_dim), dtype=jnp.float32)
            g_params, g_loss, g_grad = update_gen(g_params, d_params, noise, g_lr)
    return d_params, g_params
