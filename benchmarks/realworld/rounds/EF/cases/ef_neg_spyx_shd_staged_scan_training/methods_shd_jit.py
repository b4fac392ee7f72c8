# Source: https://github.com/kmheckel/spyx/blob/fcb5d91d8b153f3bfd0844511c3cf19d5612ac85/research/new/hybrid_evo_surrogate/methods_shd_jit.py
# Title: spyx research/new/hybrid_evo_surrogate/methods_shd_jit.py
# Cut: kept load_shd (host staging), loss, make_train for the surrogate kind and evaluate; dropped ES branches, hyper-network space and main()
import jax
import jax.numpy as jnp
import optax

import spyx.data as data
import spyx.fn as fn

CHANNELS = 128
SAMPLE_T = 64
BATCH = 128
N_TRAIN_BATCHES = 12
N_TEST_BATCHES = 8
EPOCHS = 15
LR = 3e-3

ce = fn.integral_crossentropy(smoothing=0.2)
acc_fn = fn.integral_accuracy()


def _unpack(o):
    return jnp.unpackbits(jnp.asarray(o), axis=1)[:, :SAMPLE_T, :].astype(jnp.float32)


def load_shd():
    dl = data.SHD_loader(batch_size=BATCH, sample_T=SAMPLE_T, channels=CHANNELS, worker_count=0)
    tr_o, tr_l = dl.prestage("train")
    te_o, te_l = dl.prestage("test")
    ntr, nte = min(N_TRAIN_BATCHES, tr_o.shape[0]), min(N_TEST_BATCHES, te_o.shape[0])
    bx = jnp.stack([_unpack(tr_o[i]) for i in range(ntr)])  # [nb, B, T, C]
    by = jnp.stack([jnp.asarray(tr_l[i]) for i in range(ntr)])
    tx = jnp.stack([_unpack(te_o[i]) for i in range(nte)])
    ty = jnp.stack([jnp.asarray(te_l[i]) for i in range(nte)])
    return (bx, by), (tx, ty)


def make_train(loss_flat):
    tx = optax.adam(LR)

    def grad_flat(theta, x, y, key):
        tlf = lambda t: loss_flat(t, x, y)  # noqa: E731
        return jax.grad(tlf)(theta)

    def step(carry, batch):
        theta, opt_state, key = carry
        x, y = batch
        key, sub = jax.random.split(key)
        g = grad_flat(theta, x, y, sub)
        updates, opt_state = tx.update(g, opt_state, theta)
        return (optax.apply_updates(theta, updates), opt_state, key), None

    @jax.jit
    def train_all(theta, key, bx, by):
        opt_state = tx.init(theta)

        def epoch(carry, _):
            carry, _ = jax.lax.scan(step, carry, (bx, by))
            return carry, None

        (theta, _os, _k), _ = jax.lax.scan(epoch, (theta, opt_state, key), None, length=EPOCHS)
        return theta

    return train_all


def evaluate(model, test):
    tx, ty = test
    accs = jax.vmap(lambda x, y: acc_fn(model(x), y)[0])(tx, ty)
    return float(jnp.mean(accs))
