# Source: https://github.com/Jeevesh8/AutoRegressive-MLM/blob/4dfbb6fb58771bd1995255bbcf52db2aa546490d/src/model/transformers.py
# Title: AutoRegressive-MLM: FineTuningExtendedEncoder (src/model/transformers.py) with src/model/purified_jitted_fns.py
# Cut: kept the CRF branch of FineTuningExtendedEncoder (constructor and predict, docstrings dropped) and appended purified_jitted_fns.py (https://github.com/Jeevesh8/AutoRegressive-MLM/blob/4dfbb6fb58771bd1995255bbcf52db2aa546490d/src/model/purified_jitted_fns.py), which hk.transform-s and jax.jit-s the predict function; dropped the other final layers and the loss __call__; appended the two finetune.py lines that build and jit the predict function
import jax
import jax.numpy as jnp
import haiku as hk
from functools import partial
from src.model.misc import crf_layer
from src.model.transformers import BaseExtendedEncoder

class FineTuningExtendedEncoder(BaseExtendedEncoder):
    def __init__(self, config, name=None):
        super().__init__(config, name=name)
        
        self.config = config
        if config['last_layer']=='crf':  # 'elif' branch of the original if/elif chain
            transition_init = hk.initializers.Constant(jnp.array(config['transition_init']))
         
            self.lin = hk.Linear(config['n_classes'])
            self.last_layer = crf_layer(n_classes=config['n_classes'],
                                       transition_init=transition_init,
                                       scale_factors=config['scale_factors'],
                                       init_alphas=config['init_alphas'])

    def predict(self, comment_embds, comments_mask, token_ids, training=False):
        embds = super().__call__(comment_embds, comments_mask, token_ids, training=training)
        
        if training:
            embds = hk.dropout(rng=hk.next_rng_key(),
                               rate=self.config['classifier_drop_rate'],
                               x=embds)
        
        if self.config['last_layer']=='crf':
            embds = self.lin(embds)
            lengths = jnp.sum((token_ids!=self.config['pad_id']), axis=-1)
            return self.last_layer.batch_viterbi_decode(embds, lengths)[0]        
        
        else:
            return jnp.argmax(self.last_layer(embds), axis=-1)

# ---- src/model/purified_jitted_fns.py ----

def get_fn_to_transform(module, training=True):

    def fn_to_transform(config, *args, **kwargs):
        return module(config)(*args, **kwargs)
    def pred_fn_to_transform(config, *args, **kwargs):
        return module(config).predict(*args, **kwargs)
    if not training:
        return pred_fn_to_transform    
    return fn_to_transform

def get_jittable_fn(transformed_fn):
    
    def pure_featurizer(training, config, params, key, *args):
        key, subkey = jax.random.split(key)
        comment_embds = transformed_fn.apply(params, subkey, config,  *args, training=training)
        return comment_embds
    
    return pure_featurizer

def get_jitted_fn(pure_fn, training, config):
    return jax.jit(partial(pure_fn, training, config))

def get_pure_jitted_fn(transformed_fn, training, config):
    return get_jitted_fn(get_jittable_fn(transformed_fn), training, config)

# ---- finetune.py (same commit), how the predict function is built and jitted ----
pure_pred_fn = hk.transform( get_fn_to_transform(FineTuningExtendedEncoder, training=False) )
eval_pred_f = get_pure_jitted_fn(pure_pred_fn, False, config)
