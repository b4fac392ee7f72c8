# Source: https://github.com/mlnomadpy/flaxdocs/blob/1eda4a34032021b2acff2e907bbf6de6762d169b/examples/advanced/metric_learning.py
# Title: examples/advanced/metric_learning.py -- "Flax NNX: Metric Learning with a Siamese Network + Triplet Loss"
# Cut: module docstring, sys.path setup, the verification metric, data loading, plotting and main() cut; loss, PK-batch sampler and train step kept.
import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
import optax

from shared.models import MLP


class EmbeddingNet(nnx.Module):
    """Shared-weight embedding network: input vector -> L2-normalized embedding."""

    def __init__(self, in_features: int, hidden: int, embed_dim: int,
                 *, rngs: nnx.Rngs, depth: int = 2):
        # Reuse the shared MLP backbone; it maps (B, in_features) -> (B, embed_dim).
        self.backbone = MLP(in_features, hidden, embed_dim, n_layers=depth,
                            rngs=rngs, activation="relu")

    def embed(self, x):
        """Map a batch of inputs to unit-norm embeddings (B, embed_dim)."""
        z = self.backbone(x)
        return z / (jnp.linalg.norm(z, axis=-1, keepdims=True) + 1e-8)

    def __call__(self, x, train: bool = False):
        return self.embed(x)


def pairwise_sq_dist(z):
    """Squared Euclidean distance matrix D[i, j] = ||z_i - z_j||^2, shape (B, B)."""
    sq = jnp.sum(z * z, axis=1)
    d = sq[:, None] + sq[None, :] - 2.0 * (z @ z.T)
    return jnp.maximum(d, 0.0)   # clip tiny negatives from round-off


def batch_hard_triplet_loss(z, labels, margin: float = 0.2):
    """Batch-hard triplet loss (Hermans et al. 2017).

    For every anchor in the batch we mine, *within the same batch*:
      - the HARDEST positive  = the same-class example that is FARTHEST away
      - the HARDEST negative  = the different-class example that is CLOSEST
    and push them to satisfy  d(a, p) + margin <= d(a, n):

        L = mean_a  max(0,  d(a, p*) - d(a, n*) + margin)

    Mining the hardest triplet in-batch is far more sample-efficient than
    random triplets, most of which are already "easy" (loss 0) and contribute
    no gradient. Returns (loss, fraction_of_active_triplets).
    """
    B = z.shape[0]
    D = pairwise_sq_dist(z)

    same = labels[:, None] == labels[None, :]
    eye = jnp.eye(B, dtype=bool)
    pos_mask = same & ~eye          # same class, excluding the anchor itself
    neg_mask = ~same                # different class

    # Hardest positive: largest distance among same-class examples.
    hardest_pos = jnp.max(jnp.where(pos_mask, D, -jnp.inf), axis=1)
    # Hardest negative: smallest distance among different-class examples.
    hardest_neg = jnp.min(jnp.where(neg_mask, D, jnp.inf), axis=1)

    losses = jax.nn.relu(hardest_pos - hardest_neg + margin)
    frac_active = jnp.mean((losses > 0).astype(jnp.float32))
    return jnp.mean(losses), frac_active


# ============================================================================
# 3. VERIFICATION METRIC (positive pairs closer than negative pairs)


def build_class_index(Y):
    """Map each class label -> array of row indices (for PK batch sampling)."""
    return {int(c): np.where(Y == c)[0] for c in np.unique(Y)}


def make_pk_batch(X, Y, class_to_idx, P: int, K: int, rng):
    """Sample a balanced 'PK' batch: P classes, K examples each (batch = P*K).

    Balanced batches guarantee that every anchor has both positives (K-1 of
    them) and negatives, which is exactly what in-batch mining needs.
    """
    classes = rng.choice(list(class_to_idx.keys()), size=P, replace=False)
    idxs = []
    for c in classes:
        pool = class_to_idx[int(c)]
        pick = rng.choice(pool, size=K, replace=len(pool) < K)
        idxs.extend(pick.tolist())
    idxs = np.array(idxs)
    return {'x': jnp.asarray(X[idxs]), 'y': jnp.asarray(Y[idxs])}


# ============================================================================
# 5. TRAIN STEP
# ============================================================================

@nnx.jit
def train_step(model, optimizer, batch, margin: float = 0.2):
    """One gradient step of triplet-loss metric learning."""
    def loss_fn(model):
        z = model.embed(batch['x'])                       # (B, embed_dim), unit norm
        loss, frac_active = batch_hard_triplet_loss(z, batch['y'], margin)
        return loss, frac_active

    (loss, frac_active), grads = nnx.value_and_grad(loss_fn, has_aux=True)(model)
    optimizer.update(model, grads)
    return loss, frac_active


# ============================================================================
# 6. VISUALIZATION (2D PCA of embeddings, before vs after training)
