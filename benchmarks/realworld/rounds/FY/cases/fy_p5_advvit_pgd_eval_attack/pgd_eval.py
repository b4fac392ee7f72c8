# Source: https://github.com/demon2036/jax-adv-vit/blob/1fffd280e2738e7842f4c6046d1244e23a82eb2b/test_pgd.py
# Title: test_pgd.py (first commit of the repository)
# Cut: kept the ViT construction, the jitted accuracy and loss, pgd_attack (training attack),
#      pgd_attack3 (evaluation attack) and the host-side dataset_stats; the dataset pipeline, the
#      trade variants and commented-out code are dropped.
import jax
from jax import numpy as jnp

from optax.losses import softmax_cross_entropy_with_integer_labels
from optax.tree_utils import tree_l2_norm

from model import ViT

EPSILON = 8 / 255  # @param{type:"number"}

net = ViT(
    layers=12,
    dim=192,
    heads=3,
    labels=10,
    layerscale=True,
    patch_size=2,
    image_size=32,
    posemb='learnable',
    pooling='cls',
    dropout=0.0,
    droppath=0.0,
    use_kan=False,
)

@jax.jit
def accuracy(params, data):
    inputs, labels = data
    logits = net.apply({"params": params}, inputs)
    return jnp.mean(jnp.argmax(logits, axis=-1) == labels)


@jax.jit
def loss_fun(params, l2reg, data):
    """Compute the loss of the network."""
    inputs, labels = data
    x = inputs.astype(jnp.float32)
    logits = net.apply({"params": params}, x)
    sqnorm = tree_l2_norm(params, squared=True)
    loss_value = jnp.mean(softmax_cross_entropy_with_integer_labels(logits, labels))
    return loss_value + 0.5 * l2reg * sqnorm


@jax.jit
def pgd_attack(image, label, params, epsilon=0.1, maxiter=10):
    """PGD attack on the L-infinity ball with radius epsilon.

  Args:
    image: array-like, input data for the CNN
    label: integer, class label corresponding to image
    params: tree, parameters of the model to attack
    epsilon: float, radius of the L-infinity ball.
    maxiter: int, number of iterations of this algorithm.

  Returns:
    perturbed_image: Adversarial image on the boundary of the L-infinity ball
      of radius epsilon and centered at image.

  Notes:
    PGD attack is described in (Madry et al. 2017),
    https://arxiv.org/pdf/1706.06083.pdf
  """
    image_perturbation = jnp.zeros_like(image)

    def adversarial_loss(perturbation):
        return loss_fun(params, 0, (image + perturbation, label))

    grad_adversarial = jax.grad(adversarial_loss)
    for _ in range(maxiter):
        # compute gradient of the loss wrt to the image
        sign_grad = jnp.sign(grad_adversarial(image_perturbation))

        # heuristic step-size 2 eps / maxiter
        image_perturbation += (2 * epsilon / maxiter) * sign_grad
        # projection step onto the L-infinity ball centered at image
        image_perturbation = jnp.clip(image_perturbation, - epsilon, epsilon)

    # clip the image to ensure pixels are between 0 and 1
    return jnp.clip(image + image_perturbation, 0, 1)


@jax.jit
def pgd_attack3(image, label, params, epsilon=0.1, step_size=2 / 255, maxiter=20):
    """PGD attack on the L-infinity ball with radius epsilon.

  Args:
    image: array-like, input data for the CNN
    label: integer, class label corresponding to image
    params: tree, parameters of the model to attack
    epsilon: float, radius of the L-infinity ball.
    maxiter: int, number of iterations of this algorithm.

  Returns:
    perturbed_image: Adversarial image on the boundary of the L-infinity ball
      of radius epsilon and centered at image.

  Notes:
    PGD attack is described in (Madry et al. 2017),
    https://arxiv.org/pdf/1706.06083.pdf
    :param step_size:
  """
    image_perturbation = jnp.zeros_like(image)

    def adversarial_loss(perturbation):
        return loss_fun(params, 0, (image + perturbation, label))

    grad_adversarial = jax.grad(adversarial_loss)
    for _ in range(maxiter):
        # compute gradient of the loss wrt to the image
        sign_grad = jnp.sign(grad_adversarial(image_perturbation))

        # heuristic step-size 2 eps / maxiter
        image_perturbation += step_size * sign_grad
        # projection step onto the L-infinity ball centered at image
        image_perturbation = jnp.clip(image_perturbation, - epsilon, epsilon)

    # clip the image to ensure pixels are between 0 and 1
    return jnp.clip(image + image_perturbation, 0, 1)


def dataset_stats(params, data_loader, iter_per_epoch):
    """Computes accuracy on clean and adversarial images."""
    adversarial_accuracy = 0.
    clean_accuracy = 0.
    for batch in data_loader.as_numpy_iterator():
        images, labels = batch
        images = images.astype(jnp.float32) / 255
        clean_accuracy += jnp.mean(accuracy(params, (images, labels))) / iter_per_epoch
        # adversarial_images = pgd_attack(images, labels, params, epsilon=EPSILON)
        adversarial_images = pgd_attack3(images, labels, params, epsilon=EPSILON)
        adversarial_accuracy += jnp.mean(accuracy(params, (adversarial_images, labels))) / iter_per_epoch
    return {"adversarial accuracy": adversarial_accuracy, "accuracy": clean_accuracy}
