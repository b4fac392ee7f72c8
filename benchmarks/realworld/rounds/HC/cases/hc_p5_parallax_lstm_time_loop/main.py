# Source: https://github.com/srush/parallax/blob/e54b7b421b302d2f9effd7bbc0bae5b60aee2b2b/main.py
# Title: parallax main.py (LSTM tests)
# Cut: kept the jitted, differentiated LSTM loss and the two tests that train it; dropped the
#      pytree/feedforward tests. MultiLayerLSTM comes from layers.py (same commit).
import jax

from layers import MultiLayerLSTM


@jax.jit
def continuous_lstm_model(lstm, all_data):
    hcs = lstm.hc_0s
    losses = jax.numpy.zeros(all_data.shape[-1])
    all_data = jax.numpy.split(all_data, all_data.shape[-2], axis=-2)
    for in_data, out_data in zip(all_data[:-1], all_data[1:]):
        hcs = lstm(jax.numpy.squeeze(in_data, axis=-2), hcs)
        losses += jax.numpy.sum((hcs[-1][0] - out_data) ** 2, axis=-1)
    return jax.numpy.sum(losses, axis=-1)


def test_lstm_single_example():
    lstm = MultiLayerLSTM(n_layers=3, n_hidden=7).initialized(jax.random.PRNGKey(0))

    # 5x7 matrix of rank 2
    data = jax.random.normal(jax.random.PRNGKey(0), (5, 2)) @ jax.random.normal(jax.random.PRNGKey(0), (2, 7))

    initial_loss = None
    for i, data_rng in enumerate(range(101)):
        if i % 10 == 0:
            loss = continuous_lstm_model(lstm, data)
            if initial_loss is None:
                initial_loss = loss
            print(loss)
        grad = jax.grad(continuous_lstm_model)(lstm, data)
        lstm = jax.tree_util.tree_multimap(lambda p, g: p - 0.005 * g, lstm, grad)
    assert loss < .5 * initial_loss


def test_lstm_vmapped():
    # let's make this one a bit more beefy, it has a harder task after all
    lstm = MultiLayerLSTM(n_layers=3, n_hidden=7).initialized(jax.random.PRNGKey(0))

    vmapped_fn = jax.vmap(continuous_lstm_model, in_axes=(None, 0))
    grad_fn = jax.jit(jax.grad(lambda l, d: jax.numpy.sum(vmapped_fn(l, d))))

    data_batch = jax.random.normal(jax.random.PRNGKey(0), (3, 5, 2)) @ jax.random.normal(jax.random.PRNGKey(0), (2, 7))

    initial_loss = None
    for i, data_rng in enumerate(range(3001)):
        if i % 300 == 0:
            loss = jax.numpy.array([
                continuous_lstm_model(lstm, data_batch[i, :, :])
                for i in range(data_batch.shape[0])
            ])
            if initial_loss is None:
                initial_loss = loss
            print(loss)
        grad = grad_fn(lstm, data_batch)
        lstm = jax.tree_util.tree_multimap(lambda p, g: p - 0.003 * g, lstm, grad)

    assert jax.numpy.all(loss < .6 * initial_loss)
