# Source: https://github.com/nguyenquocviet2005/QDL/blob/9484504b9670d2a8fb2d237ab87ba604b5786c6d/QVAA/CIFAR/qvt_cifar_adversarial.py
# Title: QVAA/CIFAR/qvt_cifar_adversarial.py (model and patch creation)
# Cut: kept the constants, the QViT classifier classes (the PennyLane circuit definitions and the
#      quantum self-attention layer body are dropped) and create_patches as written.
import jax
import jax.numpy as jnp
import optax


class QSAL_pennylane:  # quantum self-attention layer: circuits and body dropped
    pass


# --- Model Configuration Constants (Adapted for CIFAR-10) ---
D_PATCH_VALUE = 96  # From qvt_cifar_nodistill.py
NUM_LAYERS = 1      # From qvt_cifar_nodistill.py
PATCH_SIZE_CIFAR = 4 # CIFAR images are 32x32, 4x4 patches -> 8x8 = 64 patches
S_VALUE_CIFAR = (32 // PATCH_SIZE_CIFAR)**2 # Sequence length (number of patches)
INPUT_PATCH_DIM_CIFAR = (PATCH_SIZE_CIFAR**2) * 3 # For CIFAR-10 (3 channels)
# --- End Model Configuration ---

def layer_norm(x, gamma, beta, eps=1e-5):
    mean = jnp.mean(x, axis=-1, keepdims=True)
    variance = jnp.mean(jnp.square(x - mean), axis=-1, keepdims=True)
    normalized_x = (x - mean) / jnp.sqrt(variance + eps)
    return gamma * normalized_x + beta

def feed_forward(x, w1, b1, w2, b2):
    x = jnp.dot(x, w1) + b1
    x = jax.nn.relu(x)
    x = jnp.dot(x, w2) + b2
    return x

class QSANN_pennylane:
    def __init__(self, S, n, Denc, D, num_layers, d_patch_config):
        self.qsal_lst = [QSAL_pennylane(S, n, Denc, D, d_patch_config) for _ in range(num_layers)]

    def __call__(self, input_sequence, qnn_params_dict):
        x = input_sequence + qnn_params_dict['pos_encoding']
        for i, qsal_layer in enumerate(self.qsal_lst):
            layer_specific_params = qnn_params_dict['layers'][i]
            x = qsal_layer(x, layer_specific_params)
        return x

class QSANN_image_classifier:
    def __init__(self, S, n, Denc, D, num_layers, d_patch_config):
        self.Qnn = QSANN_pennylane(S, n, Denc, D, num_layers, d_patch_config)
        self.d_patch = d_patch_config
        self.S = S
        self.num_layers = num_layers

    def __call__(self, x_patches, params): # x_patches is (B, S, input_patch_dim_actual)
        batch_size, S_actual, input_patch_dim_actual = x_patches.shape
        
        # Linear projection for patches
        x_flat_patches = x_patches.reshape(batch_size * S_actual, input_patch_dim_actual)
        projected_x_flat = jnp.dot(x_flat_patches, params['patch_embed_w']) + params['patch_embed_b']
        x_projected = projected_x_flat.reshape(batch_size, S_actual, self.d_patch)

        qnn_params_dict = params['qnn']
        x_processed_qnn = self.Qnn(x_projected, qnn_params_dict)
        
        x_final_norm = layer_norm(x_processed_qnn, params['final_ln_gamma'], params['final_ln_beta'])
        x_flat_for_head = x_final_norm.reshape(x_final_norm.shape[0], -1)
        
        logits = jnp.dot(x_flat_for_head, params['final']['weight']) + params['final']['bias']
        return logits
# --- End QViT Model Classes ---


# --- Patch Creation (Adapted for CIFAR-10) ---
def create_patches(images, patch_size=PATCH_SIZE_CIFAR):
    # images: (B, H, W, C) e.g. (B, 32, 32, 3) for CIFAR
    batch_size = images.shape[0]
    img_size = images.shape[1] # Assuming square images (H=W), 32 for CIFAR
    # num_channels = images.shape[-1] # 3 for CIFAR
    
    num_patches_per_dim = img_size // patch_size
    patches = []
    for i in range(num_patches_per_dim):
        for j in range(num_patches_per_dim):
            patch = images[:, i*patch_size:(i+1)*patch_size, 
                            j*patch_size:(j+1)*patch_size, :] # Include all channels
            patch = patch.reshape(batch_size, -1) # Flatten patch (e.g., 4*4*3 = 48)
            patches.append(patch)
    return jnp.stack(patches, axis=1) # (B, S, patch_dim_flat)
# --- End Patch Creation ---
