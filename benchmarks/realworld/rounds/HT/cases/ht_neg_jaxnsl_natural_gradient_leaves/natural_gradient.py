# Source: https://github.com/SatvikPraveen/JAX-NSL/blob/82c4e21cb2bf6c77372accb4b438f37e13b9dbaf/notebooks/06_special_topics/18_probabilistic_gradients.ipynb
# Title: notebooks/06_special_topics/18_probabilistic_gradients.ipynb (natural gradient with a Fisher matrix)
# Cut: imports from cell 1 plus cell 9 (Fisher information, natural gradient step) converted to a script.
import jax
import jax.numpy as jnp
from jax import random, vmap, grad
from jax.scipy import stats

def create_natural_gradient_optimizer():
    """Create natural gradient optimizer for probabilistic models"""
    
    def fisher_information_matrix(params, data_batch):
        """Approximate Fisher Information Matrix"""
        
        def single_data_score(params, x):
            # Log-likelihood for single data point
            mu = params['mu']
            log_sigma = params['log_sigma']
            sigma = jnp.exp(log_sigma)
            
            log_lik = stats.norm.logpdf(x, mu, sigma)
            return jnp.sum(log_lik)
        
        # Score function (gradient of log-likelihood)
        score_fn = grad(single_data_score)
        
        # Compute scores for batch
        scores = vmap(score_fn, in_axes=(None, 0))(params, data_batch)
        
        # Fisher Information = E[score * score^T]
        # Approximate with sample covariance of scores
        def vectorize_pytree(tree):
            leaves, treedef = jax.tree_flatten(tree)
            return jnp.concatenate([leaf.flatten() for leaf in leaves])
        
        score_vectors = vmap(vectorize_pytree)(scores)
        fisher_matrix = jnp.cov(score_vectors.T)
        
        return fisher_matrix, score_vectors
    
    def natural_gradient_step(params, data_batch, lr=0.01, damping=1e-4):
        """Natural gradient update step"""
        
        # Standard gradient
        def neg_log_likelihood(params):
            mu = params['mu'] 
            log_sigma = params['log_sigma']
            sigma = jnp.exp(log_sigma)
            
            log_liks = stats.norm.logpdf(data_batch, mu, sigma)
            return -jnp.mean(jnp.sum(log_liks, axis=1))  # Negative log-likelihood
        
        std_grad = grad(neg_log_likelihood)(params)
        
        # Fisher information matrix
        fisher_matrix, scores = fisher_information_matrix(params, data_batch)
        
        # Vectorize standard gradient
        std_grad_vec, treedef = jax.tree_flatten(std_grad)
        std_grad_flat = jnp.concatenate([g.flatten() for g in std_grad_vec])
        
        # Natural gradient = F^(-1) * standard_gradient
        damped_fisher = fisher_matrix + damping * jnp.eye(fisher_matrix.shape[0])
        nat_grad_flat = jnp.linalg.solve(damped_fisher, std_grad_flat)
        
        # Reconstruct gradient tree structure
        shapes = [g.shape for g in std_grad_vec]
        sizes = [g.size for g in std_grad_vec]
        
        start_idx = 0
        nat_grad_leaves = []
        for size, shape in zip(sizes, shapes):
            nat_grad_leaves.append(nat_grad_flat[start_idx:start_idx+size].reshape(shape))
            start_idx += size
        
        nat_grad = jax.tree_unflatten(treedef, nat_grad_leaves)
        
        # Update parameters
        new_params = jax.tree_map(lambda p, g: p - lr * g, params, nat_grad)
        
        return new_params, std_grad, nat_grad
    
    return natural_gradient_step

# Test natural gradients
natural_grad_step = create_natural_gradient_optimizer()

# Generate synthetic data from known distribution
true_mu, true_sigma = 2.0, 1.5
key = random.PRNGKey(333)
data = random.normal(key, (100,)) * true_sigma + true_mu
data = data[:, None]  # Make 2D for batch processing

# Initialize parameters
prob_params = {
    'mu': jnp.array([0.0]),
    'log_sigma': jnp.array([0.0])  # log(1.0) = 0.0
}

print("Natural Gradient Optimization:")
print(f"True parameters: mu={true_mu}, sigma={true_sigma}")
print(f"Initial parameters: mu={prob_params['mu'][0]:.3f}, sigma={jnp.exp(prob_params['log_sigma'][0]):.3f}")

# Optimization loop
for step in range(10):
    prob_params, std_g, nat_g = natural_grad_step(prob_params, data, lr=0.1)
    
    current_mu = prob_params['mu'][0]
    current_sigma = jnp.exp(prob_params['log_sigma'][0])
    
    if step % 2 == 0:
        print(f"Step {step}: mu={current_mu:.3f}, sigma={current_sigma:.3f}")

print(f"Final parameters: mu={current_mu:.3f}, sigma={current_sigma:.3f}")
print(f"Parameter errors: mu_err={abs(current_mu - true_mu):.3f}, "
      f"sigma_err={abs(current_sigma - true_sigma):.3f}")
