# Source: https://github.com/andylolu2/jax-vqvae-gpt/blob/af017db7ab9f6673455e0c63bf158d52364a286b/generate.py
# Title: jax-vqvae-gpt generate.py, "Generate MNIST samples by sampling VQ-VAE codes with a GPT-style transformer"
# Cut: argument parsing and checkpoint loading removed; vqvae / gpt trainers and
#      their states are passed in.
from pathlib import Path

import jax
import numpy as np
from PIL import Image


def main(vqvae, vqvae_state, gpt, gpt_state, h, w, seed: int, temp: float,
         samples: int, out_path: str):

    @jax.jit
    def decode_indices(vqvae_state, indices):
        z_q = vqvae.lookup_indices(vqvae_state, indices)
        img, _ = vqvae.apply.decode(
            vqvae_state.params,
            vqvae_state.state,
            None,
            z_q,
            is_training=False)
        return img

    # generate
    rng = jax.random.PRNGKey(seed)
    out_dir = Path(out_path)
    out_dir.mkdir(parents=True, exist_ok=True)
    for label in range(10):
        image = np.zeros((samples * h, samples * w), dtype=np.uint8)
        for i in range(samples):
            for j in range(samples):
                indices, rng = gpt.generate(gpt_state, rng, label, temp=temp)
                img = decode_indices(vqvae_state, indices)
                img = (img[0, :, :, 0] * 255).astype(np.uint8)
                x, y = i * h, j * w
                image[x:x + h, y:y + w] = img
        im = Image.fromarray(image)
        im.save(str(out_dir / f"generated_{label}.png"))
