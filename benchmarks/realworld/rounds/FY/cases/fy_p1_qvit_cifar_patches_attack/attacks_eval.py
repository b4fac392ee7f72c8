# Source: https://github.com/nguyenquocviet2005/QDL/blob/9484504b9670d2a8fb2d237ab87ba604b5786c6d/QVAA/CIFAR/qvt_cifar_adversarial.py
# Title: QVAA/CIFAR/qvt_cifar_adversarial.py (gradient attacks and main evaluation)
# Cut: kept FGSM, PGD and the __main__ part that wraps create_patches into the attacked model
#      function; APGD, MIM, SA, data loading and training are dropped (the training call is
#      replaced by a placeholder get_trained_qvit_params_and_model import).
import jax
import jax.numpy as jnp
import optax

from qvit_model import create_patches, PATCH_SIZE_CIFAR
from qvit_train import get_trained_qvit_params_and_model, load_cifar10_data_raw, evaluate_qvit_on_images

def FGSM(model_fn, params, x, y_one_hot, eps):
  # model_fn(params, x_input) -> logits
  # y_one_hot are labels
  loss_fn_adv = lambda x_in: optax.softmax_cross_entropy(model_fn(params, x_in), y_one_hot).mean()
  grad = jax.grad(loss_fn_adv)(x)
  adv_x = x + eps * jnp.sign(grad)
  return jnp.clip(adv_x, 0.0, 1.0)

def PGD(model_fn, params, x, y_one_hot, eps=8/255, alpha=2/255, steps=5):
  x_adv = x # Use original x, not x.copy() as JAX handles immutability
  loss_fn_adv = lambda x_in: optax.softmax_cross_entropy(model_fn(params, x_in), y_one_hot).mean()
  for _ in range(steps):
      grads = jax.grad(loss_fn_adv)(x_adv)
      x_adv = x_adv + alpha * jnp.sign(grads)
      x_adv = jnp.clip(x_adv, x - eps, x + eps) # Project onto L_inf ball around original x
      x_adv = jnp.clip(x_adv, 0.0, 1.0)      # Project onto valid image range
  return x_adv


if __name__ == "__main__":
    N_TEST_SAMPLES = 200  # Number of test samples for adversarial attacks
    x_test_images_jax, y_test_one_hot_jax = load_cifar10_data_raw(n_samples=N_TEST_SAMPLES, train=False, batch_size=N_TEST_SAMPLES)
    qvit_params, qvit_model_instance = get_trained_qvit_params_and_model(
        n_train_subset=10000, n_epochs_subset=20, batch_size_train=64
    )

    # Define model function for attacks that use gradients (FGSM, PGD, MIM, APGD)
    # These expect model_fn(params, x_images_batch) -> logits
    # Ensure create_patches inside uses CIFAR patch size
    def qvit_model_fn_for_grad_attacks(params_model, x_images_input):
        x_patches_input = create_patches(x_images_input, patch_size=PATCH_SIZE_CIFAR)
        return qvit_model_instance(x_patches_input, params_model)

    eps_val = 8/255 # A common starting point for images in [0,1]
    alpha_val = 2/255 # Common PGD step size, often eps/steps_val or similar
    steps_val = 10 # Number of PGD/MIM/APGD steps
    x_adv = PGD(qvit_model_fn_for_grad_attacks, qvit_params, x_test_images_jax, y_test_one_hot_jax, eps=eps_val, alpha=alpha_val, steps=steps_val)
    _, acc_adv = evaluate_qvit_on_images(qvit_model_instance, qvit_params, x_adv, y_test_one_hot_jax)
