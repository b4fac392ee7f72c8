# Source: https://github.com/IntelligentSensingAndRehabilitation/MultiCameraTracking/blob/b88115eca4cc4833ac35189b0df832721d36e245/multi_camera/analysis/optimize_reconstruction.py
# Title: multi_camera/analysis/optimize_reconstruction.py (optimize_trajectory)
# Cut: explicit-model branch, learning-rate schedule, robust camera weights and the return
#      variants removed; reprojection_loss imported; the jitted step and host loop kept.
import jax
import jax.numpy as jnp
import optax

from model import build_implicit, smoothness_loss, skeleton_loss
from losses import reprojection_loss


def optimize_trajectory(keypoints2d, camera_params, skeleton=None, seed=0, skeleton_weight=0.0,
                        delta_weight=0.0, max_iters=2000, confidence_threshold=0.5, huber_max=10,
                        tolerance=1e-7, learning_rate=1e-4):
    model = build_implicit(keypoints2d)

    x = jnp.arange(keypoints2d.shape[1])[:, None]

    variables = model.init(jax.random.PRNGKey(seed), x)

    @jax.jit
    def loss_fn(variables, delta_weight=delta_weight, skeleton_weight=skeleton_weight):
        pred = model.apply(variables, x)
        l_repro = reprojection_loss(
            camera_params, keypoints2d, pred, huber_max=huber_max, threshold=confidence_threshold
        )
        l_delta = smoothness_loss(pred)
        if skeleton is None:
            l_skeleton = 0.0
        else:
            l_skeleton = skeleton_loss(pred, skeleton)
        return l_repro + l_delta * delta_weight + l_skeleton * skeleton_weight

    tx = optax.chain(optax.adam(learning_rate=learning_rate), optax.zero_nans(), optax.clip_by_global_norm(1.0))
    opt_state = tx.init(variables)
    loss_grad_fn = jax.value_and_grad(loss_fn)

    @jax.jit
    def training_step(variables, opt_state, **kwargs):
        loss_val, grads = loss_grad_fn(variables, **kwargs)
        updates, opt_state = tx.update(grads, opt_state)
        variables = optax.apply_updates(variables, updates)
        return variables, opt_state, loss_val

    last_loss = []
    for i in range(max_iters):
        # we have to ignore the additional regularizers for the some iterations to make sure
        # it doesn't get stuck in a local minimum
        variables, opt_state, loss_val = training_step(
            variables,
            opt_state,
            delta_weight=delta_weight if i > 5000 else 0,
            skeleton_weight=skeleton_weight if i > 5000 else 0,
        )

        if i > 40000 and (jnp.abs(last_loss[i - 150] - loss_val) / loss_val) < tolerance:
            print("Converged after {} steps".format(i))
            break
        last_loss.append(loss_val)

    pred = model.apply(variables, x)
    return pred
