# Source: https://github.com/itsvismay/Trying-Differentiable-Physics-in-Jax/blob/b0aa568244f669c64cc324bc0c2817a4acf7d04c/6_Jax_Differentiate_Through_Implicit_Integrator.ipynb
# Title: 6_Jax_Differentiate_Through_Implicit_Integrator.ipynb (Trying Differentiable Physics in Jax)
# Cut: notebook cells 3, 6, 8, 10, 12, 16, 18 converted to a script; plotting, animation and meshzoo
#      mesh creation cut (X0, E come from meshzoo.rectangle_tri); class fields kept.
import jax
import jax.numpy as jp
import jax.scipy as jscipy
from jax import grad, jit, vmap
from jax.lax import scan
from functools import partial


def flatten(X):
  return jp.reshape(X,X.shape[0]*X.shape[1])

def unflatten(x):
  return jp.reshape(x, (-1, 2)) #returns [<any>, 2] sized matrix


class WorldPhysicsState:
    g : jp.ndarray = jp.array([[0.0,-9.8,0.0]])
    dt: float = 0.1


class SpringPhysicsState:
    L0: jp.ndarray
    X0: jp.ndarray
    E: jp.ndarray
    invM: jp.ndarray
    pin: jp.ndarray
    x: jp.ndarray
    k: jp.ndarray
    v: jp.ndarray


def initSpring(mesh_obj):
    springs = SpringPhysicsState()
    springs.X0  = mesh_obj["verts"]
    springs.Elems = mesh_obj["edges"]
    A = [(springs.Elems[i,0], springs.Elems[i,1]) if springs.Elems[i,0] < springs.Elems[i,1] else (springs.Elems[i,1], springs.Elems[i,0]) for i in range(springs.Elems.shape[0])]
    B = [(springs.Elems[i,1], springs.Elems[i,2]) if springs.Elems[i,1] < springs.Elems[i,2] else (springs.Elems[i,2], springs.Elems[i,1]) for i in range(springs.Elems.shape[0])]
    C = [(springs.Elems[i,0], springs.Elems[i,2]) if springs.Elems[i,0] < springs.Elems[i,2] else (springs.Elems[i,2], springs.Elems[i,0]) for i in range(springs.Elems.shape[0])]
    springs.E = jp.array(list(set(A+B+C)))
    springs.L0 = jp.linalg.norm(springs.X0[springs.E[:,1],:] - springs.X0[springs.E[:,0],:], axis=1)
    springs.m = 0.1*jp.ones(springs.X0.shape[0]) # mass per vertex
    springs.invM = jp.kron(jp.diag(1/springs.m), jp.eye(2))
    springs.pin = jp.argwhere(springs.X0[:,1] == jp.max(springs.X0[:,1]))
    springs.x = springs.X0.copy()
    springs.k = 1*jp.ones(springs.E.shape[0])
    springs.v = 0*springs.x
    return springs


def mesh_energy(x, K, X0, Ele, m):
  X = unflatten(x)
  def spring_energy(X,K, X0):
    return 0.5*K*(jp.linalg.norm(X[0,:] - X[1,:])-jp.linalg.norm(X0[0,:] - X0[1,:]))*(jp.linalg.norm(X[0,:] - X[1,:])-jp.linalg.norm(X0[0,:] - X0[1,:]))

  def ele_energy(X, K, X0):
    return spring_energy(X,K,X0)

  def vert_energy(X, m):
      return m*X[1]*9.81
  s = vmap(ele_energy)(X[Ele,:], K, X0[Ele,:])
  v = vmap(vert_energy)(X, m)
  return jp.sum(s) + jp.sum(v)


grad_fcn = jit(grad(mesh_energy, argnums=0))
hess_fcn = jit(jax.hessian(mesh_energy, argnums=0))


def simulate(optVar, spring, grad_fcn, hess_fcn, dt, sim_steps):

    #all x, xi, v, are flat
    def newton_step(xi, x0, v0, grad_fcn, hess_fcn, K, X0, E, m, invM, pin, dt):
      H = hess_fcn(xi, K, X0, E, m)
      uf = -unflatten(grad_fcn(xi, K, X0, E, m))
      uf = uf.at[pin].set(0)
      f = flatten(uf)
      g = xi - (x0 + dt*(v0 + dt*(jp.matmul(invM,f))))
      Gradg = jp.identity(g.shape[0]) + dt*dt*(invM*H)
      dxi = -jscipy.linalg.solve(Gradg, g)
      alpha = 0.5 # fixed alpha, no line search
      xi = xi + alpha*dxi
      vi = (xi - x0)/dt
      return xi, vi

    def time_step(carry, accum, K, X0, E, m, invM, pin, dt):
      ux0, uv0 = carry
      x0 = flatten(ux0)
      v0 = flatten(uv0)
      xi = flatten(ux0)
      vi = flatten(uv0)
      for _ in range(3):
        xi, vi = newton_step(xi, x0, v0, grad_fcn, hess_fcn, K, X0, E, m, invM, pin, dt)
      x_new = unflatten(xi)
      v_new = unflatten(vi)
      carry = (x_new, v_new)
      accum = x_new
      return (carry, accum)

    pstep = partial(time_step,
                    K = optVar[0],
                    X0= optVar[1],
                    E = spring.E,
                    m = spring.m,
                    invM= spring.invM,
                    pin=spring.pin,
                    dt = dt)

    carry = (optVar[1], spring.v)
    carry, outputs = scan(pstep, carry, xs=None, length=sim_steps)
    return outputs


def run(mesh_obj, mesh_obj2):
    world = WorldPhysicsState()
    spring_target = initSpring(mesh_obj)
    spring_target_states = simulate((spring_target.k, spring_target.X0), spring_target, grad_fcn, hess_fcn, world.dt, 200)
    spring_current = initSpring(mesh_obj2)
    spring_current.k = 0.2*spring_current.k

    @jit
    def simulation_match_loss(opt_var, target_states):
        states = simulate(opt_var, spring_current, grad_fcn, hess_fcn, world.dt, 200)
        loss = jp.linalg.norm(target_states - states)
        return loss

    grad_simulation_match_loss = grad(simulation_match_loss, argnums=0)

    ov_k, ov_X0 = spring_current.k,spring_current.X0
    optVars = (ov_k, ov_X0)
    for _ in range(100):
        dk,dX0 = grad_simulation_match_loss(optVars, spring_target_states)
        dX0 = dX0.at[spring_current.pin].set(0)
        ov_k = ov_k - dk*0.05
        ov_X0 = ov_X0 - dX0*0.05
        optVars = ov_k, ov_X0
    return optVars
