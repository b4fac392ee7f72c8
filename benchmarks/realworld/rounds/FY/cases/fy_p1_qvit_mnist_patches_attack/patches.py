# Source: https://github.com/nguyenquocviet2005/QDL/blob/9484504b9670d2a8fb2d237ab87ba604b5786c6d/QVAA/MNIST/qvt_mnist_adversarial.py
# Title: QVAA/MNIST/qvt_mnist_adversarial.py (patch creation)
# Cut: kept the MNIST constants and create_patches as written (28x28 images, 4x4 patches, 7x7 grid);
#      the QViT model classes, data loading and training are dropped.
import jax
import jax.numpy as jnp

# --- Model Configuration Constants (from qvt_mnist_nodistill.py) ---
D_PATCH_VALUE = 32 
NUM_LAYERS = 1     
S_VALUE_MNIST = 49 
INPUT_PATCH_DIM_MNIST = 16
# --- End Model Configuration ---

# --- Patch Creation (from qvt_mnist_nodistill.py) ---
def create_patches(images, patch_size=4):
    batch_size = images.shape[0]
    img_size = images.shape[1] # Assuming square images (H=W)
    num_channels = images.shape[-1]
    
    num_patches_per_dim = img_size // patch_size
    patches = []
    for i in range(num_patches_per_dim):
        for j in range(num_patches_per_dim):
            patch = images[:, i*patch_size:(i+1)*patch_size, 
                            j*patch_size:(j+1)*patch_size, :]
            patch = patch.reshape(batch_size, -1)
            patches.append(patch)
    return jnp.stack(patches, axis=1)
# --- End Patch Creation ---

