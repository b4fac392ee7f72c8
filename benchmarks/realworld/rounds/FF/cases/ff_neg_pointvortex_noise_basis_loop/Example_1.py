# Source: https://github.com/James14641/Point_vortex/blob/012652742fda5deb6d44fda0355c3306afab0c6a/Example/Example_1.py
# Title: Example/Example_1.py (stochastic solution to the point vortex system)
# Cut: prints and the plotting loop cut; mesh and initial-condition set-up kept.
import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp
from initial_condition import *
from mesh import *
from time_stepper import *
from utility_functions import *


def main():
    T = 32
    dt = 2 ** -3
    nt = int(T/dt)
    key = jax.random.PRNGKey(2)
    P = 1
    dbs = jnp.sqrt(dt) * jax.random.normal(key, shape=(nt,P))
    dts = jnp.ones(nt) * dt
    theta_true = {'sigma':0.003*jnp.ones(P)}

    NM = 256
    nx, ny, hdx, hdy, xc, yc, xxc, yyc = mesh_creation(NM,NM,xmin=0.,xmax=1.,ymin=0.,ymax=1.)
    delta =  1.5*hdx**0.75
    initial_vorticity = compact_vm2(xxc,yyc)
    xarr = xxc.reshape(-1)
    yarr = yyc.reshape(-1)
    carr = (initial_vorticity).reshape(-1)*hdx*hdy
    xyarr0 = x_and_y_to_xy(xarr, yarr)
    xy_det = integrate(ssp33, xyarr0, carr, dts, dbs*1, theta_true, delta)
    return xy_det


if __name__=="__main__":
    main()
