# Source: https://github.com/nguyenquocviet2005/QDL/blob/9484504b9670d2a8fb2d237ab87ba604b5786c6d/QVAA/MNIST/qvt_mnist_adversarial.py
# Title: QVAA/MNIST/qvt_mnist_adversarial.py (MIM attack and main evaluation)
# Cut: kept MIM and the __main__ wrapper that puts create_patches inside the attacked model function;
#      the other attacks, data loading, training and printing are dropped (placeholder import of
#      the training helpers).
import jax
import jax.numpy as jnp
import optax

from patches import create_patches
from qvit_train import get_trained_qvit_params_and_model, load_mnist_data_raw, evaluate_qvit_on_images

def MIM(model_fn, params, x, y_one_hot, eps=8/255, alpha=2/255, steps=10, decay=1.0):
  x_adv = x
  momentum = jnp.zeros_like(x)
  loss_fn_adv = lambda x_in: optax.softmax_cross_entropy(model_fn(params, x_in), y_one_hot).mean()
  for _ in range(steps):
      grad = jax.grad(loss_fn_adv)(x_adv)
      # Normalize grad like in original paper's implementation (often by L1 norm of grad)
      # Original code: grad = grad / (jnp.mean(jnp.abs(grad)) + 1e-8) # This is unusual normalization
      # Standard is often L1 norm for each image's grad:
      # grad_norm = jnp.sum(jnp.abs(grad.reshape(x.shape[0],-1)), axis=1, keepdims=True)
      # grad = grad / (grad_norm.reshape(x.shape[0],1,1,1) + 1e-8)
      # For now, using the user's original MIM grad normalization:
      grad = grad / (jnp.mean(jnp.abs(grad), axis=(1,2,3), keepdims=True) + 1e-12)


      momentum = decay * momentum + grad
      x_adv = x_adv + alpha * jnp.sign(momentum)
      x_adv = jnp.clip(x_adv, x - eps, x + eps)
      x_adv = jnp.clip(x_adv, 0.0, 1.0)
  return x_adv


if __name__ == "__main__":
    N_TEST_SAMPLES = 200  # Number of test samples for adversarial attacks
    x_test_images_jax, y_test_one_hot_jax = load_mnist_data_raw(n_samples=N_TEST_SAMPLES, train=False, batch_size=N_TEST_SAMPLES)
    qvit_params, qvit_model_instance = get_trained_qvit_params_and_model(n_train_subset=10000, n_epochs_subset=20, batch_size_train=64)

    def qvit_model_fn_for_grad_attacks(params_model, x_images_input):
        x_patches_input = create_patches(x_images_input)
        return qvit_model_instance(x_patches_input, params_model)

    # Adjusted eps for 0-1 image range. Original PGD/MIM used 8/255 for 0-255 range.
    # 0.1 is a common starting point for 0-1 range.
    eps_val = 0.03 
    alpha_val = eps_val / 10 # common heuristic alpha = eps / num_steps or similar
    steps_val = 20
    x_adv = MIM(qvit_model_fn_for_grad_attacks, qvit_params, x_test_images_jax, y_test_one_hot_jax, eps=eps_val, alpha=alpha_val, steps=steps_val, decay=1.0)
    _, acc_adv = evaluate_qvit_on_images(qvit_model_instance, qvit_params, x_adv, y_test_one_hot_jax)
