# Source: https://github.com/GeophyAI/seistorch/blob/3aa7009821fd5aca5941ecc98b0fadf9b6523c4f/examples/advances/minifwi/forward_jax.py
# Title: examples/advances/minifwi/forward_jax.py (mini FWI forward modelling driver)
# Cut: kept the configuration, geometry and forward call; the commented-out torch inversion loop and plotting cut
import jax.numpy as jnp
from jax import grad, jit, vmap
import time


from utils_jax import forward, ricker
from utils_torch import imshow, showgeom, show_gathers
from jax.profiler import trace

# configure
model_scale = 2 # 1/2
expand = 50
expand = int(expand/model_scale)
delay = 150 # ms
fm = 3 # Hz
dt = 0.001 # s
nt = 2000 # timesteps
dh = 20.0 # m
srcz = 0 # grid point
recz = 0 # grid point
# Training
lr = 10.
epochs = 100

# Load velocity
vel = jnp.load("../../models/marmousi_model/true_vp.npy")
init = jnp.load("../../models/marmousi_model/linear_vp.npy")
vel = vel[::model_scale,::model_scale]
init = init[::model_scale,::model_scale]
domain = vel.shape
nz, nx = domain
# imshow(vel, vmin=1500, vmax=5500, cmap="seismic", figsize=(5, 4))

# load wave
wave = ricker(jnp.arange(nt) * dt-delay*dt, f=fm)

# Geometry
srcx = jnp.arange(expand, nx-expand, 1)
srcz = (jnp.ones_like(srcx) * srcz)
src_loc = list(zip(srcx.tolist(), srcz.tolist()))

recx = jnp.arange(expand, nx-expand, 1)
recz = (jnp.ones_like(recx) * recz)
rec_loc = list(zip(recx.tolist(), recz.tolist()))

# show geometry
showgeom(vel, src_loc, rec_loc, figsize=(5, 4))
print(f"The number of sources: {len(src_loc)}")
print(f"The number of receivers: {len(rec_loc)}")

rec_obs = forward(wave, vel, jnp.array(src_loc), domain, dt, dh, 0)
show_gathers(rec_obs, figsize=(8, 5))
# Dump the trace data to a file
