# Source: https://github.com/probml/probml-notebooks/blob/4c0da5e918930e02de5f3e78278c90efe5688b66/notebooks/rbm_contrastive_divergence.ipynb
# Title: probml-notebooks rbm_contrastive_divergence.ipynb: RBM on binarized MNIST trained with CD-1 (JAX)
# Cut: code cells 2, 7, 8, 9, 11, 12 and 14 converted to a .py file; dropped plotting helpers, the logistic-regression
#      probe and the figure cells.
import numpy as np
import jax
from jax import numpy as jnp
from jax import grad, jit, vmap, random
import optax
import tensorflow_datasets as tfds

def initialise_params(N_vis,N_hid,key):
    """ Initialise the parameters.
    
    Args:
        N_vis - number of visible units.
        N_hid - number of hidden units.
        key - PRNG key.

    Returns:
        params - (W, a, b), Weights and biases for network.
    """
    W_key, a_key, b_key = random.split(key,3)
    W = random.normal(W_key,(N_vis,N_hid)) * 0.01
    a = random.normal(a_key,(N_hid,)) * 0.01 
    b = random.normal(b_key,(N_vis,)) * 0.01
    return (W, a, b)
@jit
def sample_hidden(vis,params,key):
    """ Performs the hidden layer sampling, P(h|v;θ).

    Args:
        vis - state of the visible units.
        params - (W, a, b), Weights and biases for network.
        key - PRNG key.

    Returns:
        The probabilities and states of the hidden layer sampling.
    """
    W, a, _ = params
    activation = jnp.dot(vis,W) + a
    hid_probs = jax.nn.sigmoid(activation)
    hid_states = random.bernoulli(key,hid_probs).astype('int8')
    return hid_probs, hid_states

@jit
def sample_visible(hid,params,key):
    """ Performs the visible layer sampling, P(v|h;θ).

    Args:
        hid -  state of the hidden units
        params - (W, a, b), Weights and biases for network.
        key - PRNG key.

    Returns:
        The probabilities and states of the visible layer sampling.
    """
    W, _, b = params
    activation = jnp.dot(hid,W.T) + b
    vis_probs = jax.nn.sigmoid(activation)
    vis_states = random.bernoulli(key,vis_probs).astype('int8')
    return vis_probs, vis_states


@jit
def CD1(vis_sample,params,key):
    """ The one-step contrastive divergence algorithm.

    Can handle batches of training data.
    
    Args:
        vis_sample - sample of visible states from data.
        params - (W, a, b), Weights and biases for network.
        key - PRNG key.
    
    Returns:
        An estimate of the gradient of the log likelihood with respect
         to the parameters.
    """
    key,subkey = random.split(key)
    hid_prob0, hid_state0 = sample_hidden(vis_sample,params,subkey)
    key,subkey = random.split(key)
    vis_prob1, vis_state1 = sample_visible(hid_state0,params,subkey)
    key,subkey = random.split(key)
    # It would be more efficient here to not actual sample the unused states.
    hid_prob1, _ = sample_hidden(vis_state1,params,subkey)
    
    delta_W = jnp.einsum('...j,...k->...jk',vis_sample,hid_prob0) - \
              jnp.einsum('...j,...k->...jk',vis_state1,hid_prob1)
    delta_a = hid_prob0 - hid_prob1
    delta_b = vis_sample - vis_state1
    return (delta_W, delta_a, delta_b)

@jit
def reconstruct_vis(vis_sample, params, key):
    """ Reconstruct the visible state from a conditional sample of the hidden
     units.

     Returns
        Reconstruction probabilities.
    """
    subkey1, subkey2 = random.split(key,2)
    _, hid_state = sample_hidden(vis_sample,params,subkey1)
    vis_recon_prob, _ = sample_visible(hid_state,params,subkey2)
    return vis_recon_prob

@jit
def reconstruction_loss(vis_samples,params,key):
    """ Calculate the L2 loss between a batch of visible samples and their 
     reconstructions.

    Note this is a heuristic for evaluating training progress, not an objective
     function.
    """
    reconstructed_samples = reconstruct_vis(vis_samples,params,key)
    loss = optax.l2_loss(vis_samples.astype('float32'), reconstructed_samples).mean()
    return loss

@jit
def vis_free_energy(vis_state,params):
    """ Calculate the free enery of a visible state.

     The free energy of a visible state is equal to the sum of the energies of
     all of the configurations of the total state (hidden + visible) which 
     contain that visible state.

    Args:
        vis_state - state of the visible units.
        params - (W, a, b), Weights and biases for network.
        key - PRNG key.

    Returns:
        The free energy of the visible state.
    """
    W, a, b = params
    activation = jnp.dot(vis_state ,W) + a
    return -jnp.dot(vis_state,b) - jnp.sum(jax.nn.softplus(activation))

@jit
def free_energy_gap(vis_train_samples, vis_test_samples, params):
    """ Calculate the average difference in free energies between test and train
     data.

     The free energy gap can be used to evaluate overfitting. If the model
     starts to overfit the training data the free energy gap will start to
     become increasingly negative.

    Args:
        vis_train_samples - samples of visible states from training data.
        vis_test_samples - samples of visible states from validation data.
        params - (W, a, b), Weights and biases for network.

    Returns:
        The difference between the test and validation free energies.
    """
    train_FE = vmap(vis_free_energy,(0,None))(vis_train_samples,params)
    test_FE = vmap(vis_free_energy,(0,None))(vis_test_samples,params)
    return train_FE.mean() - test_FE.mean()


@jit
def evaluate_params(train_samples, test_samples, params, key):
    """ Calculate performance measures of parameters. """
    train_key, test_key = random.split(key)
    train_recon_loss = reconstruction_loss(train_samples, params, train_key)
    test_recon_loss = reconstruction_loss(test_samples, params, test_key)
    FE_gap = free_energy_gap(train_samples, test_samples, params)
    return train_recon_loss, test_recon_loss, FE_gap
def preprocess_images(images):
    images = images.reshape((len(images),-1))
    return jnp.array(images > (255/2), dtype="float32")

def load_mnist(split):
    images, labels = tfds.as_numpy(tfds.load('mnist',
                                            split=split,
                                            batch_size=-1,
                                            as_supervised=True))
    procced_images = preprocess_images(images)
    return procced_images, labels
mnist_train_imgs, mnist_train_labels = load_mnist('train')
mnist_test_imgs, mnist_test_labels = load_mnist('test')
def train_RBM(params, train_data, optimizer, key, eval_samples, n_epochs=5, batch_size=20):
    """ Optimize parameters of RBM using the CD1 algoritm. """
    @jit
    def batch_step(params, opt_state, batch, key):
        grads = jax.tree_map(lambda x: x.mean(0), CD1(batch,params,key))
        updates, opt_state = optimizer.update(grads, opt_state, params)
        params = jax.tree_map(lambda p, u: p - u, params, updates)
        return params, opt_state
    
    opt_state = optimizer.init(params)
    metric_list = []
    param_list = [params]
    n_batches = len(train_data)//batch_size
    
    for _ in range(n_epochs):
        key, subkey = random.split(key)
        perms = random.permutation(subkey,len(mnist_train_imgs))
        perms = perms[:batch_size * n_batches] # Skip incomplete batch
        perms = perms.reshape((n_batches,-1))
        for n, perm in enumerate(perms):
            batch = mnist_train_imgs[perm,...]
            key, subkey = random.split(key)
            params, opt_state = batch_step(params, opt_state, batch, subkey)
            if n % 200 == 0:
                key, eval_key = random.split(key)
                batch_metrics = evaluate_params(*eval_samples,
                                                params,
                                                eval_key)
                metric_list.append(batch_metrics)        
        param_list.append(params)

    return params, metric_list, param_list
