# Source: https://github.com/lucasmbll/diffNBody-for-bayesian-inference/blob/9c21ccb0891304bc9efae146f49bc8b25dac69fd/src/grid.py
# Title: src/grid.py (grid evaluation of the posterior and of its gradients)
# Cut: evaluate_gradients up to the end of the mini-batch loop; NaN/Inf reporting shortened, summary statistics and plotting dropped.
import jax
import numpy as np


def evaluate_gradients(parameter_sets, mini_batch_size, log_posterior_fn, log_prior_fn):
    # Create gradient functions
    posterior_grad_fn = jax.grad(log_posterior_fn)
    prior_grad_fn = jax.grad(log_prior_fn)

    # Vectorize the evaluation function over the batch dimension
    def evaluate_single_grad(params):
        """Evaluate gradients for a single parameter set."""
        log_post_grad_val = posterior_grad_fn(params)
        log_prior_grad_val = prior_grad_fn(params)
        log_likelihood_grad_val = log_post_grad_val - log_prior_grad_val
        return log_post_grad_val, log_likelihood_grad_val

    # Get mini batch size from config
    n_grid_points = parameter_sets.shape[0]
    batch_size = min(mini_batch_size, n_grid_points)
    print(f"Using mini-batch size: {batch_size}")

    posterior_gradient_values = []
    likelihood_gradient_values = []

    # Track NaN statistics
    nan_count = 0
    inf_count = 0
    total_evaluations = 0
    failed_batches = 0

    # Process in mini-batches
    for start_idx in range(0, n_grid_points, batch_size):
        end_idx = min(start_idx + batch_size, n_grid_points)
        batch_params = parameter_sets[start_idx:end_idx]

        print(f"Processing batch {start_idx//batch_size + 1}/{(n_grid_points + batch_size - 1)//batch_size}")

        try:
            # Try mini-batch evaluation
            vmapped_evaluate = jax.vmap(evaluate_single_grad)
            batch_log_post_grad_val, batch_log_likelihood_grad_val = vmapped_evaluate(batch_params)

            # Process results and check for NaNs
            for i in range(batch_params.shape[0]):
                total_evaluations += 1
                post_grad_val = batch_log_post_grad_val[i]
                lik_grad_val = batch_log_likelihood_grad_val[i]

                # Check for NaNs and Infs
                post_grad_has_nan = np.any(np.isnan(post_grad_val))
                lik_grad_has_nan = np.any(np.isnan(lik_grad_val))

                if post_grad_has_nan or lik_grad_has_nan:
                    nan_count += 1
                    param_idx = start_idx + i
                    print(f"  NaN detected at parameter set {param_idx}:")
                    print(f"    Parameters: {parameter_sets[param_idx]}")

                posterior_gradient_values.append(post_grad_val)
                likelihood_gradient_values.append(lik_grad_val)

        except Exception as batch_e:
            failed_batches += 1
            raise ValueError(f"Batch evaluation failed: {batch_e}.")

    posterior_gradient_values = np.array(posterior_gradient_values)
    likelihood_gradient_values = np.array(likelihood_gradient_values)
    return posterior_gradient_values, likelihood_gradient_values
