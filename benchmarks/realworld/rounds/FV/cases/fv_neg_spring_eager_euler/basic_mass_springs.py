# Source: https://github.com/itsvismay/Trying-Differentiable-Physics-in-Jax/blob/b0aa568244f669c64cc324bc0c2817a4acf7d04c/1_Jax_Basic_Mass_Springs_Simulation.ipynb
# Title: 1_Jax_Basic_Mass_Springs_Simulation.ipynb (Trying Differentiable Physics in Jax)
# Cut: notebook cells 2, 9, 11, 13 converted to a script; the state classes, initSpring and the
#      plotting/animation cells cut; the notebook reads spring_target.E/.M/.pin as globals inside
#      simulate, here spring.E/.M/.pin (same object in the notebook call).
import jax.numpy as jp
from jax import grad, jit, vmap


def spring_energy(X,K, L0):
    return 0.5*K*(jp.linalg.norm(X[0,:] - X[1,:])-L0)*(jp.linalg.norm(X[0,:] - X[1,:])-L0)

def ele_energy(X, K, L0):
    return spring_energy(X,K,L0)

def vert_energy(X, M):
    return M*X[1]*9.81

def mesh_energy(X, K, L0, Ele, M, ele_en, ver_en):
    s = vmap(ele_en)(X[Ele,:], K, L0)
    v = vmap(ver_en)(X, M)
    return jp.sum(s) + jp.sum(v)

grad_fcn = grad(mesh_energy)


def simulate(spring, grad_fcn, dt, sim_steps):
    outputs = []
    x,v = (spring.x, spring.v)
    outputs.append(x)
    for _ in range(sim_steps):
        forces = -1*grad_fcn(x, spring.k, spring.L0, spring.E, spring.M, ele_energy, vert_energy)
        forces = forces.at[spring.pin].set(0)
        v_new = v + dt*(forces/spring.M) - 0.1*v
        x_new = x + v_new * dt
        x = x_new
        v = v_new
        outputs.append(x)
    return jp.stack(outputs)


def main(spring_target, world):
    # %time states = simulate(spring_target, grad_fcn, world.dt, 200)
    states = simulate(spring_target, grad_fcn, world.dt, 200)
    return states
