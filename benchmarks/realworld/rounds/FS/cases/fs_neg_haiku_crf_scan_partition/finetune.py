# Source: https://github.com/Jeevesh8/AutoRegressive-MLM/blob/4dfbb6fb58771bd1995255bbcf52db2aa546490d/finetune.py
# Title: AutoRegressive-MLM: finetune.py (how the CRF loss is transformed, jitted and differentiated)
# Cut: kept jit_fns, update and the hk.transform lines from main; dropped tokenizer/data loading, evaluation and logging
import jax
import haiku as hk
import optax
from functools import partial
from config import config
from src.model.transformers import TransformerFeaturizer, FineTuningExtendedEncoder
from src.model.purified_jitted_fns import get_fn_to_transform, get_pure_jitted_fn
from loss_eval_utils import ft_loss

def jit_fns(pure_featurizer_fn, pure_loss_fn, pure_pred_fn):
    
    global featurizer_f, loss_f, eval_featurizer_f, eval_pred_f, loss, accuracy 
    
    featurizer_f = get_pure_jitted_fn(pure_featurizer_fn, True, config)
    loss_f = get_pure_jitted_fn(pure_loss_fn, True, config)
    
    loss = partial(ft_loss, featurizer_f, loss_f, mode='loss')
    
    eval_featurizer_f = get_pure_jitted_fn(pure_featurizer_fn, False, config)
    eval_pred_f = get_pure_jitted_fn(pure_pred_fn, False, config)

    accuracy = partial(ft_loss, eval_featurizer_f, eval_pred_f, mode='accuracy')

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
    return new_params, opt_state, batch_loss

# ---- in main ----
pure_featurizer_fn = hk.transform( get_fn_to_transform(TransformerFeaturizer) )
pure_loss_fn = hk.transform( get_fn_to_transform(FineTuningExtendedEncoder) )
pure_pred_fn = hk.transform( get_fn_to_transform(FineTuningExtendedEncoder, training=False) )
