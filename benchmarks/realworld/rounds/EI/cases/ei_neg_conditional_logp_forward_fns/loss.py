# Source: https://github.com/deepmodeling/CrystalFormer/blob/be3c6c822f25638353c27ddd69670b840cd05ab0/crystalformer/extension/loss.py
# Title: crystalformer/extension/loss.py (make_cond_logp)
# Cut: docstring shortened; __main__ demo cut.
import jax
import jax.numpy as jnp


def make_cond_logp(logp_fn, forward_fns, targets, alphas):
    '''
    logp_fn: function to calculate log p(x)
    forward_fns: functions to calculate p(y|x)
    targets: target labels
    alphas: hyperparameters to control the trade-off between log p(x) and log p(y|x)

    NOTE that the logp_fn and forward_fns should be vmapped before passing to this function
    '''

    num_conditions = len(forward_fns)
    assert len(forward_fns) == len(targets) == len(alphas), "The number of forward functions, targets, and alphas should be the same"
    print (num_conditions)

    def cond_logp_fn(base_params, cond_params, state, key, G, L, XYZ, A, W, is_training):
        # calculate log p(x)
        logp_w, logp_xyz, logp_a, logp_l = logp_fn(base_params, key, G, L, XYZ, A, W, is_training)
        logp_base = logp_xyz + logp_w + logp_a + logp_l

        # calculate multiple p(y|x)
        key, *subkeys = jax.random.split(key, num_conditions+1)
        logp_cond = 0
        for i in range(num_conditions):
            y = forward_fns[i](cond_params[i], state, subkeys[i], G, L, XYZ, A, W, is_training)
            logp_cond += jnp.abs(targets[i] - y).squeeze() * alphas[i]

        # trade-off between log p(x) and p(y|x)
        logp = logp_base - logp_cond

        return logp

    return cond_logp_fn
