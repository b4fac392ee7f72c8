# Source: https://github.com/vitchun/DSA4288/blob/f3a83805f73671c89825d9090a95c9c18e24b83b/RL%20for%20Sampling/Bayesian%20Logistic%20Regression.ipynb
# Title: RL for Sampling/Bayesian Logistic Regression.ipynb, cell 4 (RLFS actor-critic on Breast Cancer)
# Cut: data loading and the batched log-target of cell 4 kept; the actor/critic networks, rollout and training loop dropped.
import jax
import jax.numpy as jnp
from jax import jit
import numpy as np
from sklearn.datasets import load_breast_cancer
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler

data = load_breast_cancer()
X = data.data.astype(np.float32)
y = data.target.astype(np.float32)

scaler = StandardScaler()
X = scaler.fit_transform(X).astype(np.float32)

X_train_np, X_test_np, y_train_np, y_test_np = train_test_split(
    X, y, test_size=0.25, random_state=0, stratify=y
)
X_train = jnp.array(X_train_np)
X_test = jnp.array(X_test_np)
y_train = jnp.array(y_train_np)
y_test = jnp.array(y_test_np)

D_base = X_train.shape[1]   # 30
D = D_base + 1              # 31 (weights + bias)

# We'll close over these in jit'd functions
ALPHA = 3.0   # BLR prior precision
SIGMA = 0.1
HORIZON = 32


def blr_log_unnormalized(params, X, y, alpha=1.0):
    w, b = params[:-1], params[-1]
    logits = X @ w + b
    log_lik = jnp.sum(
        y * jax.nn.log_sigmoid(logits)
        + (1.0 - y) * jax.nn.log_sigmoid(-logits)
    )
    log_prior = -0.5 * alpha * jnp.dot(params, params)
    return log_lik + log_prior


# vectorize over batch of params
batch_log_unnorm_pi = jit(jax.vmap(
    lambda p: blr_log_unnormalized(p, X_train, y_train, ALPHA)
))
