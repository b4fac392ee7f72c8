# Source: https://github.com/Sureshmohan19/ai_research_path/blob/d249229732834186e2d37ac0bc2d5b92cd890759/src/rnn.py
# Title: src/rnn.py -- Recurrent Neural Network Implementation
# Cut: kept data prep, forward_pass, loss_fn, the hand-written backward_pass (BPTT) and update; dropped the
#      author's long explanatory comment lines, wandb logging in train_rnn, generate and __main__.
import jax
import jax.numpy as jnp

raw_text = 'hello world'
hidden_size = 8
num_of_layers = 1
EPOCHS = 20
learning_rate = 0.01

def training_data(sequence):
    text = sequence # hello world
    char = sorted(list(set(text))) # [' ', 'd', 'e', 'h', 'l', 'o', 'r', 'w']
    vocab_size = len(char) # 8
    char_to_idx = {ch:i for i, ch in enumerate(char)} 
    idx_to_char = {i:ch for i, ch in enumerate(char)}
    
    data = []
    for i in range(len(text)-1):
        input_ch = text[:i+1]
        target_ch = text[i+1]
        input_idx = [char_to_idx[ch] for ch in input_ch]
        target_idx = char_to_idx[target_ch]
        data.append((input_idx, target_idx))
    return data, vocab_size, char_to_idx, idx_to_char

def init_wb(vocab_size, hidden_size=hidden_size, num_of_layers=num_of_layers, seed=42):
    key = jax.random.PRNGKey(seed=seed) # [0 42]
    keys = jax.random.split(key, num_of_layers * 2 + 1) # 3 split
    params = {"layers": [], "W_hy": None, "B_y": None}
    k = 0
    for layer in range(num_of_layers):
        if layer==0: input_dim = vocab_size # 8
        else: input_dim = hidden_size

        scale_xh = jnp.sqrt(2.0 / (hidden_size + input_dim)) # 0.35355338
        scale_hh = jnp.sqrt(2.0 / (hidden_size + hidden_size)) # 0.35355338

        layer_params = {
            "W_xh": jax.random.normal(keys[k], (hidden_size, input_dim)) * scale_xh,
            "W_hh": jax.random.normal(keys[k+1], (hidden_size, hidden_size)) * scale_hh,
            "B_h": jnp.zeros(hidden_size),
            }
        params["layers"].append(layer_params)
        k += 2
    
    scale_hy = jnp.sqrt(2.0 / (vocab_size + hidden_size)) # 0.35355338
    params["W_hy"] = jax.random.normal(keys[-1], (vocab_size, hidden_size)) * scale_hy
    params["B_y"] = jnp.zeros(vocab_size)
    params["vocab_size"] = vocab_size 
    return params

def one_hot_encode(index, vocab_size):
    vec = jnp.zeros(vocab_size)
    vec = vec.at[index].set(1.0)
    return vec

def forward_pass(params, input_idx):
    num_layers = len(params["layers"]) # 1
    hidden_size = params["layers"][0]["W_hh"].shape[0] # 8
    vocab_size = params["vocab_size"] # 8
    
    h = [jnp.zeros(hidden_size) for _ in range(num_layers)]
    hidden_states = []
    
    for idx in input_idx:
        x = one_hot_encode(idx, vocab_size)
        for layer_idx in range(num_layers): # range(1) -> (0, 1) -> 0
            W_xh = params["layers"][layer_idx]["W_xh"]
            W_hh = params["layers"][layer_idx]["W_hh"]
            B_h = params["layers"][layer_idx]["B_h"]
            h_in = x if layer_idx == 0 else h[layer_idx - 1]
            h_raw = jnp.dot(W_xh, h_in) + jnp.dot(W_hh, h[layer_idx]) + B_h
            h[layer_idx] = jnp.tanh(h_raw)
        hidden_states.append(h.copy())
    
    top_h = h[-1]
   
    return top_h, hidden_states
        
def softmax(logits):
    exp_logits = jnp.exp(logits - jnp.max(logits))
    return exp_logits / jnp.sum(exp_logits)

def loss_fn(params, h_final, target_idx):
    W_hy = params["W_hy"]
    B_y = params["B_y"]

    logits = jnp.dot(W_hy, h_final) + B_y
    
    probs = softmax(logits)
    
    loss = -jnp.log(probs[target_idx] + 1e-8)
    return loss, probs

def backward_pass(params, input_idx, target_idx, probs, hidden_states):
    num_layers = len(params["layers"]) # 1
    hidden_size = params["layers"][0]["W_hh"].shape[0] # 8
    vocab_size = params["vocab_size"] # 8

    layer_grads = []

    for l in range(num_layers):
        layer_grads.append({
            "dW_xh": jnp.zeros_like(params["layers"][l]["W_xh"]),
            "dW_hh": jnp.zeros_like(params["layers"][l]["W_hh"]),
            "dB_h": jnp.zeros_like(params["layers"][l]["B_h"]),
            })
    dW_hy = jnp.zeros_like(params["W_hy"])
    dB_y = jnp.zeros_like(params["B_y"])
   
    d_logits = probs.copy()
    d_logits = d_logits.at[target_idx].add(-1.0)
    h_final = hidden_states[-1][-1]
   
    dW_hy = jnp.outer(d_logits, h_final)
    
    dB_y = d_logits
    
    grads = {"layers": [], "W_hy": dW_hy, "B_y": dB_y}
    
    dh_next = jnp.dot(params["W_hy"], d_logits)

    for t in range(len(input_idx)-1, -1, -1):
        for l in reversed(range(num_layers)):
            h_current = hidden_states[t][l]
            h_prev = hidden_states[t-1][l] if t>0 else jnp.zeros(hidden_size)

            dh_raw = dh_next * (1 - h_current**2)

            layer_grads[l]["dB_h"] += dh_raw
            
            layer_grads[l]["dW_hh"] += jnp.outer(dh_raw, h_prev)

            x = one_hot_encode(input_idx[t], vocab_size) if l==0 else hidden_states[t][l-1]

            layer_grads[l]["dW_xh"] += jnp.outer(dh_raw, x)

            dh_next = jnp.dot(params["layers"][l]["W_hh"], dh_raw)

    for l in range(num_layers):
        grads["layers"].append({
            "dW_xh": layer_grads[l]["dW_xh"],
            "dW_hh": layer_grads[l]["dW_hh"],
            "dB_h": layer_grads[l]["dB_h"],
    })

    return grads

def update(params, grads, lr=0.1):

    for l in range(len(params["layers"])):
        params["layers"][l]["W_xh"] -= lr * grads["layers"][l]["dW_xh"]
        params["layers"][l]["W_hh"] -= lr * grads["layers"][l]["dW_hh"]
        params["layers"][l]["B_h"] -= lr * grads["layers"][l]["dB_h"]
    params["W_hy"] -= lr * grads["W_hy"]
    params["B_y"] -= lr * grads["B_y"]
    
    return params

