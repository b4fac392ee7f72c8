# Source: https://github.com/yongchaoz/FRePo/blob/43e028a5839a5de367701b9e9544a08ffccb3166/lib/training/utils.py
# Title: lib/training/utils.py (FRePo dataset distillation: training utilities, logit export)
# Cut: only make_chunky_prediction, pred_step and save_logit kept; train-state creation, checkpointing,
#      metrics and the other helpers removed.
import numpy as np

import jax


def make_chunky_prediction(x, predict_fn, chunk_size=1000):
    y = []
    for i in range(int(x.shape[0] / chunk_size)):
        x_chunk = x[i * chunk_size:(i + 1) * chunk_size]
        y_chunk = predict_fn(x_chunk)
        y.append(y_chunk)

    if x.shape[0] % chunk_size != 0:
        x_chunk = x[int(x.shape[0] / chunk_size) * chunk_size:]
        y_chunk = predict_fn(x_chunk)
        y.append(y_chunk)

    return np.vstack(y)



def pred_step(state, x, has_feat=False, has_bn=False, use_ema=False):
    if use_ema:
        if has_bn:
            variables = {'params': state.ema_average, 'batch_stats': state.ema_average_batch}
        else:
            variables = {'params': state.ema_average}
    else:
        if has_bn:
            variables = {'params': state.params, 'batch_stats': state.batch_stats}
        else:
            variables = {'params': state.params}

    if has_feat:
        logits, feat = state.apply_fn(variables, x, train=False, mutable=False)
    else:
        logits = state.apply_fn(variables, x, train=False, mutable=False)

    return logits


def save_logit(output_dir, state, x_train, x_test, chunk_size=500):
    @jax.jit
    def pred_fn(x): return pred_step(state, x)

    logit_train = make_chunky_prediction(x_train, pred_fn, chunk_size=chunk_size)
    logit_test = make_chunky_prediction(x_test, pred_fn, chunk_size=chunk_size)

    with open('{}/pred_logit.npz'.format(output_dir), 'wb') as f:
        np.savez(f, train=logit_train, test=logit_test)

    return logit_train, logit_test

