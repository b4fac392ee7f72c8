# Source: https://github.com/probml/probml-notebooks/blob/4c0da5e918930e02de5f3e78278c90efe5688b66/notebooks/splines_numpyro.ipynb
# Title: probml-notebooks, notebooks/splines_numpyro.ipynb (B-spline regression on the cherry-blossom data)
# Cut: notebook cells converted to a script; pip cells, display calls, savefig calls and the
#      posterior-predictive plotting cells cut.
import numpy as np
import matplotlib.pyplot as plt
import pandas as pd

from scipy.interpolate import BSpline

import jax.numpy as jnp
from jax import random

import numpyro
import numpyro.distributions as dist
from numpyro.infer import SVI, Trace_ELBO, init_to_value
from numpyro.infer.autoguide import AutoLaplaceApproximation
import numpyro.optim as optim

url = 'https://raw.githubusercontent.com/fehiepsi/rethinking-numpyro/master/data/cherry_blossoms.csv'
cherry_blossoms = pd.read_csv(url, sep=';')
df = cherry_blossoms

df2 = df[df.doy.notna()]  # complete cases on doy (day of year)
x = df2.year.values.astype(float)
y = df2.doy.values.astype(float)
xlabel = 'year'
ylabel = 'doy'


def make_splines(x, num_knots, degree=3):
  knot_list = jnp.quantile(x, q=jnp.linspace(0, 1, num=num_knots))
  knots = jnp.pad(knot_list, (3, 3), mode="edge")
  B = BSpline(knots, jnp.identity(num_knots + 2), k=degree)(x)
  return B


def plot_basis(x, B, w=None):
  if w is None: w = jnp.ones((B.shape[1]))
  fig, ax = plt.subplots()
  ax.set_xlim(np.min(x), np.max(x))
  ax.set_xlabel(xlabel)
  ax.set_ylabel("basis value")
  for i in range(B.shape[1]):
      ax.plot(x, (w[i] * B[:, i]), "k", alpha=0.5)
  return ax


nknots = 15
B =  make_splines(x, nknots)
ax = plot_basis(x, B)


def model(B, y, offset=100):
    a = numpyro.sample("a", dist.Normal(offset, 10))
    w = numpyro.sample("w", dist.Normal(0, 10).expand(B.shape[1:]))
    sigma = numpyro.sample("sigma", dist.Exponential(1))
    mu = numpyro.deterministic("mu", a + B @ w)
    #mu = numpyro.deterministic("mu", a + jnp.sum(B * w, axis=-1)) # equivalent
    numpyro.sample("y", dist.Normal(mu, sigma), obs=y)


def fit_model(B, y, offset=100):
  start = {"w": jnp.zeros(B.shape[1])}
  guide = AutoLaplaceApproximation(model, init_loc_fn=init_to_value(values=start))
  svi = SVI(model, guide, optim.Adam(1), Trace_ELBO(), B=B, y=y, offset=offset)
  params, losses = svi.run(random.PRNGKey(0), 20000) # needs 20k iterations
  post = guide.sample_posterior(random.PRNGKey(1), params, (1000,))
  return post


post = fit_model(B, y)
w = jnp.mean(post["w"], 0)
plot_basis(x, B, w)


def plot_basis_with_vertical_line(x, B, xstar):
  ax = plot_basis(x, B)
  num_knots = B.shape[1]
  ndx = np.where(x==xstar)[0][0]
  for i in range(num_knots):
    yy = B[ndx,i]
    if yy>0:
      ax.scatter(xstar, yy, s=40)
  ax.axvline(x=xstar)
  return ax


plot_basis_with_vertical_line(x, B, 1200)
