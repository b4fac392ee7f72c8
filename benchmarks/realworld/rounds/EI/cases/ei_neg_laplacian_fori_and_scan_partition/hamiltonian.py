# Source: https://github.com/bytedance/DeepSolid/blob/812a2b85947b33da1913b3ff0afeedf2e3486394/DeepSolid/hamiltonian.py
# Title: DeepSolid/hamiltonian.py (local kinetic energy of a periodic FermiNet)
# Cut: kept the 'for' (fori_loop) and 'partition' (lax.scan over chunks) laplacian modes; other modes cut.
import jax
import jax.numpy as jnp


def local_kinetic_energy_real_imag(f):
    '''
    evaluate real and imaginary part of laplacian.
    :param f: function return the logdet of wavefunction
    :return: local kinetic energy
    '''
    def _lapl_over_f(params, x):
        ne = x.shape[-1]
        eye = jnp.eye(ne)
        grad_f_real = jax.grad(lambda p, y: f(p, y).real, argnums=1)
        grad_f_imag = jax.grad(lambda p, y: f(p, y).imag, argnums=1)
        grad_f_real_closure = lambda y: grad_f_real(params, y)
        grad_f_imag_closure = lambda y: grad_f_imag(params, y)

        def _body_fun(i, val):
            primal_real, tangent_real = jax.jvp(grad_f_real_closure, (x,), (eye[i],))
            primal_imag, tangent_imag = jax.jvp(grad_f_imag_closure, (x,), (eye[i],))
            kine_real = val[0] + tangent_real[i] + primal_real[i] ** 2 - primal_imag[i] ** 2
            kine_imag = val[1] + tangent_imag[i] + 2 * primal_real[i] * primal_imag[i]
            return [kine_real, kine_imag]

        result = jax.lax.fori_loop(0, ne, _body_fun, [0.0, 0.0])
        complex = [1., 1j]
        return [-0.5 * re * com for re, com in zip(result, complex)]

    return lambda p, y: _lapl_over_f(p, y)


def local_kinetic_energy_partition(f, partition_number=3):
  '''
  Try to parallelize the evaluation of laplacian
  partition_number must be divisivle by (dim * number of electrons).
  The smaller the faster, but requires more memory.
  '''
  vjvp = jax.vmap(jax.jvp, in_axes=(None, None, 0))

  def _lapl_over_f(params, x):
    n = x.shape[0]
    eye = jnp.eye(n)
    grad_f_real = jax.grad(lambda p, y: f(p, y).real, argnums=1)
    grad_f_imag = jax.grad(lambda p, y: f(p, y).imag, argnums=1)
    grad_f_closure_real = lambda y: grad_f_real(params, y)
    grad_f_closure_imag = lambda y: grad_f_imag(params, y)

    eyes = jnp.asarray(jnp.array_split(eye, partition_number))
    def _body_fun(val, e):
        primal_real, tangent_real = vjvp(grad_f_closure_real, (x,), (e,))
        primal_imag, tangent_imag = vjvp(grad_f_closure_imag, (x,), (e,))
        return val, ([primal_real, primal_imag], [tangent_real, tangent_imag])
    _, (plist, tlist) = \
        jax.lax.scan(_body_fun, None, eyes)
    primal = [primal.reshape((-1, primal.shape[-1])) for primal in plist]
    tangent = [tangent.reshape((-1, tangent.shape[-1])) for tangent in tlist]

    real_kinetic = jnp.trace(tangent[0]) + jnp.trace(primal[0]**2).sum() - jnp.trace(primal[1]**2).sum()
    imag_kinetic = jnp.trace(tangent[1]) + jnp.trace(2 * primal[0] * primal[1]).sum()
    return [-0.5 * real_kinetic, -0.5 * 1j * imag_kinetic]

  return _lapl_over_f
