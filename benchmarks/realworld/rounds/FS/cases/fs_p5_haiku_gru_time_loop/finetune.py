# Source: https://github.com/Jeevesh8/AutoRegressive-MLM/blob/face756040b515e8acb65f42b2b15df96497a595/finetune.py
# Title: AutoRegressive-MLM: finetune.py (fine-tuning driver)
# Cut: kept the hk.transform of the model functions, the jitted pure functions and the value_and_grad update; dropped tokenizer loading, parameter init/merging (params comes from there), evaluation and the hyper-parameter sweep
import jax
import jax.numpy as jnp
import haiku as hk
import optax
from functools import partial

from src.model.transformer import TransformerFeaturizer, FineTuningExtendedEncoder
from src.optimizers.adam import get_adam_opt
from config import config
from loss_eval_utils import ft_loss

def featurizer(token_ids, training, config):
    features = TransformerFeaturizer(config)(token_ids, training=training)
    return features

def logits_fn(comment_embds, comment_mask, masked_token_ids, training, config):
    logits = FineTuningExtendedEncoder(config)(comment_embds, comment_mask, 
                                     masked_token_ids, training=training)
    return logits

key, subkey = jax.random.split( jax.random.PRNGKey(42) )

""" ### Purifying the impure functions"""

pure_logits_fn = hk.transform(logits_fn)
pure_featurizer_fn = hk.transform(featurizer)

def pure_featurizer(training, config, params, key, token_ids):
    key, subkey = jax.random.split(key)
    comment_embds = pure_featurizer_fn.apply(params, subkey, comment_ids, True, config)
    return comment_embds

def pure_logits(training, config, params, key, comment_embds, comment_mask, masked_token_ids):
    key, subkey = jax.random.split(key)
    logits = pure_logits_fn.apply(params, subkey, comment_embds, comment_mask, masked_token_ids, training=training, config=config)
    return logits

def get_featurizer(training, config):
    return jax.jit(partial(pure_featurizer, training, config))

def get_logits_fn(training, config):
    return jax.jit(partial(pure_logits, training, config))

featurizer_f = get_featurizer(True, config)
logits_f = get_logits_fn(True, config)

loss = partial(ft_loss, featurizer_f, logits_f, mode='loss')

"""## Optimizer"""

opt = get_adam_opt(config)
opt_state = opt.init(params)

def update(opt_state, params, key, thread, config):
    turn = 0
    (batch_loss, remaining_comments), grad = jax.value_and_grad(loss, has_aux=True)(params, key, thread, config, turn)
    turn += 1

    while remaining_comments:
        print("Big tree, turn: ", turn)
        tup, grads = jax.value_and_grad(loss, has_aux=True)(params, key, thread, config, turn)
        turn += 1
        batch_loss += tup[0]
        grad = jax.tree_util.tree_multimap(lambda x,y: x+y, grad, grads) 
        remaining_comments = tup[1]
    
    updates, opt_state = opt.update(grad, opt_state)
    new_params = optax.apply_updates(params, updates)
