# Source: https://github.com/terrence-ou/Generative-Deep-Learning-2nd-Edition-PyTorch-JAX/blob/e10f255f833b3e976339bd646c3d607f1c0cac80/JAX_FLAX/chapter_05_autoregressive/01_lstm.ipynb
# Title: Generative Deep Learning (2nd ed.) in JAX/Flax, chapter 5 autoregressive: LSTM recipe generator (notebook)
# Cut: code cells 2, 4, 18, 20, 22, 23, 25 and 26 converted to a .py file; dropped the text cleaning/vectorisation cells
#      (train_ds, valid_ds and index_to_word come from them) and the probability-printing cells.
import re
import string
import json
from collections import defaultdict
import time

import numpy as np
import jax
import jax.numpy as jnp
from tensorflow.data import Dataset
from tensorflow.keras.layers import TextVectorization
from tensorflow.keras import utils

from flax import struct
from flax.training import train_state
import flax.linen as nn
import optax

from clu import metrics
DATA_DIR = '../../data/epirecipes/full_format_recipes.json'

EMBEDDING_DIM = 100
HIDDEN_DIM = 128
NUM_LSTM_LAYERS = 1
VALIDATION_SPLIT = 0.2
BATCH_SIZE = 32
EPOCHS = 30
VOCAB_SIZE = 8200
LR = 1e-3

MAX_PAD_LEN = 200
MAX_VAL_TOKENS = 100 # Max number of tokens when generating texts
class LSTM_model(nn.Module):

    num_lstm_layers: int
    
    def setup(self):
        self.embed = nn.Embed(num_embeddings=VOCAB_SIZE, features=HIDDEN_DIM)
        
        self.lstm_layers = [nn.RNN(nn.OptimizedLSTMCell(), HIDDEN_DIM) 
                                for _ in range(self.num_lstm_layers)]
        
        self.dense = nn.Dense(features=VOCAB_SIZE)

    def __call__(self, x):
        # Embedding
        x = self.embed(x)
        for lstm in self.lstm_layers:
            x = lstm(x)
        
        # Dense layer
        x = self.dense(x)
        return x

lstm_model = LSTM_model(NUM_LSTM_LAYERS)
rng = jax.random.PRNGKey(0)

@struct.dataclass
class Metrics(metrics.Collection):
    loss: metrics.Average.from_output('loss')

class TrainState(train_state.TrainState):
    metrics: Metrics

# train state for lstm model
def create_train_state(model, param_key, learning_rate):
    # initialize model
    params = model.init(param_key, jnp.ones((BATCH_SIZE, MAX_PAD_LEN), dtype=int))['params']
    # initialize optimizer
    tx = optax.adam(learning_rate=learning_rate)
    return TrainState.create(
            apply_fn=model.apply,
            params=params,
            tx=tx,
            metrics=Metrics.empty())
# train step
@jax.jit
def train_step(state, batch):
    def loss_fn(params):
        preds = state.apply_fn({'params': params}, batch[0])
        loss = optax.softmax_cross_entropy_with_integer_labels(preds, batch[1]).mean()
        return loss

    # compute loss and apply gradients
    grad_fn = jax.value_and_grad(loss_fn)
    loss, grads = grad_fn(state.params)
    state = state.apply_gradients(grads=grads)

    # Update metrics
    metric_updates = state.metrics.single_from_model_output(loss=loss)
    metrics = state.metrics.merge(metric_updates)
    state = state.replace(metrics=metrics)
    return state 


# evaluation
@jax.jit
def validation(state, batch):
    preds = state.apply_fn({'params': state.params}, batch[0])
    loss = optax.softmax_cross_entropy_with_integer_labels(preds, batch[1]).mean()

    # Update metrics
    metric_updates = state.metrics.single_from_model_output(loss=loss)
    metrics = state.metrics.merge(metric_updates)
    state = state.replace(metrics=metrics)
    return state
# get next-word probability distribution
@jax.jit
def get_probs(state, input_tokens):
    return state.apply_fn({'params': state.params}, input_tokens)[0][-1]


# Text generator
class TextGenerator():
    def __init__(self, index_to_word):
        self.index_to_word = index_to_word
        self.word_to_index = {word : index for index, word in index_to_word.items()}

    # scaling the model's output probability with temperature
    def sample_from(self, probs, temperature):
        probs = probs ** (1 / temperature)
        probs = probs / np.sum(probs)
        return np.random.choice(VOCAB_SIZE, p=probs), probs
    
    # generate text
    def generate(self, state, start_prompt, max_tokens, temperature, output_info=False):
        
        start_tokens = [self.word_to_index[word] for word in start_prompt.split()]
        sample_token = None
        info = []

        while len(start_tokens) < max_tokens and sample_token != 0:
            input_tokens = np.array(start_tokens).reshape(1, -1)
            probs = get_probs(state, input_tokens)
            probs = nn.log_softmax(probs)
            sample_token, probs = self.sample_from(np.exp(probs), temperature)
            start_tokens.append(sample_token)
            if output_info:
                info.append({'tokens': np.copy(start_tokens), 'word_probs': probs})
            
        output_text = [self.index_to_word[token] for token in start_tokens if token != 0]
        print(' '.join(output_text))

        return info
lstm_model = LSTM_model(NUM_LSTM_LAYERS)
state = create_train_state(lstm_model, jax.random.PRNGKey(0), learning_rate=LR)
text_generator = TextGenerator(index_to_word)
loss_hist = defaultdict(list)

for i in range(EPOCHS):
    prev_time = time.time()
    
    #training
    for batch in train_ds.as_numpy_iterator():
        state = train_step(state, batch)

    train_loss = state.metrics.compute()['loss']
    state = state.replace(metrics=state.metrics.empty())

    #validation
    test_state = state
    for batch in valid_ds.as_numpy_iterator():
        test_state = validation(test_state, batch)

    valid_loss = test_state.metrics.compute()['loss']
    
    loss_hist['train_loss'].append(train_loss)
    loss_hist['valid_loss'].append(valid_loss)

    curr_time = time.time()
    print(f'Epoch: {i+1}\tepoch time {(curr_time - prev_time) / 60:.2f} min')
    print(f'\ttrain loss: {train_loss:.4f}, valid loss: {valid_loss:.4f}')
    
    if (i + 1) % 10 == 0:
        # generate text
        print('\nGenerated text:')
        info = text_generator.generate(state, 'recipe for', MAX_VAL_TOKENS, 1.0)
        print('\n')
