# Source: https://github.com/jax-ml/jax/issues/4448
# Title: Omnistaging breaks LSTM Model
# Cut: reproduced from the issue description; the timing prints kept; nothing else in the thread is code
#      that runs (the workaround named later in the thread and in dm-haiku#77 is hk.dynamic_unroll).
import time

import numpy as np
import haiku as hk
import jax
import jax.numpy as jnp
from jax import grad, jit, random, vmap

vocab_size = 1000
seq_length = 80
batch_size = 8

def neural_net(x):
    embed_init = hk.initializers.TruncatedNormal(stddev=0.02)
    o2 = hk.Embed(vocab_size + 4, 100, w_init=embed_init)(x)
    o2 = jnp.reshape(o2, (o2.shape[1], o2.shape[0], o2.shape[2]))

    core = hk.LSTM(100)
    outs, state = hk.static_unroll(core, o2, core.initial_state(x.shape[0]))
    outs = outs.reshape(outs.shape[1], outs.shape[0], outs.shape[2])

    red_dim_outs = hk.avg_pool(outs, seq_length, seq_length, "SAME").squeeze()
    return hk.Linear(2)(red_dim_outs)

def loss(params, inputs, targets):
    logits = model.apply(params, None, inputs)
    one_hot = jax.nn.one_hot(targets, logits.shape[-1])
    return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * one_hot, axis=-1))

x = np.random.randint(0, vocab_size, size=(batch_size, seq_length))
y = np.random.random((batch_size,)).round()

model = hk.transform(neural_net)
rng = jax.random.PRNGKey(42)
params = model.init(rng, np.random.randint(1, size=x.shape))

start_time = time.time()
jit(grad(loss))(params, x, y)
end_time = time.time()
print(end_time - start_time)
