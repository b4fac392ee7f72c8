# Source: https://github.com/AmedeoBiolatti/jaxgboost/blob/1f47cfc9e6c351a316d6edad0afb688a7eb8801b/notebooks/example_parameters_gradient.ipynb
# Title: jaxgboost notebooks/example_parameters_gradient.ipynb (cells 0-3)
# Cut: notebook cells converted to a script; the plotting cell removed.
import jax
import jaxgboost

import optax

import numpy as np
from sklearn import datasets, metrics

data = datasets.fetch_california_housing()
x = data['data']
y = data['target'].reshape(-1, 1)

n_train = 5_000
n_valid = 5_000
x_train, y_train = x[:n_train], y[:n_train]
x_valid, y_valid = x[n_train:n_train + n_valid], y[n_train:n_train + n_valid]
x_test,  y_test  = x[n_train + n_valid:], y[n_train + n_valid:]

ym = y_train.mean()
ys = y_train.std() + 1e-6

y_train = (y_train - ym) / ys
y_valid = (y_valid - ym) / ys
y_test  = (y_test  - ym) / ys

x_train = jax.numpy.array(x_train)
y_train = jax.numpy.array(y_train)

x_valid = jax.numpy.array(x_valid)
y_valid = jax.numpy.array(y_valid)

static_params = {
    "n_estimators": 10,
    "max_depth": 4,
    "base_score": y_train.mean(),
    "jit": False
}


def train_and_eval(params, train_data, valid_data):
    xt, yt = train_data
    xv, yv = valid_data
    model = jaxgboost.JAXGBoostModel(**params, **static_params)
    model.fit(xt, yt)
    mse = jax.numpy.mean((yv - model.predict(xv)) ** 2)
    return mse


train_and_eval_jit = jax.jit(train_and_eval)
value_and_grad = jax.value_and_grad(train_and_eval)


@jax.jit
def train_loop(params, opt_state):
    STEPS_PER_LOOP = 1
    
    def step(i, state):
        _, params, opt_state = state

        value, grads = value_and_grad(params, (x_train, y_train), (x_valid, y_valid))
        
        updates, opt_state = optimizer.update(grads, opt_state)
        params = optax.apply_updates(params, updates)

        return value, params, opt_state

    value, params, opt_state = jax.lax.fori_loop(0, STEPS_PER_LOOP, step, (0.0, params, opt_state))
    return value, params, opt_state


params = {
    "learning_rate": 0.1,
    "max_delta_step": 0.1,
    "reg_alpha": 0.0,
    "reg_lambda": 1.0,
    "subsample": 1.0 # in the current implementation the gradient wrt "subsample" is always zero, so the value will not change
}

# the loss function is discontinuous, so keeping lr low is probably a good idea
optimizer = optax.adam(learning_rate=1e-3)
opt_state = optimizer.init(params)
mse_valid_history = []
mse_test_history  = []
params_history = []

for it in range(200):
    _, params, opt_state = train_loop(params, opt_state)
    mse_valid = train_and_eval_jit(params, (x_train, y_train), (x_valid, y_valid))
    mse_test  = train_and_eval_jit(params, (x_train, y_train), (x_test, y_test))
    mse_valid_history.append(mse_valid)
    mse_test_history.append(mse_test)
    params_history.append(params)

    params['learning_rate'] = jax.numpy.clip(params['learning_rate'], 0.0, 1.0)
    params['reg_lambda'] = jax.numpy.clip(params['reg_lambda'], 1e-6, 10.0)
    params['reg_alpha']  = jax.numpy.clip(params['reg_alpha'], 0.0, 10.0)

    if it % 10 == 0:
        print("%.4d\t%.4f\t%.4f" % (it, mse_valid, mse_test), {k: np.round(float(v), 6) for k, v in params.items()})
