# Source: https://github.com/andylolu2/idiots/blob/6fb6b0a0685c19db1cdf6ace1c90ca80185b2d3b/idiots/experiments/compute_results/compute_results.py
# Title: idiots/experiments/compute_results/compute_results.py
# Cut: kernel construction (nt.batch), DOTS, the SVM kernel and the per-checkpoint driver loop kept;
#      the GP, kernel-alignment and logging code cut; the driver's experiment loop and checkpoint
#      restore replaced by function arguments, the metrics dict shortened.
import jax
import jax.numpy as jnp
import neural_tangents as nt
import numpy as np
from einops import rearrange
from sklearn.svm import SVC
from tqdm.auto import trange


def eval_checkpoint(apply_fn, params, config, train_loader, test_loader):
    """Compute training/test accuracy/loss for each timestep"""

    @jax.jit
    def eval_step(batch) -> dict:
        y_pred = apply_fn(params, batch["x"])
        losses = loss_fn(y_pred, batch["y"], variant=config.loss_variant)
        acc = jnp.argmax(y_pred, axis=-1) == batch["y"]
        return {"eval_loss": losses, "eval_accuracy": acc}

    def eval_loss_acc(loader):
        for batch in loader:
            logs = eval_step(batch)
            metrics.log(**logs)
        [losses, accuracies] = metrics.collect("eval_loss", "eval_accuracy")
        loss = jnp.concatenate(losses).mean().item()
        acc = jnp.concatenate(accuracies).mean().item()
        return loss, acc

    train_loss, train_acc = eval_loss_acc(train_loader)
    test_loss, test_acc = eval_loss_acc(test_loader)

    return train_loss, train_acc, test_loss, test_acc


def compute_kernel_trace_axes_fn(transformer_state_apply_fn, batch_size):
    # Return a batched kernel function where trace_axes=() [for calculating DOTS]
    kernel_fn_trace_axes = nt.empirical_ntk_fn(
        transformer_state_apply_fn,
        vmap_axes=0,
        trace_axes=(),
        implementation=nt.NtkImplementation.STRUCTURED_DERIVATIVES,
    )
    return nt.batch(kernel_fn_trace_axes, batch_size=batch_size)


def compute_kernel_fn(transformer_state_apply_fn, batch_size):
    # Return a batched kernel function where trace_axes is not defined [for computing everything other than DOTS]
    kernel_fn = nt.empirical_ntk_fn(
        transformer_state_apply_fn,
        vmap_axes=0,
        implementation=nt.NtkImplementation.STRUCTURED_DERIVATIVES,
    )
    return nt.batch(kernel_fn, batch_size=batch_size)


@jax.jit
def compute_dots(kernel_trace_axes):
    """Compute DOTS on the kernel_trace_axes matrix"""
    ntk_flat = rearrange(kernel_trace_axes, "b1 b2 d1 d2 -> (b1 d1) (b2 d2)")
    S = jnp.linalg.svd(ntk_flat, full_matrices=False, compute_uv=False)
    m, n = ntk_flat.shape

    tol_1 = S.max(-1) * np.max([m, n]).astype(S.dtype) * jnp.finfo(S.dtype).eps
    tol_2 = 0.5 * S.max(-1) * jnp.finfo(S.dtype).eps * jnp.sqrt(m + n + 1)
    dots_1 = jnp.sum(S > tol_1)
    dots_2 = jnp.sum(S > tol_2)

    s_dist = S / jnp.sum(S)
    dots_3 = jnp.exp(-jnp.sum(s_dist * jnp.log(s_dist)))

    return dots_1, dots_2, dots_3, S


def compute_svm_accuracy(
    custom_kernel_fn,
    analysis_X_train,
    analysis_Y_train,
    analysis_X_test,
    analysis_Y_test,
):
    svc = SVC(kernel=custom_kernel_fn)
    svc.fit(analysis_X_train, analysis_Y_train)

    train_accuracy = svc.score(analysis_X_train, analysis_Y_train)
    test_accuracy = svc.score(analysis_X_test, analysis_Y_test)
    return train_accuracy, test_accuracy


def compute_results(config, apply_fn, get_params, train_loader, test_loader, ds_test, kernel_samples,
                    analysis_X_train, analysis_Y_train, analysis_X_test, analysis_Y_test,
                    total_steps, step_distance, kernel_batch_size):
    kernel_fn = compute_kernel_fn(apply_fn, kernel_batch_size)
    kernel_trace_axes_fn = compute_kernel_trace_axes_fn(apply_fn, kernel_batch_size)

    all_metrics = []
    for step in trange(0, total_steps + 1, step_distance):
        params = get_params(step)
        train_loss, train_acc, test_loss, test_acc = eval_checkpoint(
            apply_fn, params, config, train_loader, test_loader
        )
        svm_train_acc, svm_test_acc = compute_svm_accuracy(
            lambda x1, x2: kernel_fn(x1, x2, params),
            analysis_X_train,
            analysis_Y_train,
            analysis_X_test,
            analysis_Y_test,
        )

        kernel_X = ds_test["x"][:kernel_samples]
        kernel_Y = ds_test["y"][:kernel_samples]
        kernel = kernel_trace_axes_fn(kernel_X, None, params)
        dots_1, dots_2, dots_3, S = compute_dots(kernel)

        all_metrics.append(
            {
                "step": step,
                "test_acc": test_acc,
                "svm_accuracy": svm_test_acc,
                "dots": dots_1.item(),
                "eigenvalues": S.tolist(),
            }
        )
    return all_metrics
