# Source: https://github.com/yangx0e/BilevelHyperparameterLearning/blob/07c3c10dd60efd7616277a7888fe3c9850ef260a/main_nonlinear_elliptic_gp.py
# Title: main_nonlinear_elliptic_gp.py (driver for gp/NonlinearEllipticGN_Opt.py)
# Cut: sys.path set-up, matplotlib settings and post-processing dropped; configuration and the trainGN call kept.
from utilities.kernels import *
from gp.NonlinearEllipticGN_Opt import *
from utilities.domains import *
import jax.numpy as jnp
from jax import config
from jax import vmap
import munch
import time
import matplotlib.ticker as ticker
import matplotlib.pyplot as plt

config.update("jax_enable_x64", True)
jnp.set_printoptions(precision=20)

cfg = munch.munchify({
    'M': 1200,
    'M_Omega': 900,
    'valid_M': 1000,
    'valid_M_Omega': 800,
    'learning_epoch': 200,
    'learning_tol': 1e-5,
    'learning_lr': 1e-3,
    'learning_method': "adam",
    'reg': 1,
    'alpha': 1,
    'm': 3,
    'ls' : 1.0, #1, #0.15142857142857144, #0.025489649819590007, #1,
    'lbda': 1e-6,
    'nugget': 1e-10,
    'epoch': 15,    #epoches for training latent variables
    'lr': 1,         #learning rate for training latent variables
    'tol' : 10 ** (-9),  #tolerance for training latent variables
})


# kernel_generator = lambda params: Gaussian_Kernel(params)
kernel_generator = lambda params: Kernel_Wrapper2D(Mild_Kernel(params))
params_reg_func = lambda params: 0 #jnp.sum(jnp.abs(params[:4]))

init_params = jnp.concatenate((jnp.ones(4), jnp.ones(6), jnp.array([jnp.log(jnp.exp(cfg.nugget) - 1)])))
# init_params = jnp.concatenate((jnp.ones(4), jnp.ones(6)))
init_params = init_params.at[3].set(0)
# init_params = cfg.ls

eq = NonlinearElliptic_GN(kernel_generator, domain, cfg.alpha, cfg.m)
eq.sampling(cfg)

#domain.random_seed(0)

start = time.time()
ufun = eq.trainGN(init_params, cfg, params_reg_func)
print("Optimization time elapsed (sec):", time.time() - start)
