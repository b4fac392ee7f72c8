# Source: https://github.com/Jeevesh8/relational-pt/blob/741100d1ad61aef8b6157c4194b8859327b5daa8/train_script.py
# Title: relational-pt: train_script.py (BigBird + CRF training step)
# Cut: kept the relation-prediction loss (tree_crf.disc_loss) and predict_relations (tree_crf.mst), the hk.transform, the value_and_grad inside train_step and the pmap; dropped component prediction, evaluation, data loading and logging; max_comps from src/globals.py
from functools import partial
import jax
import haiku as hk
import jax.numpy as jnp
from src.models import crf_layer, tree_crf, relational_model

stable_config = {
    "max_len": 4096,
    "max_users": 128,
    "max_comps": 128,                            #Max. in dataset=103
    "embed_dim": 768,
}

def relation_prediction_loss(embds, choice_mask, label_relations, max_comps,
                             embed_dim):
    model1 = relational_model(n_rels=1,
                              max_comps=max_comps,
                              embed_dim=embed_dim)
    log_energies = model1(embds, choice_mask)
    return tree_crf().disc_loss(log_energies, label_relations)

relation_prediction_loss = partial(relation_prediction_loss,
                                   max_comps=stable_config["max_comps"],
                                   embed_dim=stable_config["embed_dim"])

def predict_relations(embds, choice_mask, max_comps, embed_dim):
    model1 = relational_model(n_rels=1,
                              max_comps=max_comps,
                              embed_dim=embed_dim)
    log_energies = model1(embds, choice_mask)
    return tree_crf().mst(log_energies)[1]

predict_relations = partial(predict_relations,
                            max_comps=stable_config["max_comps"],
                            embed_dim=stable_config["embed_dim"])

def train_step(state, batch, key):

    attention_mask = batch.input_ids != state.config["pad_for"]['input_ids']
    lengths = jnp.sum(attention_mask, axis=-1)
    new_state = state  # (component-prediction update dropped in this cut)

    def relation_prediction_loss(params, key):
        key, subkey = jax.random.split(key)
        embds = state.apply_fn(
            batch.input_ids,
            attention_mask,
            batch.post_tags,
            params=params["embds_params"],
            dropout_rng=subkey,
            train=True,
        )['last_hidden_state']
        return state.relation_prediction_loss(
            params["relation_predictor"],
            key,
            embds,
            batch.post_tags == state.config["post_tags"]["B"],
            batch.relations,
        )

    grad_fn = jax.value_and_grad(relation_prediction_loss)
    key, subkey = jax.random.split(key)
    _relation_prediction_loss, grad = grad_fn(new_state.params, subkey)
    grad = jax.lax.pmean(grad, axis_name="device_axis")
    new_new_state = new_state.apply_gradients(grads=grad)
    return new_new_state, _relation_prediction_loss, key  # original returns both losses

# ---- in main ----
pure_rpl = hk.transform(relation_prediction_loss)
pure_pr = hk.transform(predict_relations)
parallel_train_step = jax.pmap(train_step, axis_name="device_axis")
