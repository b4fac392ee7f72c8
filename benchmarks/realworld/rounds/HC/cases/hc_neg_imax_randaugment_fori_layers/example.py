# Source: https://github.com/4rtemi5/imax/blob/e617557587869e479799e1a9e78787594227a1ca/README.md
# Title: imax README (usage example)
# Cut: the README's setup and randaugment example as a script; the geometric/color transform
#      examples and the matplotlib display part are dropped.

## Usage

from jax import random
import jax.numpy as jnp
from PIL import Image

from imax import transforms, color_transforms, randaugment

# Setup
random_key = random.PRNGKey(32)
random_key, split_key = random.split(random_key)
image = jnp.asarray(Image.open('./test.jpeg').convert('RGBA')).astype('uint8')

# Randaugment:
randomized_image = randaugment.distort_image_with_randaugment(
    image,
    num_layers=3,   # number of random augmentations in sequence
    magnitude=10,   # magnitude of random augmentations
    random_key=split_key
)
