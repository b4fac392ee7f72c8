# Source: https://github.com/neverix/micrlhf-progress/blob/6c42eb4ec00ec38a03b8cba1ed3328c0be0f2796/sprint/cold.ipynb
# Title: sprint/cold.ipynb (COLD-style Langevin decoding against a refusal direction, Phi-3)
# Cut: notebook cells 3, 5-7 converted to a module; model/tokenizer loading (cell 2) and the
#      refusal-vector download (cell 4) cut; `llama`, `tokenizer`, `refusal_layer`, `refusal_vector`
#      come from those cells.
from collections import OrderedDict

import jax
import jax.numpy as jnp
from jax_tqdm import scan_tqdm
from penzai import pz
from tqdm.auto import trange

from micrlhf.llama import LlamaBlock

embeds = llama.select().at_instances_of(pz.nn.EmbeddingLookup).get_sequence()[0].table.embeddings.value.unwrap("vocabulary", "embedding")
llama_without_embeds = llama.select().at_instances_of(pz.nn.EmbeddingLookup).apply(lambda x: pz.nn.Identity())
get_resids = llama_without_embeds.select().at_instances_of(LlamaBlock).apply_with_selected_index(lambda i, x:
    pz.nn.Sequential([
        pz.de.TellIntermediate.from_config(tag=f"resid_pre_{i}"),
        x
    ])
)
get_resids = pz.de.CollectingSideOutputs.handling(get_resids, tag_predicate=lambda x: x.startswith("resid_pre"))
llama_without_embeds = get_resids

n_steps = 2_000
n_vocab, embed_size = embeds.shape
seq_len = 16
start_phrase = "<s><|user|>"
fixed_ids = tokenizer.encode(start_phrase)
fixed_tokens = len(fixed_ids)
count_loss_from = max(0, fixed_tokens - 1)

def compute_loss(logits):
    in_probs = jax.nn.softmax(logits, -1)
    in_resid = in_probs @ embeds
    named_array = pz.nx.NamedArray(OrderedDict({"batch": 1, "seq": seq_len, "embedding": embed_size}), in_resid[None, ...])
    logits, residuals = llama_without_embeds(llama.inputs.from_basic_segments(named_array))
    logits = logits.unwrap("batch", "seq", "vocabulary")[0]
    out_logprobs = jax.nn.log_softmax(logits, -1)
    loss = (in_probs[1:] * out_logprobs[:-1])[count_loss_from:].sum(-1).mean()
    return loss - 10 * (residuals[refusal_layer].value[{"seq": -1}].unwrap("batch", "embedding") @ refusal_vector).mean()

def set_token(logits, index, token_id):
    return logits.at[index, token_id].set(0).at[index, token_id+1:].set(-1e9).at[index, :token_id].set(-1e9)

@scan_tqdm(n_steps)
def update_logits(params, hparams):
    logits, key = params
    for i, token_id in enumerate(fixed_ids):
        logits = set_token(logits, i, token_id)
    sigma, nu = hparams
    grad = jax.grad(compute_loss)(logits)
    key, subkey = jax.random.split(key)
    noise = jax.random.normal(subkey, logits.shape)
    logits = logits - nu * grad + sigma * noise
    return (logits, key), None


logits = jax.random.normal(jax.random.key(0), (seq_len, n_vocab)) * 0.1
# Throughout the experiments, we set the number of Langevin dynamics steps to N = 2000, with a step size η = 0.1
nus = jnp.full(n_steps, 0.1)
# In our experiments, we typically used the schedule which sets/reduces σ to {1, 0.5, 0.1, 0.05, 0.01} at iterations {0, 50, 500, 1000, 1500}
sigmas = jnp.full(n_steps, 1.).at[50:].set(0.5).at[500:].set(0.1).at[1000:].set(0.05).at[1500:].set(0.01)

new_logits = jax.lax.scan(update_logits, (logits, jax.random.key(0)), (sigmas, nus))[0][0]
tokenizer.decode(new_logits.argmax(-1))

from penzai.toolshed.jit_wrapper import Jitted
ljit = Jitted(llama)
tokens = new_logits.argmax(-1)
k = 5
for i in trange(count_loss_from, seq_len - 1):
    key = jax.random.key(i)
    named_array = pz.nx.NamedArray(OrderedDict({"batch": 1, "seq": seq_len}), tokens[None, ...])
    logits_predicted = ljit(llama.inputs.from_basic_segments(named_array)).unwrap("batch", "seq", "vocabulary")[0][i]
    _, possible_tokens = jax.lax.top_k(new_logits[i], k)
    choice = possible_tokens[jax.random.categorical(key, jax.nn.softmax(logits_predicted[possible_tokens]))]
    tokens = tokens.at[i + 1].set(choice)
tokenizer.decode(tokens)
