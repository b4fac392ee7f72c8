# Source: https://github.com/itsvismay/Trying-Differentiable-Physics-in-Jax/blob/b0aa568244f669c64cc324bc0c2817a4acf7d04c/4_Jax_Matching_A_Spring's_Motion_.ipynb
# Title: 4_Jax_Matching_A_Spring's_Motion_.ipynb (Trying Differentiable Physics in Jax)
# Cut: notebook cells 3-5 converted to a script; plotting/animation cut; the mesh literals and
#      initSpring are passed in as arguments (see the notebook); the driver loop is wrapped in fit().
import jax.numpy as jp
from jax import grad, jit, vmap
from jax.lax import scan
from functools import partial


def mesh_energy(X, K, X0, Ele, M):
  def spring_energy(X,K, X0):
    return 0.5*K*(jp.linalg.norm(X[0,:] - X[1,:])-jp.linalg.norm(X0[0,:] - X0[1,:]))*(jp.linalg.norm(X[0,:] - X[1,:])-jp.linalg.norm(X0[0,:] - X0[1,:]))

  def ele_energy(X, K, X0):
    return spring_energy(X,K,X0)

  def vert_energy(X, M):
      return M*X[1]*9.81
  s = vmap(ele_energy)(X[Ele,:], K, X0[Ele,:])
  v = vmap(vert_energy)(X, M)
  return jp.sum(s) + jp.sum(v)


grad_fcn = jit(grad(mesh_energy))


def simulate(optVar, spring, grad_fcn, dt, sim_steps):
    def step(carry, accum, K, X0, E, M, pin, dt):
      x,v = carry
      forces = -1*grad_fcn(x, K, X0, E, M)
      forces = forces.at[pin].set(0)
      v_new = v + dt*(forces/M) - 0.1*v
      x_new = x + v_new * dt
      carry = (x_new, v_new)
      accum = x_new
      return (carry, accum)

    pstep = partial(step,
                    K=optVar[0],
                    X0=optVar[1],
                    E= spring.E,
                    M = spring.M,
                    pin=spring.pin,
                    dt = dt)

    carry = (optVar[1], spring.v)
    carry, outputs = scan(pstep, carry, xs=None, length=sim_steps)
    return outputs


def fit(spring_current, spring_target_states, world):

    @jit
    def simulation_match_loss(opt_var, target_states):
        states = simulate(opt_var, spring_current, grad_fcn, world.dt, 100)
        #loss = the difference at each timestep between target states and current states
        loss = jp.linalg.norm(target_states - states)
        return loss

    grad_simulation_match_loss = grad(simulation_match_loss, argnums=0)

    ov_k, ov_X0 = spring_current.k,spring_current.X0
    optVars = (ov_k, ov_X0)
    #Crappy gradient descent with fixed step size
    for _ in range(200):
        dk,dX0 = grad_simulation_match_loss(optVars, spring_target_states)
        dX0 = dX0.at[spring_current.pin].set(0)
        ov_k -= dk*0.01
        ov_X0 -= dX0*0.01
        optVars = ov_k, ov_X0
        print("loss: "+str(simulation_match_loss(optVars, spring_target_states)))
    return optVars
