# Source: https://github.com/hucarlos08/GEO-ML/blob/6345a6ad0f86981b3d017f956b7e3b24cd27e819/Lessons/Nearest-Neighbor%20Rule/KNN.ipynb
# Title: Lessons/Nearest-Neighbor Rule/KNN.ipynb (code cell 1)
# Cut: notebook converted to a .py file; the predict_proba kernel and plotting cells dropped; fit() kept.
import jax
import jax.numpy as jnp
import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.validation import check_X_y, check_array, check_is_fitted
from sklearn.utils.multiclass import unique_labels
from functools import partial # For jitting methods with static args

# Helper pure function for JIT and VMAP (core k-NN logic for one point)
# This function assumes y_train is already mapped to 0..K-1
@partial(jax.jit, static_argnames=("n_neighbors", "weights_mode", "p_norm", "num_classes"))
def _knn_predict_single_kernel(x_new, X_train, y_train_mapped, n_neighbors, weights_mode, p_norm, num_classes):
    distances = jnp.linalg.norm(X_train - x_new, ord=p_norm, axis=1)
    
    # Using jax.lax.top_k for finding k smallest distances (more efficient than full argsort)
    # top_k returns (-distances, indices), so we take -values[0] to get actual smallest distances
    neg_distances = -distances
    top_k_neg_distances, top_k_indices = jax.lax.top_k(neg_distances, k=n_neighbors)
    # k_smallest_distances = -top_k_neg_distances # if needed for 'distance' weighting without recomputing
    
    neighbor_labels_mapped = y_train_mapped[top_k_indices]

    if weights_mode == 'uniform':
        counts = jnp.bincount(neighbor_labels_mapped.astype(jnp.int32), length=num_classes)
        return jnp.argmax(counts) # Returns mapped label
    
    elif weights_mode == 'distance':
        # Get distances for the k neighbors (re-access or use k_smallest_distances)
        neighbor_distances = distances[top_k_indices]
        
        # Handle zero distances: if a neighbor is identical, its weight is effectively infinite.
        # To simplify, if distance is zero, that point's class dominates if it's unique among zero-distance points.
        # A common practical approach: add a small epsilon.
        weights_arr = 1.0 / (neighbor_distances + 1e-6) 
        
        weighted_counts = jnp.bincount(neighbor_labels_mapped.astype(jnp.int32), weights=weights_arr, length=num_classes)
        return jnp.argmax(weighted_counts) # Returns mapped label
    else:
        # This part won't be JIT-friendly if it raises Python errors based on dynamic values.
        # For JIT, all branches should lead to valid JAX computations.
        # We assume 'weights_mode' is validated before calling the kernel.
        return -1 # Should not happen if validated


class JAXKNeighborsClassifier(BaseEstimator, ClassifierMixin):
    def __init__(self, n_neighbors=5, weights='uniform', p=2):
        self.n_neighbors = n_neighbors
        self.weights = weights
        self.p = p # p for Minkowski distance (p=2 is Euclidean)

    def fit(self, X, y):
        # Check that X and y have correct shape
        X, y = check_X_y(X, y)
        
        # Store JAX arrays
        self._X_train = jnp.asarray(X)
        self._y_train_original = jnp.asarray(y) # Store original y for mapping back if needed
        
        # Store the classes seen during fit
        self.classes_ = unique_labels(y) # NumPy array of original class labels
        self._num_classes = len(self.classes_)

        # Create a mapping from original class labels to 0...K-1
        self._class_to_int_map = {label: i for i, label in enumerate(self.classes_)}
        self._int_to_class_map = {i: label for i, label in enumerate(self.classes_)}
        
        # Mapped y_train (0 to K-1)
        # Convert y to NumPy array first if it's a JAX array for list comprehension
        y_np = np.asarray(y) 
        self._y_train_mapped = jnp.array([self._class_to_int_map[label] for label in y_np])

        self.is_fitted_ = True
        return self

    def _predict_vmapped(self, X_new):
        # Vmap the kernel over the new data points
        # The kernel itself is JITted
        vmap_kernel = jax.vmap(
            _knn_predict_single_kernel, 
            in_axes=(0, None, None, None, None, None, None), # x_new varies, others are fixed
            out_axes=0
        )
        mapped_predictions = vmap_kernel(
            X_new, self._X_train, self._y_train_mapped, 
            self.n_neighbors, self.weights, self.p, self._num_classes
        )
        return mapped_predictions

    def predict(self, X):
        # Check if fit has been called
        check_is_fitted(self)
        # Input validation
        X = check_array(X)
        X_jax = jnp.asarray(X)

        if X_jax.shape[0] == 0:
            return np.array([])

        mapped_predictions = self._predict_vmapped(X_jax)
        
        # Convert mapped predictions (0..K-1) back to original class labels
        # Convert JAX array to NumPy for this mapping step
        mapped_predictions_np = np.asarray(mapped_predictions)
        original_predictions = np.array([self._int_to_class_map[mapped_label] for mapped_label in mapped_predictions_np])
        
        return original_predictions
