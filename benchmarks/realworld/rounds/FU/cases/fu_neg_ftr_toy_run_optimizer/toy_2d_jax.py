# Source: https://github.com/XuchanBao/double-ftr/blob/42b521acbab00b1abe7bad1fe03d201486cf5bfc/toy_exps/toy/2d_toy_jax.ipynb
# Title: toy_exps/toy/2d_toy_jax.ipynb (notebook converted to a script)
# Cut: cells converted to a script; get_gda_step / get_ftr_step are reconstructed in the notebook's form
#      (one jax.grad / hessian step of the min-max game); plotting cells and the limit-cycle/spurious
#      examples are cut.
import jax
import jax.numpy as np

from optim import run_optimizer


def get_gda_step(f, x, y, lrx, lry):
    gx = jax.grad(f, argnums=0)(x, y)
    gy = jax.grad(f, argnums=1)(x, y)
    return lrx * gx, -lry * gy


def get_ftr_step(f, x, y, lrx, lry):
    gx = jax.grad(f, argnums=0)(x, y)
    gy = jax.grad(f, argnums=1)(x, y)
    hyy = jax.grad(jax.grad(f, argnums=1), argnums=1)(x, y)
    hyx = jax.grad(jax.grad(f, argnums=1), argnums=0)(x, y)
    return lrx * gx, -lry * gy - lrx * hyx / hyy * gx


toy_f = lambda x, y: - np.exp(-0.01 * (x**2 + y**2)) * ((0.3 * x**2 + y) ** 2 + (0.5 * y**2 + x) ** 2)
f_gda_step = jax.jit(lambda x, y, lrx, lry: get_gda_step(toy_f, x, y, lrx, lry))
f_ftr_step = jax.jit(lambda x, y, lrx, lry: get_ftr_step(toy_f, x, y, lrx, lry))

inits = [(np.array(-11.), np.array(8.)), (np.array(-4.), np.array(-6.))]
traj_gda_all = [run_optimizer(toy_f, x0, y0, 0.05, 0.05, 5000, f_gda_step) for x0, y0 in inits]
traj_ftr_all = [run_optimizer(toy_f, x0, y0, 0.05, 0.05, 5000, f_ftr_step) for x0, y0 in inits]
