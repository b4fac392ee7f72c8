# Source: https://github.com/terrence-ou/Generative-Deep-Learning-2nd-Edition-PyTorch-JAX/blob/e10f255f833b3e976339bd646c3d607f1c0cac80/JAX_FLAX/chapter_05_autoregressive/02_pixelcnn.ipynb
# Title: JAX_FLAX/chapter_05_autoregressive/02_pixelcnn.ipynb -- JAX/Flax translation of the Keras PixelCNN example of Generative Deep Learning (2nd ed.)
# Cut: notebook converted to a .py file; kept the constants and the sampling cell; model and training cells dropped.
import numpy as np
import jax
from flax import linen as nn

IMAGE_SIZE = 16
CHANNELS = 1 # the number of input image channels
PIXEL_LEVELS = 8
N_FILTERS = 128
RESIDUAL_BLOCKS = 5
BATCH_SIZE = 64
EPOCHS = 100
LR = 1e-3

# Function for sequential image generation

@jax.jit
def model_output_probs(state, imgs):
    preds = state.apply_fn({'params': state.params}, imgs)
    return nn.softmax(preds)


def sample_from(probs, temperature):
    probs = np.array(probs, dtype=float) # Avoid numpy's "probs do not sum to 1 problem"
    probs = probs ** (1.0 / temperature)
    probs /= probs.sum()
    return np.random.choice(len(probs), p=probs)


def generate_imgs(state, temperature, num_imgs):

    output_imgs = np.zeros((num_imgs, IMAGE_SIZE, IMAGE_SIZE, CHANNELS))
    batch, rows, cols, channels = output_imgs.shape

    for row in range(rows):
        for col in range(cols):
            for channel in range(channels):
                preds = model_output_probs(state, output_imgs)[:, row, col, channel]
                output_imgs[:, row, col, channel] = [sample_from(x, temperature) for x in preds]
                output_imgs[:, row, col, channel] /= PIXEL_LEVELS
    return output_imgs

