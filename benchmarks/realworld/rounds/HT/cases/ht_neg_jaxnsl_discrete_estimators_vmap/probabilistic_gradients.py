# Source: https://github.com/SatvikPraveen/JAX-NSL/blob/82c4e21cb2bf6c77372accb4b438f37e13b9dbaf/notebooks/06_special_topics/18_probabilistic_gradients.ipynb
# Title: notebooks/06_special_topics/18_probabilistic_gradients.ipynb (gradient estimators for discrete variables)
# Cut: imports from cell 1 plus cell 7 (REINFORCE, Gumbel-Softmax, baseline estimators) converted to a script; printing cut.
import jax
import jax.numpy as jnp
from jax import random, vmap, grad

def demonstrate_gradient_estimation():
    """Demonstrate gradient estimation techniques for discrete variables"""
    
    # REINFORCE (likelihood ratio) estimator
    def reinforce_estimator(params, key, n_samples=1000):
        """REINFORCE gradient estimator"""
        
        def sample_and_loss(key):
            # Sample discrete action from categorical distribution
            logits = params['logits']
            probs = jax.nn.softmax(logits)
            action = random.categorical(key, logits)
            
            # Reward function (to maximize)
            reward = jnp.where(action == 2, 1.0, -0.1)  # Prefer action 2
            
            # REINFORCE gradient: grad_log_prob * reward
            log_prob = jax.nn.log_softmax(logits)[action]
            
            return -reward, log_prob, reward  # Negative for minimization
        
        keys = random.split(key, n_samples)
        losses, log_probs, rewards = vmap(sample_and_loss)(keys)
        
        # REINFORCE estimator
        def loss_fn(params):
            logits = params['logits']
            log_probs_param = jax.nn.log_softmax(logits)
            
            # Use pre-sampled actions and rewards
            return jnp.mean(-rewards * log_probs_param[actions])
        
        # This is a simplified version - normally we'd use the actual sampled actions
        mean_loss = jnp.mean(losses)
        grad_estimate = jnp.mean(vmap(lambda lp, r: -r * grad(lambda x: x)(lp))(log_probs, rewards))
        
        return mean_loss, grad_estimate, jnp.mean(rewards)
    
    # Gumbel-Softmax (reparameterization for discrete)
    def gumbel_softmax_estimator(params, key, temperature=1.0):
        """Gumbel-Softmax reparameterization trick"""
        
        def gumbel_softmax_sample(logits, key, temperature):
            # Sample Gumbel noise
            gumbel_noise = -jnp.log(-jnp.log(random.uniform(key, logits.shape) + 1e-8) + 1e-8)
            
            # Gumbel-Softmax
            y = jax.nn.softmax((logits + gumbel_noise) / temperature)
            return y
        
        def differentiable_loss(params, key):
            logits = params['logits']
            
            # Sample using Gumbel-Softmax
            soft_sample = gumbel_softmax_sample(logits, key, temperature)
            
            # Differentiable reward (prefer index 2)
            target = jnp.array([0.0, 0.0, 1.0, 0.0])  # One-hot for action 2
            reward = jnp.dot(soft_sample, target) - 0.1 * jnp.dot(soft_sample, 1 - target)
            
            return -reward  # Negative for minimization
        
        loss = differentiable_loss(params, key)
        grad_fn = grad(differentiable_loss)
        gradient = grad_fn(params, key)
        
        return loss, gradient
    
    # Control variate for REINFORCE
    def reinforce_with_baseline(params, key, n_samples=1000):
        """REINFORCE with baseline to reduce variance"""
        
        def sample_and_evaluate(key):
            logits = params['logits']
            action = random.categorical(key, logits)
            
            # Reward and baseline
            reward = jnp.where(action == 2, 1.0, -0.1)
            baseline = params['baseline']  # Learned baseline
            
            # Advantage
            advantage = reward - baseline
            
            log_prob = jax.nn.log_softmax(logits)[action]
            
            return reward, advantage, log_prob, action
        
        keys = random.split(key, n_samples)
        rewards, advantages, log_probs, actions = vmap(sample_and_evaluate)(keys)
        
        # Policy gradient with baseline
        policy_grad = jnp.mean(advantages * log_probs)
        
        # Baseline update (MSE with rewards)
        baseline_loss = jnp.mean((rewards - params['baseline']) ** 2)
        
        return policy_grad, baseline_loss, jnp.mean(rewards)
    
    return reinforce_estimator, gumbel_softmax_estimator, reinforce_with_baseline

# Test gradient estimation techniques
reinforce_est, gumbel_est, reinforce_baseline = demonstrate_gradient_estimation()

# Initialize parameters for discrete optimization
discrete_params = {
    'logits': jnp.array([0.1, 0.2, -0.3, 0.0]),  # 4 possible actions
    'baseline': 0.0
}

print("Gradient Estimation for Discrete Variables:")

# Test REINFORCE
key = random.PRNGKey(112)
reinforce_loss, reinforce_grad, avg_reward = reinforce_est(discrete_params, key)
print(f"REINFORCE - Loss: {reinforce_loss:.4f}, Avg Reward: {avg_reward:.4f}")

# Test Gumbel-Softmax  
gumbel_loss, gumbel_grad = gumbel_est(discrete_params, key)
print(f"Gumbel-Softmax - Loss: {gumbel_loss:.4f}")
print(f"Gumbel gradient: {gumbel_grad['logits']}")

# Test REINFORCE with baseline
policy_grad, baseline_loss, baseline_reward = reinforce_baseline(discrete_params, key)
print(f"REINFORCE + Baseline - Policy grad: {policy_grad:.4f}, "
      f"Baseline loss: {baseline_loss:.4f}, Reward: {baseline_reward:.4f}")
