# Source: https://github.com/AmedeoBiolatti/jaxgboost/blob/1f47cfc9e6c351a316d6edad0afb688a7eb8801b/notebooks/example_vectorization_and_parallelization.ipynb
# Title: jaxgboost notebooks/example_vectorization_and_parallelization.ipynb (cells 1-3, 5, 7)
# Cut: notebook cells converted to a script; timing prints and the plot cell removed.
import os

os.environ['XLA_FLAGS'] = '--xla_force_host_platform_device_count=8'

import jax
import jaxgboost

from sklearn import datasets

data = datasets.load_diabetes()
x = data['data']
y = data['target'].reshape(-1, 1)

xt, yt = x[:400], y[:400]
xv, yv = x[400:], y[400:]

ym = yt.mean()
ys = yt.std() + 1e-6

yt = (yt - ym) / ys
yv = (yv - ym) / ys

xt = jax.numpy.array(xt)
xv = jax.numpy.array(xv)
yt = jax.numpy.array(yt)
yv = jax.numpy.array(yv)

static_params = {
    "n_estimators": 100,
    "max_depth": 6,
    "base_score": yt.mean(),
    "jit": False
}

params_vec = {
    "learning_rate": jax.numpy.linspace(0.01, 0.3, 32),
    "reg_lambda": jax.numpy.linspace(0.01, 1.0, 32),
    "reg_alpha": jax.numpy.linspace(0.01, 1.0, 32),
}


@jax.jit
@jax.vmap
def train_and_eval(params):
    model = jaxgboost.JAXGBoostModel(**params, **static_params)
    model.fit(xt, yt)
    pv = model.predict(xv)
    valid_mse = jax.numpy.mean((yv - pv) ** 2)
    return valid_mse


mse_vmap = train_and_eval(params_vec)
mse_vmap = mse_vmap.block_until_ready()

devices = jax.devices('cpu')
train_and_eval_parallel = jax.pmap(jax.jit(train_and_eval), devices=devices)

params_vec_ = {k: v.reshape(len(devices), -1) for k, v in params_vec.items()}
mse_pmap = train_and_eval_parallel(params_vec_).ravel()
mse_pmap = mse_pmap.block_until_ready()
