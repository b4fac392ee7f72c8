# Source: https://github.com/yabramuvdi/yabramuvdi.github.io/blob/0ed865213788cf8dd95c0d99483914d8e8411f47/_posts/2022-05-01-word2vec_notebook.md
# Title: "Implementing the Word2Vec model in JAX" (blog post exported from a notebook)
# Cut: converted the python cells of sections 1.3 (negative sampling), 2.1-2.3 (parameters, loss, vmap,
#      training loop) to a .py; outputs, plots and the pandas/nltk preprocessing were dropped; docstrings
#      shortened; the top-level training cell is wrapped in train() (reconstruction, same statements).
import math
import random
import time

import numpy as np
import jax
import jax.numpy as jnp
from jax import jit, vmap, value_and_grad
from jax.random import PRNGKey as Key
from jax.experimental import optimizers


def gen_neg_samples(centers_idxs, contexts_idxs, vocab_idxs, num_ns):
    """ Function to generate negative samples. The number of negative
        samples produced for each center word will be equal
        to: neg_samples*window_size*2
    """

    window_size = np.int(contexts_idxs.shape[1]/2)
    neg_idxs = [random.sample(set(vocab_idxs) - set(context) - set([center.item()]), window_size*num_ns*2) for context, center in zip(contexts_idxs, centers_idxs)]

    return jnp.array(neg_idxs)


def init_params(vocab_size, emb_size, mean, std, seed):
    # initialize the generator
    generator = np.random.default_rng(seed)

    W = jnp.array(generator.normal(loc=mean, scale=std, size=(vocab_size, emb_size)))
    C = jnp.array(generator.normal(loc=mean, scale=std, size=(vocab_size, emb_size)))

    return [W, C]


@jit
def predict_probs(params, center_idx, contexts_idx):
    # unpack the wegihts matrices: Word embeddings and Context embeddings
    W, C = params[0], params[1]

    # get the W-embedding of the center word
    W_center = jnp.take(W, center_idx, axis=0)

    # get the C-embedding for the context words
    C_contexts = jnp.take(C, contexts_idx, axis=0)

    # similarity score: dot product of word embedding of center word and
    # context embeddings of context words
    similarities = W_center@C_contexts.T

    return jax.nn.sigmoid(similarities)


@jit
def loss_per_example(params, center_idx, contexts_idx, ns_idx, noise=0.000001):
    # get the scores for the real context
    preds_pos = predict_probs(params, center_idx, contexts_idx)

    # loss for the positive (real) context words
    loss_pos = jnp.sum(jnp.log(preds_pos + noise))

    # get the scores for all the negative samples
    preds_neg = 1 - predict_probs(params, center_idx, ns_idx)

    # loss for the negative samples
    loss_neg = jnp.sum(jnp.log(preds_neg + noise))

    return -(loss_pos + loss_neg)


# create a vectorized version of the loss using the vmap function from JAX
# the option "in_axes" indicates over which parameters to iterate
batched_loss = jit(vmap(loss_per_example, in_axes=(None, 0, 0, 0, None)))


@jit
def complete_loss(params, all_center_idx, all_contexts_idx, all_ns_idx, noise):
    # get all losses from the examples
    losses = batched_loss(params, all_center_idx, all_contexts_idx, all_ns_idx, noise)

    return jnp.sum(losses)/all_center_idx.shape[0]


grad_loss = jit(value_and_grad(complete_loss, argnums=0))


@jit
def update(params, step, all_center_idx, all_contexts_idx, all_ns_idx, noise, opt_state):
    """ compute the gradient for a batch of data and update parameters
    """

    # calculate the gradients and the value of the loss function
    loss_value, grads = grad_loss(params, all_center_idx, all_contexts_idx, all_ns_idx, noise)

    # update the parameters with a gradient descent algorithm
    opt_state = opt_update(step, grads, opt_state)

    return loss_value, get_params(opt_state), opt_state


def train(centers, contexts, neg_samples, vocab, num_epochs=20, batch_size=32, step_size=0.001, noise=1e-8):
    global opt_update, get_params
    loss_epoch = []
    vocab_size = len(vocab)
    emb_size = 100
    params = init_params(vocab_size, emb_size, 0, 1, 92)
    opt_init, opt_update, get_params = optimizers.adam(step_size)
    opt_state = opt_init(params)

    # keep track of how many times we are updating the parameters
    num_updates = 0

    num_batches = math.floor(centers.shape[0]/batch_size)

    # train through the epochs
    for epoch in range(num_epochs):

        start_time = time.time()

        # IMPORTANT: SHUFFLE EXAMPLES IN EVERY EPOCH!
        indexes = jnp.array(list(range(0, centers.shape[0])))
        shuffled_idx = jax.random.permutation(Key(epoch), indexes)
        centers = jnp.take(centers, shuffled_idx, axis=0)
        contexts = jnp.take(contexts, shuffled_idx, axis=0)
        neg_samples = jnp.take(neg_samples, shuffled_idx, axis=0)

        # split data into batches
        init_index = 0
        end_index = batch_size

        loss_epoch_list = []
        for batch in range(num_batches+1):

            # get the data from the current batch
            batch_idx = jnp.array(range(init_index, end_index))
            batch_centers = jnp.take(centers, batch_idx, axis=0)
            batch_contexts = jnp.take(contexts, batch_idx, axis=0)
            batch_ns = jnp.take(neg_samples, batch_idx, axis=0)

            # calculate gradients and update parameters for each batch
            loss_batch, params, opt_state = update(params, num_updates, batch_centers,
                                                        batch_contexts, batch_ns, noise, opt_state)
            loss_epoch_list.append(loss_batch)
            num_updates += 1

            # update indexes
            init_index = end_index
            # if we are in the last batch...
            if batch == num_batches-1:
                end_index = centers.shape[0]
            else:
                end_index += batch_size

        epoch_time = time.time() - start_time
        loss_epoch.append(sum(loss_epoch_list))
    return params, loss_epoch
