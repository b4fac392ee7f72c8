# Source: https://github.com/Integrative-Transcriptomics/tsne/blob/1c373434c94feb3f3769ba77e81fca8e1c2cf4cc/dissertation/tsne_jax.py
# Title: dissertation/tsne_jax.py
# Cut: openTSNE forward pass, softmax helper, analytic gradient and sensitivity functions dropped; docstrings removed;
#      the perplexity search, P/Q construction, KL cost and the vmapped covariance propagation kept.
import jax.numpy as np
from functools import partial
from jax import vmap, vjp
from jax.lax import scan
from jax.lax import cond
import jax

def Hbeta(D: np.ndarray, beta=1.0):

    # Compute the conditional probabilities P_j|i using a numerically stable softmax.
    P = np.exp(-D * beta)     # numerator of p j|i
    sumP = np.sum(P, axis=None)    # denominator of p j|i --> normalization factor
    new_P = softmax(-D * beta)
    sumP += 1e-8

    # Calculate the Shannon entropy H of the probability distribution P.
    H = np.log(sumP) + beta * np.sum(D * P) / sumP
    return H, new_P

def Hbeta_final(D: np.ndarray, beta=1.0):
    # Simply compute the conditional probabilities using the stable softmax.
    new_P = softmax(-D * beta)
    return new_P


# ----------------------------------------------------------------------------------
# Helper functions for the binary search over beta, designed for use with `jax.lax.cond`.
# These functions update the search range [betamin, betamax] for beta.
# ----------------------------------------------------------------------------------

def HdiffGreaterTrue(*betas):
    beta, betamax = betas
    return beta*2

def HdiffGreaterFalse(*betas):
    beta, betamax = betas
    return (beta+betamax)/2

def HdiffSmallerTrue(*betas):
    beta, betamin = betas
    return beta/2

def HdiffSmallerFalse(*betas):
    beta, betamin = betas
    return (beta+betamin)/2

def HdiffGreater(*betas):
    beta, betamin, betamax = betas
    betamin = beta
    beta = cond((np.logical_or(betamax == np.inf, betamax == -np.inf)), HdiffGreaterTrue, HdiffGreaterFalse, *(beta, betamax))
    return beta, betamin, betamax

def HdiffSmaller(*betas):
    beta, betamin, betamax = betas
    betamax = beta
    beta = cond(np.logical_or(betamin == np.inf, betamin == -np.inf), HdiffSmallerTrue, HdiffSmallerFalse, *(beta, betamin))
    return beta, betamin, betamax

def HdiffGreaterTolerance(*betas):
    beta, betamin, betamax, Hdiff = betas
    beta, betamin, betamax = cond(Hdiff > 0, HdiffGreater, HdiffSmaller, *(beta, betamin, betamax))
    return beta, betamin, betamax, Hdiff

def binarySearch(res, el, Di, logU):

    Hdiff, thisP, beta, betamin, betamax = res

    # Update beta based on Hdiff, unless convergence is reached.
    # The lambda function `lambda a,b,c,d: (a,b,c,d)` is an identity function that does nothing if converged.
    beta, betamin, betamax, Hdiff = cond(np.abs(Hdiff) < 1e-5, lambda a, b, c, d: (a, b, c, d), HdiffGreaterTolerance, *(beta, betamin, betamax, Hdiff))

    # Re-compute entropy and probabilities with the new beta.
    (H, thisP) = Hbeta(Di, beta)

    # Update the difference between current and target entropy.
    Hdiff = H - logU

    return (Hdiff, thisP, beta, betamin, betamax), el

def x2beta_inner(Di: np.ndarray, iterator, beta, betamin, betamax, perplexity=30, tol=1e-5):
    # The target entropy is the log of the perplexity
    logU = np.log(perplexity)
    # Initial calculation of entropy and probability difference.
    H, thisP = Hbeta(Di, beta)
    Hdiff = H - logU

    # Create a partial function for the binary search step, fixing Di and logU
    binarySearch_func = partial(binarySearch, Di=Di, logU=logU)

    # Use `scan` to run the binary search for a fixed number of iterations (1000).
    # This is a common JAX pattern for loops.
    (Hdiff, thisP, beta, betamin, betamax), el = scan(binarySearch_func, init=(Hdiff, thisP, beta, betamin, betamax), xs=None, length=1000)    # Set the final row of P

    return beta

def x2beta(D: np.ndarray, tol=1e-5, perplexity=30.0):
    # Initialize some variables
    n = D.shape[0]
    beta = np.ones(n)      # Initial guess for precisions
    betamin = np.full(n, -np.inf)   # Initial lower bounds
    betamax = np.full(n, np.inf)    # Initial upper bounds

    # Use vmap to apply the binary search to each row of D in parallel.
    betas_final = vmap(partial(x2beta_inner, perplexity=perplexity, tol=tol))(D, np.arange(n), beta=beta, betamin=betamin, betamax=betamax)
    
    return betas_final

def x2distance(X):
    sum_X = np.sum(np.square(X), 1)
    (n, d) = X.shape

    # Compute the full distance matrix: D_ij = ||x_i||^2 + ||x_j||^2 - 2 * x_i^T * x_j
    D = np.add(np.add(-2 * np.dot(X, X.T), sum_X).T, sum_X)

    # Remove the diagonal elements (distances from a point to itself)
    # This creates the (n, n-1) matrix required by x2beta.
    D = np.reshape(np.delete(D, np.array([i for i in range(0, D.shape[0]**2, (D.shape[0]+1))])), (n , n - 1 ))
    return D

def distance2p(D, betas):
    # Compute P_j|i for each row i using its specific beta_i.
    P_final = vmap(Hbeta_final, in_axes=0)(D, betas)
    # Re-insert the zero diagonal into each row of the probability matrix.
    # vmap iterates over each row of P_final and the indices 0, 1, 2, ...
    P_final = vmap(partial(np.insert, values=0))(P_final, np.arange(P_final.shape[0]))
    return P_final

def y2q(Y: np.ndarray):
    # Compute pairwise squared Euclidean distances in the low-dimensional space.
    sum_Y = np.sum(np.square(Y), 1)
    num = -2. * np.dot(Y, Y.T)  # numerator
    num = 1. / (1. + np.add(np.add(num, sum_Y).T, sum_Y))
    # Set diagonal to zero, as q_ii is not defined.
    num = num.at[np.diag_indices_from(num)].set(0.)     # numerator
    # Normalize to get the final joint probabilities Q.
    Q = num / np.sum(num)
    # Add a small epsilon for numerical stability to avoid log(0).
    Q = np.maximum(Q, 1e-12)
    return Q, num

def KL_divergence(X_flat, Y_flat, X_unflattener, Y_unflattener, perplexity):
    # Reshape flattened inputs back to their matrix forms.
    X = X_unflattener(X_flat)
    Y = Y_unflattener(Y_flat)

    learning_rate, perplexity = (200, perplexity)

    # --- Compute High-Dimensional Probabilities P ---
    D = x2distance(X)
    # first compute betas without tracking the derivative
    # We stop gradients from flowing through it.
    betas = x2beta(jax.lax.stop_gradient(D), tol=1e-5, perplexity=perplexity)
    # Compute P_j|i using the final betas. Gradients can flow through this step.
    P = distance2p(D, betas)

    # Symmetrize to get the joint probability distribution P.
    P = (P + np.transpose(P))
    P = P / np.sum(P)
    P = np.maximum(P, 1e-12)

    # --- Compute Low-Dimensional Probabilities Q ---
    Q, _ = y2q(Y)
    
    # --- Compute KL Divergence ---
    return np.sum(P * (np.log(P+1e-10) - np.log(Q+1e-10)))

def compute_cov_inner(vjp_fun, jvp_fun_lin, H_pinv_i, D, N, d, n, H_pinv):
    # This function implements one step of the formula for covariance propagation
    # via the implicit function theorem, assuming a Kronecker product input covariance.
    v1 = vjp_fun(-H_pinv_i)[0]
    v2 = np.ravel(np.dot(np.dot(D, np.reshape(v1, (d, n), 'C')), np.transpose(N)), 'C')
    v3 = jvp_fun_lin(v2)
    return np.dot(-H_pinv, v3)

def compute_cov(X_flat, Y_flat, X_unflattener, Y_unflattener, D, N, perplexity):
    # Define the gradient function whose derivatives we need.
    f = partial(KL_divergence_dy, X_unflattener=X_unflattener, Y_unflattener=Y_unflattener, perplexity=perplexity)

    # Compute the Hessian of the KL cost w.r.t Y: H_Y = d(grad_Y)/dY.
    H = jax.jacrev(f, argnums=1)(X_flat, Y_flat)
    # Regularized pseudo-inverse
    H_pinv = np.linalg.pinv(H + 1e-3*np.eye(len(H)), hermitian=True)

    # Define a new partial function for derivatives w.r.t. X.
    f = partial(KL_divergence_dy, Y_flat=Y_flat, X_unflattener=X_unflattener, Y_unflattener=Y_unflattener, perplexity=perplexity)
    # Set up functions for Jacobian-vector and vector-Jacobian products for d(grad_Y)/dX.
    # jvp
    _, jvp_fun_lin = jax.linearize(f, X_flat)
    # vjp
    _, vjp_fun = vjp(f, X_flat)

    # Create a function for the inner loop, then vectorize it with vmap.
    compute_cov_fun = lambda i: compute_cov_inner(vjp_fun=vjp_fun, jvp_fun_lin=jvp_fun_lin, 
                                        H_pinv_i=i, D=D, N=N, d=D.shape[0], n=N.shape[0], H_pinv=H_pinv)

    return vmap(compute_cov_fun)(H_pinv)
