# Source: https://github.com/samuelcaronnajones/statjax/blob/de49c407a967c1abe6729625f459b464e8205680/src/statjax/util.py
# Title: statjax, src/statjax/util.py (bootstrap, ci, residualize)
# Cut: one_hot, mundlak, the input parsers and the formulaic helpers cut; the comment blocks
#      above each function shortened. bootstrap and residualize are the author's.
import jax.numpy as jnp
import jax.random as random
from jax import jit, vmap

'''
bootstrap: This function takes a function and a set of arguments, and returns the bootstrap
distribution of the statistic.
method (str): The method to be used for bootstrapping: "linear" or "vmap".
'''


def bootstrap(statistic, B = 1000, rng = random.PRNGKey(0), method = "linear", **method_args):


    a1 = list(method_args.keys())[0]
    n = method_args[a1].shape[0]
    samples = random.choice(rng, n, shape=(B, n), replace=True)

    bootstrap_args = []
    for arg in method_args:
        bootstrap_args.append(jnp.array(method_args[arg][samples]))

    if method == "linear":
        bootstrap_distribution = jnp.array([statistic(*a) for a in (zip(*bootstrap_args))])

    elif method == "vmap":
        bootstrap_distribution = vmap(statistic)(*bootstrap_args)

    else:
        raise NotImplementedError("Method must be one of 'linear' or'vmap'")


    return bootstrap_distribution


def ci(bootstrap_distribution, alpha = .05):
    return jnp.percentile(bootstrap_distribution, jnp.array([alpha/2*100, (1-alpha/2)*100]), axis=0)


'''
residualize: This function takes a control matrix, a target matrix, a model, and a standardize
parameter, and returns the residualized target matrix.
'''

def residualize(control, target,model, standardize = False):
    control = jnp.array(control)
    target = jnp.array(target)

    standardize = float(standardize)
    n,k = target.shape

    for idx in range(k):
        y = target[:, idx]
        match = jnp.any(control != y[:, jnp.newaxis], axis=0).astype(int)
        X = control * match
        yhat = model.fit_predict(X,y)

        target = target.at[:, idx].set(y - yhat)

    standardized = (target - jnp.mean(target, axis=0)) / jnp.std(target, axis=0)

    target = target* (1 - standardize) + standardized * standardize


    return target


@jit
def l1(a):
    return jnp.sum(jnp.abs(a))

@jit
def l2(a):
    return jnp.sum(a ** 2)
