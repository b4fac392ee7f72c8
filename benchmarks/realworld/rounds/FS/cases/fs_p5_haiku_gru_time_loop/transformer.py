# Source: https://github.com/Jeevesh8/AutoRegressive-MLM/blob/face756040b515e8acb65f42b2b15df96497a595/src/model/transformer.py
# Title: AutoRegressive-MLM: src/model/transformer.py (haiku modules for argument-mining fine-tuning)
# Cut: kept imports, BaseExtendedEncoder, GRU and FineTuningExtendedEncoder verbatim; dropped attention/MLP/featurizer classes and the Scope import; TransformerDecoderBlock is defined in the same file in the original (import line added)
import haiku as hk
import jax.numpy as jnp
import numpy as np
import jax
from src.model.embeddings import Embedding
import gin
from src.model.transformer_blocks import TransformerDecoderBlock  # same file in the original

@gin.configurable
class BaseExtendedEncoder(hk.Module):

    def __init__(self, config, name=None):
        super().__init__(name=name)
        self.config = config
        self.embed_layer = Embedding(self.config)

    def get_mask(self, token_ids):
        return (jnp.bitwise_or(token_ids==self.config['pad_id'], 
                               token_ids==self.config['mask_id'])).astype(jnp.float32)
    
    def __call__(self, comment_embds, comments_mask, masked_token_ids, training=False):
        
        y = self.embed_layer(masked_token_ids, lang_ids=None, training=training)

        tgt_mask = self.get_mask(masked_token_ids)

        for layer_num in range(self.config['n_layers']):
            y = TransformerDecoderBlock(self.config, layer_num)(y, tgt_mask, 
                                                                  comments_mask, comment_embds,
                                                                  training=training)
        
        return y

class GRU(hk.Module):
    def __init__(self, hidden_size):
        super().__init__()
        self.gru = hk.GRU(hidden_size)
        self.init_state = jnp.zeros(hidden_size)

    def __call__(self, x):
        state = jnp.stack([self.init_state]*x.shape[0])
        outputs = []
        for i in range(x.shape[1]):
            output, state = self.gru(x[:,i,:], state)
            outputs.append(output)
        return jnp.stack(outputs, axis=1)

@gin.configurable
class FineTuningExtendedEncoder(BaseExtendedEncoder):
    """
    For finetuning, base extended encoder with additional 
    classification modules like hk.Linear or GRU.
    """
    def __init__(self, config, name=None):
        super().__init__(config, name=name)
        
        if config['last_layer']=='GRU':
            self.last_layer = GRU(config['n_classes'])
        elif config['last_layer']=='Linear':
            self.last_layer = hk.Linear(output_size=config['n_classes'])
        else:
            raise ValueError("No implementation for finetuning with last layer as : ", config['last_layer'])
    
    def __call__(self, comment_embds, comments_mask, masked_token_ids, training=False):
        y = super().__call__(comment_embds, comments_mask, masked_token_ids, training=training)
        
        if training:
            new_embds = hk.dropout(rng=hk.next_rng_key(),
                                   rate=self.config['classifier_drop_rate'],
                                   x=y)
        
        return self.last_layer(new_embds)
