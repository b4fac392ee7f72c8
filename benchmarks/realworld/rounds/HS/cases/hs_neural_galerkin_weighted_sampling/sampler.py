# Source: https://github.com/FraBet29/Neural_Galerkin/blob/bb86c77ee092370765fd2195724477ceff83dd20/src/Sampler.py
# Title: Neural_Galerkin src/Sampler.py (SVGD / weighted sampling for Neural Galerkin reduced model)
# Cut: kept imports, SVGD_kernel, SVGD_update, Orth, orthogonalize, weighted_sampling; dropped uniform/adaptive/high-order samplers
import jax
import jax.numpy as jnp
from functools import partial
import scipy
from Assemble import *
from Diagnostic import *
# ...
@jax.jit
def SVGD_kernel(z, h):
    '''
    Function adapted from: https://github.com/dilinwang820/Stein-Variational-Gradient-Descent/blob/master/python/svgd.py
    '''
    z_norm_squared = jnp.sum(z ** 2, axis=1, keepdims=True)
    pairwise_dists = z_norm_squared + z_norm_squared.T - 2 * jnp.dot(z, z.T)
    # if h < 0: # median trick
    #     h = jnp.median(pairwise_dists)  
    #     h = jnp.sqrt(0.5 * h / jnp.log(theta.shape[0] + 1))

    Kxy = jnp.exp(- pairwise_dists / h ** 2 / 2) # RBF kernel

    dxkxy = - jnp.matmul(Kxy, z)
    sumkxy = jnp.sum(Kxy, axis=1)
    dxkxy += jnp.multiply(z, jnp.expand_dims(sumkxy, axis=1))
    dxkxy /= (h ** 2)
    return (Kxy, dxkxy)


def SVGD_update(z0, log_mu_dx, steps=1000, epsilon=1e-3, alpha=1.0, diagnostic_on=False):
    '''
    Function adapted from: https://github.com/dilinwang820/Stein-Variational-Gradient-Descent/blob/master/python/svgd.py
    '''
    z = jnp.copy(z0)

    if diagnostic_on:
        z_old = jnp.copy(z)
        wass = []

    for s in range(steps):

        log_mu_dx_val = log_mu_dx(z.squeeze()).reshape(-1, 1) # log_mu_dx: (n, d)
        # Calculating the kernel matrix
        kxy, dxkxy = SVGD_kernel(z, h=0.05) # kxy: (n, n), dxkxy: (n, d)
        
        # # Print some info about the kernel
        # print('det', jnp.linalg.det(kxy))
        # print('min eig', jnp.min(jnp.linalg.eigvals(kxy)))
        # print('max eig', jnp.max(jnp.linalg.eigvals(kxy)))
        
        grad_z = alpha * (jnp.matmul(kxy, log_mu_dx_val) + dxkxy) / z0.shape[0] # grad_x: (n, d)
        
        # Vanilla update
        z = z + epsilon * grad_z
        # epsilon = epsilon * 0.9 # annealing
        # epsilon = epsilon / jnp.sqrt(s + 1) # Robbins-Monro

        # adagrad with momentum
        # fudge_factor = 1e-6
        # historical_grad = 0
        # beta = 0.9

        # if s == 0:
        #     historical_grad = historical_grad + grad_z ** 2
        # else:
        #     historical_grad = beta * historical_grad + (1 - beta) * (grad_z ** 2)
        # adj_grad = jnp.divide(grad_z, fudge_factor + jnp.sqrt(historical_grad))

        # z = z + epsilon * adj_grad

        if diagnostic_on:
            wass.append(wasserstein_1d(z_old.squeeze(), z.squeeze(), p=2))
            z_old = jnp.copy(z)
    
    if diagnostic_on:
        # Plot Wasserstein distance (cumsum)
        plt.plot(jnp.cumsum(jnp.array(wass)) / (jnp.arange(s + 1) + 1))
        plt.title('Wasserstein distance (cumsum)')
        plt.xlabel('SVGD iters')
        plt.ylabel('Wasserstein distance (cumsum)')
        plt.show()
        # Plot Wasserstein distance (movmean)
        def movmean(x, w):
            return jnp.convolve(x, jnp.ones(w), 'valid') / w
        plt.plot(movmean(jnp.array(wass), 100))
        plt.title('Wasserstein distance (movmean)')
        plt.xlabel('SVGD iters')
        plt.ylabel('Wasserstein distance (movmean)')
        plt.show()
    
    # print(f'SVGD iterations: {s + 1}')

    return z
# ...
# Class for storing the orthonormal basis and the Gram-Schmidt change of basis
class Orth():

    def __init__(self, Q=None, B_GS=None):
        self.Q = Q
        self.B_GS = B_GS
 
    def __call__(self, x):
        return self.Q, self.B_GS

    def reset(self):
        self.Q = None
        self.B_GS = None


# @partial(jax.jit, static_argnums=(0, ))
def orthogonalize(u_dth_fun, theta_flat, x_proj, L):
    '''
    Implementation of the modified Gram-Schmidt orthonormalization algorithm.
    Adapted from: https://github.com/tensorflow/probability/blob/v0.23.0/tensorflow_probability/python/math/gram_schmidt.py#L28
    '''
    # print('Orthogonalization...')

    # u_dth = u_dth_fun(x)
    u_dth_proj = u_dth_fun(theta_flat, x_proj.reshape(-1, 1)) # (n_proj, p)
    p = u_dth_proj.shape[-1]

    def body_fn(i, vecs): # the initial vectors in vecs are progressively replaced by the orthonormalized ones
        for _ in range(2): # reorthogonalization
            vec_norm = jnp.sqrt(jnp.mean(vecs[:, i] ** 2) * L)
            u = jnp.divide(vecs[:, i], vec_norm) # (n_proj, )
            weights = jnp.mean(u[:, jnp.newaxis] * vecs, axis=0) * L # (p, )
            # weights = jnp.where(weights > 1e-6 * jnp.max(weights), weights, 0.0) # remove the basis vectors with zero norm
            # vecs = jnp.where(weights > 1e-6 * jnp.max(weights), vecs, 0.0) # remove the basis vectors with zero norm
            masked_weights = jnp.where(jnp.arange(p) > i, weights, 0.)[jnp.newaxis, :] # (1, p) # consider only the first i vectors
            vecs = vecs - jnp.multiply(u[:, jnp.newaxis], masked_weights) # (n_proj, p)
            vecs = jnp.where(jnp.isnan(vecs), 0.0, vecs)
            vecs = jnp.reshape(vecs, u_dth_proj.shape)
        return vecs

    u_dth_proj = jax.lax.fori_loop(0, p, body_fn, u_dth_proj)
    vec_norm = jnp.sqrt(jnp.mean(u_dth_proj * u_dth_proj, axis=0) * L)

    # check for zero norm
    for i in range(p):
        if vec_norm[i] < 1e-6 * jnp.max(vec_norm):
            print(f'### Warning: basis vector {i} has zero norm ###')

    u_dth_proj = jnp.divide(u_dth_proj, vec_norm)
    u_dth_proj = jnp.where(jnp.isnan(u_dth_proj), 0.0, u_dth_proj)

    # orthonormality check
    for i in range(p):
        for j in range(p):
            inner_prod = jnp.mean(u_dth_proj[:, i] * u_dth_proj[:, j]) * L
            if i != j and inner_prod > 1e-4:
                print(f'### Warning: inner product ({i}, {j}) = {inner_prod} ###')

    # recover the gram-schmidt change of basis matrix
    B_GS_diag = vec_norm.squeeze()
    B_GS_off = jnp.mean(u_dth_proj[:, :, jnp.newaxis] * u_dth_fun(theta_flat, x_proj.reshape(-1, 1))[:, jnp.newaxis, :], axis=0) * L
    B_GS = jnp.diag(B_GS_diag) + jnp.triu(B_GS_off, k=1).T

    return u_dth_proj, B_GS


def weighted_sampling(u_fn, theta_flat, problem_data, x, store, gamma=1.0, epsilon=0.01, steps=100):
    '''
    Weighted sampling in the spatial domain.
    '''
    # print('Weighted sampling...')

    # Define the scaling parameter
    alpha = problem_data.dt / epsilon

    def w_fn(x, store): # returns the weights, the orthonormal basis, and the Gram-Schmidt basis

        # function returning the gradient components
        U_dtheta = jax.vmap(jax.grad(u_fn), (None, 0))
        p = U_dtheta(theta_flat, x.reshape(-1, 1)).shape[1] # number of parameters
        
        # compute orthonormal basis evaluated on x_proj
        L = problem_data.domain[1] - problem_data.domain[0]
        x_proj = jax.random.uniform(jax.random.key(0), (problem_data.N, )) * L
        x_proj = jnp.sort(x_proj) # needed for interpolation
        
        if store.Q is None:
            Q_proj, B_GS = orthogonalize(U_dtheta, theta_flat, x_proj, L)
            store.Q = Q_proj
            store.B_GS = B_GS
        else:
            Q_proj, B_GS = store.Q, store.B_GS

        if x.ndim == 0:
            n = 1
        else:
            n = x.shape[0]

        # evaluate the orthonormal basis on x via interpolation
        Q = jnp.array([jnp.interp(x, x_proj, q).reshape(-1) for q in Q_proj.T]).T # (n, p)

        return (p / jnp.sum(Q ** 2, axis=1)).squeeze(), Q, B_GS # (n, )
    
    # When called for SVGD: one sample at a time
    # When called for weighted sampling: multiple samples at a time
    
    # The target measure is nu(x) / w(x) = 1 / w(x) in the uniform case
    mu = lambda y: 1 / w_fn(y, store)[0]
    log_mu = lambda y: jnp.log(mu(y)) # log(mu) = - V
    log_mu_dx = jax.vmap(jax.grad(log_mu), 0)

    x = SVGD_update(x, log_mu_dx, steps, epsilon, alpha)
    
    # Constrain the particles in the spatial domain
    x = jnp.clip(x, problem_data.domain[0], problem_data.domain[1])

    return x, w_fn, store
