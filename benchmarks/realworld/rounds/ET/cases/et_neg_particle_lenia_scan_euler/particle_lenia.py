# Source: https://github.com/google-research/self-organising-systems/blob/3d5547ca48b60ecac459834e2c05c9ff5df87991/notebooks/particle_lenia.ipynb
# Title: notebooks/particle_lenia.ipynb (Particle Lenia and the energy-based approach to artificial life)
# Cut: code cells 16, 19, 22, 25, 27 and 30 converted to a script; visualisation cells, animate_lenia
#      calls and the lax.map energy log dropped.
from collections import namedtuple
from functools import partial

import jax
import jax.numpy as jp

Params = namedtuple('Params', 'mu_k sigma_k w_k mu_g sigma_g c_rep')
Fields = namedtuple('Fields', 'U G R E')

def peak_f(x, mu, sigma):
  return jp.exp(-((x-mu)/sigma)**2)

def fields_f(p: Params, points, x):
  r = jp.sqrt(jp.square(x-points).sum(-1).clip(1e-10))
  U = peak_f(r, p.mu_k, p.sigma_k).sum()*p.w_k
  G = peak_f(U, p.mu_g, p.sigma_g)
  R = p.c_rep/2 * ((1.0-r).clip(0.0)**2).sum()
  return Fields(U, G, R, E=R-G)

def motion_f(params, points):
  grad_E = jax.grad(lambda x : fields_f(params, points, x).E)
  return -jax.vmap(grad_E)(points)

params = Params(mu_k=4.0, sigma_k=1.0, w_k=0.022, mu_g=0.6, sigma_g=0.15, c_rep=1.0)
key = jax.random.PRNGKey(20)
points0 = (jax.random.uniform(key, [200, 2])-0.5)*12.0
dt = 0.1

def odeint_euler(f, params, x0, dt, n):
  def step_f(x, _):
    x = x+dt*f(params, x)
    return x, x
  return jax.lax.scan(step_f, x0, None, n)[1]

rotor_story = odeint_euler(motion_f, params, points0, dt, 10000)

def point_fields_f(params, points):
  return jax.vmap(partial(fields_f, params, points))(points)

def total_energy_f(params, points):
  return point_fields_f(params, points).E.sum()

def total_motion_f(params, points):
  return -jax.grad(partial(total_energy_f, params))(points)

story0 = odeint_euler(total_motion_f, params, points0, dt, 2000)
story1 = odeint_euler(motion_f, params, story0[-1], dt, 8000)

def run_key(key):
  points0 = (jax.random.uniform(key, [200, 2])-0.5)*12.0
  story = odeint_euler(motion_f, params, points0, dt, 10000)
  return story
stories = jax.vmap(run_key)(jax.random.split(key, 100))
