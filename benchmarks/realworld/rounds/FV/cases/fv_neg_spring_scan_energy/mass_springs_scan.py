# Source: https://github.com/itsvismay/Trying-Differentiable-Physics-in-Jax/blob/b0aa568244f669c64cc324bc0c2817a4acf7d04c/2_Jax_Optimizing_Mass_Springs_Using_Scan_JIT.ipynb
# Title: 2_Jax_Optimizing_Mass_Springs_Using_Scan_JIT.ipynb (Trying Differentiable Physics in Jax)
# Cut: notebook cells converted to a script; plotting/animation cells and the 3-vertex mesh literal cut;
#      initSpring body shortened to the fields the simulation reads.
import jax.numpy as jp
from jax import grad, jit, vmap
from jax.lax import scan
from functools import partial


class SpringPhysicsState:
    L0: jp.ndarray
    X0: jp.ndarray
    E: jp.ndarray
    M: jp.ndarray
    pin: jp.ndarray
    x: jp.ndarray
    k: jp.ndarray
    v: jp.ndarray


def initSpring(mesh_obj):
    springs = SpringPhysicsState()
    springs.X0 = mesh_obj["verts"]
    springs.E = mesh_obj["edges"]
    springs.L0 = jp.linalg.norm(springs.X0[springs.E[:,1]] - springs.X0[springs.E[:,0]], axis=1)
    springs.M = 0.1*jp.ones(springs.X0.shape[0])
    springs.pin = jp.array([0, 2])
    springs.x = springs.X0.copy()
    springs.k = jp.ones(springs.E.shape[0])
    springs.v = 0*springs.x
    return springs


def mesh_energy(X, K, L0, Ele, M):
  def spring_energy(X,K, L0):
    return 0.5*K*(jp.linalg.norm(X[0,:] - X[1,:])-L0)*(jp.linalg.norm(X[0,:] - X[1,:])-L0)

  def ele_energy(X, K, L0):
    return spring_energy(X,K,L0)

  def vert_energy(X, M):
      return M*X[1]*9.81
  #Run mesh energy
  s = vmap(ele_energy)(X[Ele,:], K, L0)
  v = vmap(vert_energy)(X, M)
  return jp.sum(s) + jp.sum(v)


grad_fcn = jit(grad(mesh_energy))


def simulate(spring, grad_fcn, dt, sim_steps):
    def step(carry, accum, K, L0, E, M, pin, dt):
      x,v = carry
      forces = -1*grad_fcn(x, K, L0, E, M)
      forces = forces.at[pin].set(0)
      v_new = v + dt*(forces/M) - 0.1*v
      x_new = x + v_new * dt
      carry = (x_new, v_new)
      accum = x_new
      return (carry, accum)

    pstep = partial(step,
                    K=spring.k,
                    L0=spring.L0,
                    E= spring.E,
                    M = spring.M,
                    pin=spring.pin,
                    dt = dt)

    carry = (spring.x, spring.v)
    carry, outputs = scan(pstep, carry, xs=None, length=sim_steps)
    return outputs
