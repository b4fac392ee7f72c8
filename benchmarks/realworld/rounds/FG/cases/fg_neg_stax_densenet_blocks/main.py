# Source: https://github.com/rudraditya21/jax-cnn-examples/blob/93cf57f1b76b393ed9d2f6fb7099741e09387d11/main.py
# Title: main.py (minimal JAX training loop for the stax CNN zoo)
# Cut: kept model construction, the jitted loss/grad and update and the epoch/step driver; dropped argument parsing, device selection, torch resizing, printing, tables and graphs.
import time

import jax
import jax.numpy as jnp
import numpy as np

from datasets.registry import DatasetRegistry
from models.registry import ModuleRegistry


def _one_hot(labels, num_classes: int):
    return jnp.eye(num_classes, dtype=jnp.float32)[labels]


def train_model(dataset, model_name, data_dir, batch_size, num_workers, augment,
                epochs, learning_rate, max_steps, seed):
    train_loader, eval_loader, num_classes = DatasetRegistry.get(dataset)(
        data_dir=data_dir,
        batch_size=batch_size,
        shuffle=True,
        num_workers=num_workers,
        augment=augment,
    )
    init_fun, apply_fun = ModuleRegistry.get(model_name)(num_classes=num_classes)
    rng = jax.random.PRNGKey(seed)
    rng, init_rng = jax.random.split(rng)

    # Infer input shape from one batch.
    sample_x, _ = next(iter(train_loader))
    sample_np = sample_x.numpy()
    sample_np = np.transpose(sample_np, (0, 2, 3, 1))
    input_shape = sample_np.shape

    out_shape, params = init_fun(init_rng, input_shape)

    def _to_array(batch):
        imgs, labels = batch
        x = imgs.numpy()
        x = np.transpose(x, (0, 2, 3, 1))  # NCHW -> NHWC
        y = labels.numpy().astype(np.int32)
        return x, y

    @jax.jit
    def loss_and_grads(p, rng_key, x_np, y_np):
        x = jnp.asarray(x_np)
        y = jnp.asarray(y_np)
        onehot = _one_hot(y, num_classes)

        def forward(params):
            logits = apply_fun(params, x, rng=rng_key)
            log_probs = logits - jax.scipy.special.logsumexp(logits, axis=-1, keepdims=True)
            loss = -jnp.mean(jnp.sum(onehot * log_probs, axis=-1))
            preds = jnp.argmax(logits, axis=-1)
            acc = jnp.mean(preds == y)
            return loss, acc

        (loss, acc), grads = jax.value_and_grad(forward, has_aux=True)(p)
        return loss, acc, grads

    @jax.jit
    def sgd_update(p, g):
        return jax.tree_util.tree_map(lambda param, grad: param - learning_rate * grad, p, g)

    history: list[tuple[int, float, float, float]] = []
    start_time = time.perf_counter()

    for epoch in range(epochs):
        train_loss = 0.0
        train_acc = 0.0
        steps = 0
        for step, batch in enumerate(train_loader):
            if max_steps is not None and step >= max_steps:
                break
            rng, step_rng = jax.random.split(rng)
            x_np, y_np = _to_array(batch)
            loss, acc, grads = loss_and_grads(params, step_rng, x_np, y_np)
            params = sgd_update(params, grads)
            train_loss += float(loss)
            train_acc += float(acc)
            steps += 1

        train_loss /= max(1, steps)
        train_acc = (train_acc / max(1, steps)) * 100.0

        # Quick eval on a single batch for speed.
        eval_batch = next(iter(eval_loader))
        x_np, y_np = _to_array(eval_batch)
        rng, eval_rng = jax.random.split(rng)
        logits = apply_fun(params, x_np, rng=eval_rng)
        preds = jnp.argmax(logits, axis=-1)
        eval_acc = float(jnp.mean(preds == jnp.asarray(y_np)) * 100.0)
        history.append((epoch + 1, train_loss, train_acc, eval_acc))

    elapsed = time.perf_counter() - start_time
    return params, history, elapsed
