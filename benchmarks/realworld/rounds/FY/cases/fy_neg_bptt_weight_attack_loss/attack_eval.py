# Source: https://github.com/jubueche/BPTT-Lipschitzness/blob/08221e5cdd0333c8850ebd06d16887241759adfe/loss_jax.py
# Title: loss_jax.py (evaluation-time weight attack)
# Cut: kept _get_logits and attack_network (KL/L2 boundary losses only); the chunked path that
#      splits the data into 1000-sample pieces on a thread pool is as written.
from concurrent.futures import ThreadPoolExecutor, as_completed
from jax import value_and_grad
import jax.numpy as jnp

from loss_jax import loss_kl, split_and_sample

def _get_logits(max_size, model, X, dropout_mask, theta):
    """ Memory friendly parallel execution of the model """
    if(X.shape[0] <= max_size):
        logits, _ = model.call(X, dropout_mask, **theta)
    else:
        _f = lambda X, dropout_mask, theta, idx : (model.call(X, dropout_mask, **theta), idx)
        N = X.shape[0]
        intervals = [(i,i+max_size) for i in range(0,N - (N % max_size),max_size)] + (lambda i : [(N - (N % max_size),N)] if i else [])(N % max_size)
        with ThreadPoolExecutor(max_workers=10) as executor:
            parallel_results = []
            futures = [executor.submit(_f, X[el[0]:el[1]], dropout_mask, theta, idx) for idx,el in enumerate(intervals)]
            for future in as_completed(futures):
                result = future.result()
                parallel_results.append(result)
            parallel_results = sorted(parallel_results, key=lambda k: k[1])
            logits_list = [p[0] for (p,_) in parallel_results]
        logits = jnp.vstack(logits_list)
    return logits

def attack_network(X, params, logits, model, FLAGS, rand_key):
    #In contrast to the training attacker this attackers epsilon is deterministic (equal to the mean epsilon)
    dropout_mask = model.unmasked()
    max_size = 1000
    N = X.shape[0]

    def lip_loss(X, theta_star, logits, dropout_mask):
        logits_theta_star = _get_logits(max_size, model, X, dropout_mask, theta_star)
        if FLAGS.boundary_loss == "kl":
            return loss_kl(logits, logits_theta_star)
        if FLAGS.boundary_loss == "l2":
            return jnp.mean(jnp.linalg.norm(logits-logits_theta_star,axis=1))

    step_size = {}
    theta_star = {}

    # - Initialize theta_star randomly 
    for key in params.keys():
        rand_key, random_normal_var1 = split_and_sample(rand_key, params[key].shape)
        rand_key, random_normal_var2 = split_and_sample(rand_key, params[key].shape)
        theta_star[key] = params[key] + jnp.abs(params[key]) * FLAGS.initial_std_mismatch * random_normal_var1 + FLAGS.initial_std_constant * random_normal_var2
        step_size[key] = (FLAGS.attack_size_mismatch * jnp.abs(params[key]) + FLAGS.attack_size_constant) / FLAGS.n_attack_steps

    loss_over_time = []
    logits = _get_logits(max_size, model, X, dropout_mask, params)
    for _ in range(FLAGS.n_attack_steps):
        if(N <= max_size):
            value, grads_theta_star = value_and_grad(lip_loss, argnums=1)(X, theta_star, logits, dropout_mask)
        else: 
            def _f(X, logits, N, theta_star):
                v,g = value_and_grad(lip_loss, argnums=1)(X, theta_star, logits, dropout_mask)
                return (v,g,N)
            def _add_dict(a, b):
                if(a == {}):
                    return b
                elif(b == {}):
                    return a
                else:
                    res = {}
                    for key in a:
                        res[key] = a[key] + b[key]
                    return res
            def _mult_dict(a, scalar):
                res = {}
                for key in a:
                    res[key] = scalar * a[key]
                return res
            value = 0
            grads_theta_star = {}
            intervals = [(i,i+max_size) for i in range(0,N - (N % max_size),max_size)] + (lambda i : [(N - (N % max_size),N)] if i else [])(N % max_size)
            with ThreadPoolExecutor(max_workers=10) as executor:
                parallel_results = []
                futures = [executor.submit(_f, X[el[0]:el[1]], logits[el[0]:el[1]], idx, theta_star) for idx,el in enumerate(intervals)]
                for future in as_completed(futures):
                    result = future.result()
                    parallel_results.append(result)
                # - Sort the results
                parallel_results = sorted(parallel_results, key=lambda k: k[2])
                for idx in range(len(intervals)):
                    v,g,_ = parallel_results[idx]
                    Nb = intervals[idx][1]-intervals[idx][0]
                    grads_theta_star = _add_dict(grads_theta_star, _mult_dict(g, Nb/N))
                    value += v*Nb/N

        loss_over_time.append(value)
        for key in theta_star.keys():
            theta_star[key] = theta_star[key] + step_size[key] * jnp.sign(grads_theta_star[key])

    loss_over_time.append(lip_loss(X, theta_star, logits, dropout_mask))
    logits_theta_star = _get_logits(max_size, model, X, dropout_mask, theta_star)
    return loss_over_time, logits_theta_star
