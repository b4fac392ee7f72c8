# Source: https://github.com/Cerlog/02477_Bayesian_Machine_Learning_DTU/blob/ed35dfafaf5398f29294b76fb16759515a11942a/FOR_THE_EXAM/TOPICS/6_Gauss_class/5_G_P_hand_2.ipynb
# Title: 5_G_P_hand_2.ipynb (DTU 02477 exam preparation: GP classification worked by hand)
# Cut: code cell 0, steps 1-3 and 5-6 kept (MAP step with scipy BFGS replaced by a fixed f_MAP); plots dropped
# %% cell 0
import jax.numpy as jnp
import numpy as np
from scipy.optimize import minimize
from scipy.stats import norm

# Sigmoid function
def sigmoid(f):
    return 1 / (1 + jnp.exp(-f))

# Squared exponential kernel
def squared_exponential(x1, x2, kappa=1.0, lengthscale=1.0):
    dist_sq = jnp.sum((x1 - x2)**2)
    return kappa * jnp.exp(-dist_sq / (2 * lengthscale**2))

# Probit function (CDF of standard normal)
def probit(x):
    return norm.cdf(x)

# =============================================================================
# STEP 1: Problem Setup
# =============================================================================
print("=== STEP 1: Problem Setup ===")
X = jnp.array([[0.], [1.], [2.]])  # Training inputs
y = jnp.array([0., 1., 0.])       # Training labels
N = len(X)
print(f"Training inputs X:\n{X}")
print(f"Training labels y: {y}")
print(f"Number of points N: {N}")

# Kernel hyperparameters
kappa = 1.0
lengthscale = 1.0
print(f"Kernel hyperparameters: kappa={kappa}, lengthscale={lengthscale}")

# =============================================================================
# STEP 2: Prior Calculations - Kernel Matrix K
# =============================================================================
print("\n=== STEP 2: Kernel Matrix K ===")
K = jnp.zeros((N, N))
for i in range(N):
    for j in range(N):
        K = K.at[i, j].set(squared_exponential(X[i], X[j], kappa, lengthscale))
        
print(f"Kernel matrix K:\n{K}")

# =============================================================================
# STEP 3: Cholesky Decomposition
# =============================================================================
print("\n=== STEP 3: Cholesky Decomposition ===")
L = jnp.linalg.cholesky(K + 1e-6 * jnp.eye(N))  # Adding small jitter for stability
print(f"Cholesky factor L:\n{L}")

# Verify: K ≈ L @ L.T
print(f"Verification K ≈ L @ L.T:\n{L @ L.T}")

# Log determinant
log_det_K = 2 * jnp.sum(jnp.log(jnp.diag(L)))

f_MAP = jnp.array([-0.3, 0.4, -0.3])  # from STEP 4 (scipy BFGS) in the notebook

# =============================================================================
# STEP 5: Hessian and Posterior Covariance
# =============================================================================
print("\n=== STEP 5: Hessian and Posterior Covariance ===")

# Compute Λ (negative Hessian of log likelihood)
Lambda_diag = sigmoid(f_MAP) * (1 - sigmoid(f_MAP))
Lambda = jnp.diag(Lambda_diag)
print(f"Λ diagonal entries: {Lambda_diag}")
print(f"Λ matrix:\n{Lambda}")

# Compute posterior covariance S using Woodbury identity
# S = K - K Λ^{1/2} (I + Λ^{1/2} K Λ^{1/2})^{-1} Λ^{1/2} K
print("\nComputing posterior covariance S via Woodbury...")

# Step 1: Compute Λ^{1/2}
Lambda_sqrt = jnp.diag(jnp.sqrt(Lambda_diag))
print(f"Λ^{1/2}:\n{Lambda_sqrt}")

# Step 2: Compute B = I + Λ^{1/2} K Λ^{1/2}
B = jnp.eye(N) + Lambda_sqrt @ K @ Lambda_sqrt
print(f"B = I + Λ^{1/2} K Λ^{1/2}:\n{B}")

# Step 3: Cholesky decomposition of B
L_B = jnp.linalg.cholesky(B + 1e-6 * jnp.eye(N))
print(f"Cholesky of B:\n{L_B}")

# Step 4: Solve for e
e = jnp.linalg.solve(L_B, Lambda_sqrt @ K)
print(f"e = L_B^{-1} Λ^{1/2} K shape: {e.shape}")

# Step 5: Compute S
S = K - e.T @ e
print(f"Posterior covariance S:\n{S}")

# =============================================================================
# STEP 6: Prediction at x* = 1.5
# =============================================================================
print("\n=== STEP 6: Prediction at x* = 1.5 ===")
x_star = jnp.array([[1.5]])

# Compute covariances
k_star = jnp.array([squared_exponential(x_star[0], X[i], kappa, lengthscale) 
                    for i in range(N)])
k_star_star = squared_exponential(x_star[0], x_star[0], kappa, lengthscale)

print(f"k* (covariance with training points): {k_star}")
print(f"k** (prior variance at x*): {k_star_star}")

# Compute K^{-1}
