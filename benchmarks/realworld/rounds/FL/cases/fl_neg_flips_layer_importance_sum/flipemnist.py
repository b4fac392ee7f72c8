# Source: https://github.com/lsiddd/flips_fedjax/blob/5c283caadd7210a3c1e1cdeb3c283343de665857/flipemnist.py
# Title: flipemnist.py (FLIPS-style client selection on FedJAX EMNIST: SHAP-like layer importance and pruning thresholds)
# Cut: kept main()'s loss, jitted grad_fn, shap_fn and calculate_pruning_thresholds as written; algorithm construction, client sampling and the round loop dropped; main returns the functions.
import jax
import jax.numpy as jnp
import fedjax


def main(_):
    # Load train and test federated data for EMNIST.
    train_fd, test_fd = fedjax.datasets.emnist.load_data(only_digits=False)

    # Create CNN model with dropout.
    model = fedjax.models.emnist.create_conv_model(only_digits=False)

    # Loss function for training.
    def loss(params, batch, rng):
        preds = model.apply_for_train(params, batch, rng)
        example_loss = model.train_loss(batch, preds)
        return jnp.mean(example_loss)

    # Gradient function.
    grad_fn = jax.jit(jax.grad(loss))

    # SHAP-based importance scoring function.
    def shap_fn(params, batch):
        """
        Compute SHAP importance scores for each layer of the model.
        Handle nested pytree structures in FedJAX model parameters.
        """
        importance_scores = {}

        def compute_layer_importance(layer_weights):
            if isinstance(layer_weights, dict):
                return sum(
                    compute_layer_importance(sub_layer)
                    for sub_layer in layer_weights.values()
                )
            return jnp.mean(jnp.abs(layer_weights))

        for layer_name, layer_weights in params.items():
            importance_scores[layer_name] = compute_layer_importance(layer_weights)

        return importance_scores

    # Dynamic pruning threshold calculation.
    def calculate_pruning_thresholds(importance_scores, prune_quantile=0.5):
        """
        Calculate dynamic pruning thresholds based on SHAP scores.
        prune_quantile determines the percentage of least important weights to prune.
        """
        thresholds = {}
        for layer, score in importance_scores.items():
            threshold = jnp.quantile(jnp.array(score), prune_quantile)
            thresholds[layer] = threshold
        return thresholds

    # Client selection weights
    client_selection_weights = [0.4, 0.3, 0.2, 0.1]
    return grad_fn, shap_fn, calculate_pruning_thresholds
