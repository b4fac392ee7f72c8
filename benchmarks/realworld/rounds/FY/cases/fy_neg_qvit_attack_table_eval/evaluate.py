# Source: https://github.com/nguyenquocviet2005/QDL/blob/9484504b9670d2a8fb2d237ab87ba604b5786c6d/QVAA/CIFAR/qvt_cifar_adversarial.py
# Title: QVAA/CIFAR/qvt_cifar_adversarial.py (batched evaluation)
# Cut: evaluate_qvit_on_images as written; model, patching and metrics are imported.
import numpy as np
import jax.numpy as jnp
import optax

from qvit_parts import create_patches, PATCH_SIZE_CIFAR, accuracy_multiclass, softmax_cross_entropy_with_integer_labels

def evaluate_qvit_on_images(qvit_model_obj, params, x_images, y_labels_one_hot):
    # x_images: (N, H, W, C) in [0,1] e.g. (N, 32, 32, 3) for CIFAR
    # y_labels_one_hot: (N, num_classes) e.g. (N, 10) for CIFAR
    
    eval_batch_size = 64 
    num_samples = x_images.shape[0]
    num_batches = int(np.ceil(num_samples / eval_batch_size))
    
    total_acc = 0.0
    total_loss = 0.0

    for i in range(num_batches):
        start_idx = i * eval_batch_size
        end_idx = min((i + 1) * eval_batch_size, num_samples)
        
        x_batch_images = x_images[start_idx:end_idx]
        y_batch_one_hot = y_labels_one_hot[start_idx:end_idx]

        # Use CIFAR patch size
        x_batch_patches = create_patches(x_batch_images, patch_size=PATCH_SIZE_CIFAR) 
        
        logits = qvit_model_obj(x_batch_patches, params)
        
        y_batch_int_labels = jnp.argmax(y_batch_one_hot, axis=-1)
        
        acc = accuracy_multiclass(logits, y_batch_int_labels)
        loss = jnp.mean(softmax_cross_entropy_with_integer_labels(logits, y_batch_int_labels))
        
        total_acc += acc * x_batch_images.shape[0]
        total_loss += loss * x_batch_images.shape[0]
        
    avg_acc = total_acc / num_samples
    avg_loss = total_loss / num_samples
    return avg_loss, avg_acc
# --- End Minimal Training and Evaluation ---
