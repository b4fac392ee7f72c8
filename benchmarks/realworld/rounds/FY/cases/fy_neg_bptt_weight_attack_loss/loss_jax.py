# Source: https://github.com/jubueche/BPTT-Lipschitzness/blob/08221e5cdd0333c8850ebd06d16887241759adfe/loss_jax.py
# Title: loss_jax.py (adversarial weight-perturbation training loss)
# Cut: kept the KL loss, split_and_sample, compute_gradients (normal loss, boundary loss,
#      make_theta_star, robust loss) and the jitted compute_gradient_and_update; the JS loss and the
#      boundary-loss variants other than KL/L2 are dropped. n_attack_steps is a command-line flag
#      (README example: -n_attack_steps=10).
from jax.nn import softmax
from jax import jit, random, grad
from functools import partial
import jax.numpy as jnp

@jit
def categorical_cross_entropy(y, logits):
    logits_s = jnp.log(softmax(logits))
    nll = jnp.take_along_axis(logits_s, jnp.expand_dims(y, axis=1), axis=1)
    cce = -jnp.mean(nll)
    return cce

@jit
def loss_normal(y, logits, average_fr, regularizer):
    cce = categorical_cross_entropy(y, logits)
    # Regularization on the firing rate
    regularization_f0 = 10 / 1000  # 10Hz
    loss_reg = jnp.sum(jnp.square(average_fr - regularization_f0) * regularizer)
    cce += loss_reg
    return cce

@jit
def loss_kl(logits, logits_theta_star):
    # - Apply softmax
    logits_s = softmax(logits)
    logits_theta_star_s = softmax(logits_theta_star)
    # - Assumes [BatchSize,Output] shape
    kl = jnp.mean(jnp.sum(logits_s * jnp.log(logits_s / jnp.where(logits_theta_star_s >= 1e-6, logits_theta_star_s, 1e-6) ), axis=1))
    return kl

@partial(jit, static_argnums=(1))
def split_and_sample(key, shape):
  key, subkey = random.split(key)
  val = random.normal(subkey, shape=shape)
  return key, val

def compute_gradients(X, y, params, model, FLAGS, rand_key):
    _, subkey = random.split(rand_key)
    subkey, dropout_mask = model.split_and_get_dropout_mask(rand_key, FLAGS.dropout_prob)

    def _training_loss(X, y, params, l2_reg, dropout_mask):
        logits, spikes = model.call(X, dropout_mask, **params)
        avg_firing = jnp.mean(spikes, axis=1) 
        l2 = FLAGS.l2_weight_decay * jnp.sum(jnp.array([jnp.linalg.norm(params[el],'fro') for el in FLAGS.l2_weight_decay_params]))
        l1 = FLAGS.l1_weight_decay * jnp.sum(jnp.array([jnp.sum(jnp.abs(params[el])) for el in FLAGS.l1_weight_decay_params]))
        return loss_normal(y, logits, avg_firing, l2_reg) + l2 + l1

    def training_loss(X, y, params, l2_reg, dropout_mask):
        grads = grad(_training_loss, argnums=2)(X, y, params, FLAGS.reg, model.unmasked())
        loss_contractive = FLAGS.contractive * jnp.sum(jnp.array([jnp.linalg.norm(jnp.ravel(grads[el]), ord=jnp.inf) for el in FLAGS.contractive_params]))
        return _training_loss(X, y, params, l2_reg, dropout_mask) + loss_contractive

    def lip_loss(X, theta_star, logits, dropout_mask):
        logits_theta_star, _ = model.call(X, dropout_mask, **theta_star)
        if FLAGS.boundary_loss == "kl":
            return loss_kl(logits, logits_theta_star)
        if FLAGS.boundary_loss == "l2":
            return jnp.mean(jnp.linalg.norm(logits-logits_theta_star,axis=1))

    def make_theta_star(X, y, params, FLAGS, rand_key, dropout_mask, logits):
        make_step = {
            "inf": jnp.sign,
            "2": lambda grad: grad/jnp.linalg.norm(grad)
        }
        step_size = {}
        theta_star = {}
        # - Initialize theta_star randomly 
        for key in params.keys():
            rand_key, random_normal_var1 = split_and_sample(rand_key, params[key].shape)
            rand_key, random_normal_var2 = split_and_sample(rand_key, params[key].shape)
            theta_star[key] = params[key] + jnp.abs(params[key]) * FLAGS.initial_std_mismatch*random_normal_var1 + FLAGS.initial_std_constant*random_normal_var2
            step_size[key] = (FLAGS.attack_size_mismatch * jnp.abs(params[key]) + FLAGS.attack_size_constant) /FLAGS.n_attack_steps

        for _ in range(FLAGS.n_attack_steps):
            grads_theta_star = grad(lip_loss, argnums=1)(X, theta_star, logits, dropout_mask)
            for key in theta_star.keys():
                theta_star[key] = theta_star[key] + step_size[key] * make_step[FLAGS.p_norm](grads_theta_star[key])
        return theta_star
    
    def robust_loss(X, y, params, FLAGS, rand_key, dropout_mask, theta_star):
        logits, _ = model.call(X, dropout_mask, **params)
        if theta_star is None:
            theta_star = make_theta_star(X, y, params, FLAGS, rand_key, dropout_mask, logits)
        
        return lip_loss(X, theta_star, logits, dropout_mask)

    def loss_general(X, y, params, FLAGS, rand_key, dropout_mask, theta_star):
        loss_n = training_loss(X, y, params, FLAGS.reg, dropout_mask)
        loss_r = robust_loss(X, y, params, FLAGS, rand_key, dropout_mask, theta_star)
        return loss_n + FLAGS.beta_robustness*loss_r

    # - Differentiate w.r.t. element at argnums (deault 0, so first element)
    if(FLAGS.beta_robustness!=0):
        if FLAGS.treat_as_constant:
            logits, _ = model.call(X, dropout_mask, **params)
            theta_star = make_theta_star(X, y, params, FLAGS, rand_key, dropout_mask, logits)
        else:
            theta_star=None
        grads = grad(loss_general, argnums=2)(X, y, params, FLAGS, subkey, dropout_mask, theta_star)
    else:
        grads = grad(training_loss, argnums=2)(X, y, params, FLAGS.reg, dropout_mask)
    if("W_rec" in grads.keys()):
        diag_indices = jnp.arange(0,grads["W_rec"].shape[0],1)
        # - Remove the diagonal of W_rec from the gradient
        grads["W_rec"] = grads["W_rec"].at[diag_indices,diag_indices].set(0.0)
    return grads

@partial(jit, static_argnums=(4,5,6,7))
def compute_gradient_and_update(batch_id, X, y, opt_state, opt_update, get_params, model, FLAGS, rand_key):
    params = get_params(opt_state)
    grads = compute_gradients(X,y,params,model,FLAGS,rand_key)
    return opt_update(batch_id, grads, opt_state)
