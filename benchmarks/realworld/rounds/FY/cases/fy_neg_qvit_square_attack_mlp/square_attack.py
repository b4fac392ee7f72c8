# Source: https://github.com/nguyenquocviet2005/QDL/blob/9484504b9670d2a8fb2d237ab87ba604b5786c6d/QVAA/MNIST/Adversarial.py
# Title: QVAA/MNIST/Adversarial.py (square attack, notebook export)
# Cut: the SA cell as written (eager per-image random square perturbation, no model queries).
import jax
import jax.numpy as jnp

def SA(model_fn, x, y, eps=0.3, num_iters=3, p=0.05, seed=0):
  key = jax.random.PRNGKey(seed)
  adv_x = x.copy()
  for i in range(num_iters):
      cur_p = p * (1 - i / num_iters)
      for idx in range(x.shape[0]):
          img = adv_x[idx]
          H, W, C = img.shape
          area = int(cur_p * H * W)
          side_len = max(1, int(jnp.sqrt(area)))

          key, rand = jax.random.split(key)
          x0 = jax.random.randint(rand, (), 0, H - side_len)
          y0 = jax.random.randint(rand, (), 0, W - side_len)

          key, rand = jax.random.split(key)
          perturbation = jax.random.uniform(rand, (side_len, side_len, C), minval=-eps, maxval=eps)

          img = img.at[x0:x0+side_len, y0:y0+side_len, :].add(perturbation)
          img = jnp.clip(img, 0, 1)
          adv_x = adv_x.at[idx].set(img)
  return adv_x
