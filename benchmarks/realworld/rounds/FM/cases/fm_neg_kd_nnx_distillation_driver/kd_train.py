# Source: https://github.com/mridul-sahu/knowledge_distillation_intuitions/blob/e33a38a4dbc7ab063d34fb5f15ee8e44b8689eb7/Knowledge_Distillation_Intuitions.ipynb
# Title: Knowledge_Distillation_Intuitions.ipynb (Flax NNX knowledge distillation)
# Cut: notebook cells 31 and 32 converted to a .py file, imports from cell 4 reduced; the plotting tail of the training function cut

from typing import Any, Dict, Tuple

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from tqdm.auto import tqdm


# --- notebook cell 31 ---
# --- Knowledge Distillation Specific Functions ---

def distillation_loss_calculation(
    student_logits: jax.Array,
    teacher_logits: jax.Array, # Teacher logits should be from teacher in eval mode
    temperature: float
) -> jax.Array:
    """
    Calculates the knowledge distillation loss.
    Uses cross-entropy between softened teacher predictions and softened student predictions.
    """
    # Soften probabilities with temperature
    # Teacher provides soft targets (probabilities)
    soft_teacher_targets = jax.nn.softmax(teacher_logits / temperature, axis=-1)

    # Student's output (log probabilities for numerical stability with cross-entropy)
    log_soft_student_probs = jax.nn.log_softmax(student_logits / temperature, axis=-1)

    # Distillation loss: Cross-entropy between teacher's soft targets and student's soft log-probabilities
    # This is equivalent to minimizing KL divergence KL(P_teacher_soft || P_student_soft)
    # when the P_teacher_soft part of KL divergence is considered constant wrt student params.
    kd_loss = -jnp.sum(soft_teacher_targets * log_soft_student_probs, axis=-1).mean()

    # Scale by T^2 as suggested in Hinton et al. (2015)
    # This scaling ensures that the relative contribution of the distillation loss
    # is maintained as temperature changes the scale of the logits.
    return kd_loss * (temperature**2)


def combined_loss_and_logits_for_distillation(
    student_model_for_grad: nnx.Module, # The student model instance being differentiated
    teacher_model_eval: nnx.Module,     # The pre-trained teacher model (used in eval mode)
    batch: Tuple[jax.Array, jax.Array],
    temperature: float,
    ce_student_weight: float, # Weight for the student's cross-entropy loss with true labels
    kd_loss_weight: float,    # Weight for the distillation loss
):
    """
    Calculates the combined loss (CE + KD) and student logits.
    This function will be differentiated w.r.t. student_model_for_grad.
    """
    images, true_labels = batch

    # 1. Forward pass for student
    student_logits = student_model_for_grad(images)

    # 2. Standard Cross-Entropy loss for student with true labels
    ce_loss = optax.softmax_cross_entropy_with_integer_labels(
        logits=student_logits, labels=true_labels
    ).mean()

    # 3. Forward pass for teacher (in evaluation mode, no gradients for teacher)
    # Ensure teacher_model_eval is not updated by JAX's autodiff by not including its
    # parameters in the differentiation target. NNX handles this if teacher_model_eval
    # is just a regular argument and not the one specified for `nnx.value_and_grad`.
    teacher_logits_eval = teacher_model_eval(images) # Teacher always in eval mode

    # 4. Knowledge Distillation loss
    kd_loss = distillation_loss_calculation(student_logits, teacher_logits_eval, temperature)

    # 5. Combined loss
    total_loss = (ce_student_weight * ce_loss) + (kd_loss_weight * kd_loss)

    return total_loss, student_logits # Return student_logits for accuracy calculation


@nnx.jit
def train_step_distillation(
    student_model: nnx.Module,        # This is optimizer_student_kd.module
    optimizer_student_kd: nnx.Optimizer,
    teacher_model_eval: nnx.Module,   # Pre-trained teacher model
    metrics_aggregator: nnx.MultiMetric,
    batch: Tuple[jax.Array, jax.Array],
    temperature: float,
    ce_student_weight: float,
    kd_loss_weight: float
):
    """
    Performs a single training step with knowledge distillation.
    """
    # Define the function to be differentiated.
    # It needs to take student_model as its first argument for nnx.value_and_grad.
    # Other arguments (teacher, batch, T, weights) are "closed over" or passed as static args.
    # For nnx.value_and_grad, if we differentiate w.r.t. student_model,
    # other nnx.Module arguments like teacher_model_eval should be treated as static if they are not
    # part of the differentiation target.

    def loss_fn_wrapper(model_to_diff): # model_to_diff will be student_model
        return combined_loss_and_logits_for_distillation(
            model_to_diff, # Student model (target of differentiation)
            teacher_model_eval,
            batch,
            temperature,
            ce_student_weight,
            kd_loss_weight,
        )

    grad_fn = nnx.value_and_grad(loss_fn_wrapper, has_aux=True)

    # Execute grad_fn. student_model is updated here.
    (loss, student_logits_for_metric), grads = grad_fn(student_model)

    metrics_aggregator.update(loss=loss, logits=student_logits_for_metric, labels=batch[1])
    optimizer_student_kd.update(grads) # Updates student_model in-place

# Note: The eval_step remains the same as before, as it only evaluates the student.
# We will reuse the `eval_step` defined in Part 4.

# --- notebook cell 32 ---
# --- Setup for Knowledge Distillation Training ---
# The main training loop `train_and_evaluate` needs to be adapted or a new one created
# to handle the specific arguments of `train_step_distillation`.
# Let's create a new specific training loop for distillation for clarity.

def train_and_evaluate_distillation(
    student_model_to_train: nnx.Module,
    teacher_model_for_guidance: nnx.Module,
    optax_optimizer: optax.GradientTransformation,
    train_ds: Any,
    test_ds: Any,
    num_epochs: int,
    steps_per_epoch_train: int,
    steps_per_epoch_test: int,
    temperature: float,
    ce_weight: float,
    kd_weight: float,
    eval_every_epochs: int = 1,
    model_name: str = "Student_KD"
) -> Tuple[nnx.Module, Dict[str, list]]:

    optimizer = nnx.Optimizer(student_model_to_train, optax_optimizer)

    train_metrics_aggregator = nnx.MultiMetric(
        loss=nnx.metrics.Average("loss"),
        accuracy=nnx.metrics.Accuracy()
    )
    eval_metrics_aggregator = nnx.MultiMetric( # For student's performance on true labels
        loss=nnx.metrics.Average("loss"),
        accuracy=nnx.metrics.Accuracy()
    )

    history = {
        'train_loss': [], 'train_accuracy': [],
        'test_loss': [], 'test_accuracy': []
    }

    total_training_steps = num_epochs * steps_per_epoch_train
    print(f"\nStarting distillation training for {model_name} for {num_epochs} epochs...")

    for epoch in tqdm(range(num_epochs), desc=f"Training {model_name}"):
        student_model_to_train.train()
        teacher_model_for_guidance.eval()
        train_metrics_aggregator.reset()
        train_epoch_bar = tqdm(iter(train_ds), total=steps_per_epoch_train,
                               desc=f"Epoch {epoch+1}/{num_epochs} [Distill Train]",
                               leave=False)
        for batch in train_epoch_bar:
            batch_images, batch_labels = batch
            batch_tuple = (jnp.asarray(batch_images), jnp.asarray(batch_labels))

            train_step_distillation(
                student_model_to_train,
                optimizer,
                teacher_model_for_guidance,
                train_metrics_aggregator,
                batch_tuple,
                temperature,
                ce_weight,
                kd_weight
            )

        computed_train_metrics = train_metrics_aggregator.compute()
        history['train_loss'].append(computed_train_metrics['loss'].item())
        history['train_accuracy'].append(computed_train_metrics['accuracy'].item())
        tqdm.write(f"{model_name} - Epoch {epoch+1} Training: Avg Loss: {computed_train_metrics['loss']:.4f}, Avg Acc: {computed_train_metrics['accuracy']:.4f}")

        if (epoch + 1) % eval_every_epochs == 0 or (epoch + 1) == num_epochs:
            student_model_to_train.eval()
            eval_metrics_aggregator.reset()
            eval_epoch_bar = tqdm(iter(test_ds), total=steps_per_epoch_test,
                                  desc=f"Epoch {epoch+1}/{num_epochs} [Distill Eval]",
                                  leave=False)
            for eval_batch in eval_epoch_bar:
                eval_batch_images, eval_batch_labels = eval_batch
                eval_batch_tuple = (jnp.asarray(eval_batch_images), jnp.asarray(eval_batch_labels))
                # Evaluate the student model using the standard eval_step
                eval_step(student_model_to_train, eval_metrics_aggregator, eval_batch_tuple)

            computed_eval_metrics = eval_metrics_aggregator.compute()
            history['test_loss'].append(computed_eval_metrics['loss'].item())
            history['test_accuracy'].append(computed_eval_metrics['accuracy'].item())
            tqdm.write(f"{model_name} - Epoch {epoch+1} Evaluation: Avg Loss: {computed_eval_metrics['loss']:.4f}, Avg Acc: {computed_eval_metrics['accuracy']:.4f}")
        tqdm.write("-" * 70)

    print(f"Distillation training finished for {model_name}.")

    # Plotting (same as before)
    evaluated_test_epochs = [e + 1 for e in range(num_epochs) if (e + 1) % eval_every_epochs == 0 or (e + 1) == num_epochs]
    plt.figure(figsize=(14, 5))
    plt.subplot(1, 2, 1)
    plt.plot(range(1, num_epochs + 1), history['train_loss'], label='Train Loss', marker='o')
    if history['test_loss']:
        plt.plot(evaluated_test_epochs, history['test_loss'], label='Test Loss', marker='x', linestyle='--')
    plt.xlabel('Epoch'); plt.ylabel('Loss'); plt.title(f'{model_name}: Loss'); plt.legend(); plt.grid(True)
    plt.subplot(1, 2, 2)
    plt.plot(range(1, num_epochs + 1), history['train_accuracy'], label='Train Accuracy', marker='o')
    if history['test_accuracy']:
        plt.plot(evaluated_test_epochs, history['test_accuracy'], label='Test Accuracy', marker='x', linestyle='--')
    plt.xlabel('Epoch'); plt.ylabel('Accuracy'); plt.title(f'{model_name}: Accuracy'); plt.legend(); plt.grid(True)
    plt.tight_layout(); plt.show()

    return student_model_to_train, history
