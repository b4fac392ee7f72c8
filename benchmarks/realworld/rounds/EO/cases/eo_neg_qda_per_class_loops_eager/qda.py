# Source: https://github.com/hucarlos08/GEO-ML/blob/6345a6ad0f86981b3d017f956b7e3b24cd27e819/Lessons/LDA/QDA.ipynb
# Title: Lessons/LDA/QDA.ipynb (code cell 1, class JAXQDA)
# Cut: notebook converted to a .py file; docstrings removed; predict_proba dropped.
import jax
import jax.numpy as jnp
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils import check_array, check_X_y
from sklearn.utils.multiclass import unique_labels
from typing import Tuple

class JAXQDA(BaseEstimator, ClassifierMixin):
    
    def __init__(self, smoothing: float = 1.0):
        self.smoothing = smoothing

    def fit(self, X: jnp.ndarray, y: jnp.ndarray) -> 'JAXQDA':
        X, y = check_X_y(X, y)
        self.classes_ = unique_labels(y)
        self.n_classes_ = len(self.classes_)
        self.n_features_ = X.shape[1]
        
        self.priors_ = self._estimate_priors(y)
        self.means_, self.covariances_ = self._estimate_gaussian_parameters(X, y)
        
        return self
    
    def _estimate_priors(self, y: jnp.ndarray) -> jnp.ndarray:
        priors = jnp.zeros(self.n_classes_)
        N = len(y)
        
        for idx, cls in enumerate(self.classes_):
            N_r = jnp.sum(y == cls)
            priors = priors.at[idx].set((N_r + self.smoothing) / (N + self.smoothing * self.n_classes_))
        
        return priors
    
    def _estimate_gaussian_parameters(self, X: jnp.ndarray, y: jnp.ndarray) -> Tuple[jnp.ndarray, jnp.ndarray]:
        means = jnp.zeros((self.n_classes_, self.n_features_))
        covariances = jnp.zeros((self.n_classes_, self.n_features_, self.n_features_))
        
        for idx, cls in enumerate(self.classes_):
            class_features = X[y == cls]
            means = means.at[idx].set(jnp.mean(class_features, axis=0))
            centered_features = class_features - means[idx]
            covariances = covariances.at[idx].set(jnp.dot(centered_features.T, centered_features) / (len(class_features) - 1))
        
        return means, covariances
    
    def _compute_discriminant_functions(self, X: jnp.ndarray) -> jnp.ndarray:
        discriminants = jnp.zeros((X.shape[0], self.n_classes_))
        
        for idx in range(self.n_classes_):
            mean = self.means_[idx]
            cov = self.covariances_[idx]
            inv_cov = jnp.linalg.inv(cov)
            log_det_cov = jnp.log(jnp.linalg.det(cov))
            diff = X - mean
            discriminants = discriminants.at[:, idx].set(
                -0.5 * log_det_cov
                - 0.5 * jnp.einsum('ij,ij->i', jnp.dot(diff, inv_cov), diff)
                + jnp.log(self.priors_[idx])
            )
        
        return discriminants
    
    def predict(self, X: jnp.ndarray) -> jnp.ndarray:
        X = check_array(X)
        discriminants = self._compute_discriminant_functions(X)
        return self.classes_[jnp.argmax(discriminants, axis=1)]
