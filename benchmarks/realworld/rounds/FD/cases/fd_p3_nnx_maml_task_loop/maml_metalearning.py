# Source: https://github.com/mlnomadpy/flaxdocs/blob/1eda4a34032021b2acff2e907bbf6de6762d169b/examples/advanced/maml_metalearning.py
# Title: Flax NNX: Meta-Learning with MAML (flaxdocs examples/advanced/maml_metalearning.py)
# Cut: kept imports, MAMLRegressor, inner_loop, maml_meta_loss and maml_train_step; the CNN,
#      data generator, training driver, evaluation and plotting dropped.
import jax
import jax.numpy as jnp
from flax import nnx
import optax
import numpy as np
from typing import Dict



class MAMLRegressor(nnx.Module):
    """Simple MLP for regression tasks (sinusoid fitting)."""
    
    def __init__(self, hidden_dim: int = 40, rngs: nnx.Rngs = None):
        self.fc1 = nnx.Linear(1, hidden_dim, rngs=rngs)
        self.fc2 = nnx.Linear(hidden_dim, hidden_dim, rngs=rngs)
        self.fc3 = nnx.Linear(hidden_dim, 1, rngs=rngs)
    
    def __call__(self, x):
        x = self.fc1(x)
        x = nnx.relu(x)
        x = self.fc2(x)
        x = nnx.relu(x)
        x = self.fc3(x)
        return x


# ============================================================================
# 4. MAML INNER LOOP (TASK ADAPTATION)
# ============================================================================

def inner_loop(model, support_x, support_y, inner_lr=0.01, inner_steps=1):
    """
    MAML inner loop: Adapt model to a specific task.
    
    This performs gradient descent on the support set to quickly adapt
    the model parameters to the task.
    
    Args:
        model: The model to adapt
        support_x: Support set inputs [k_shot, input_dim]
        support_y: Support set targets [k_shot, output_dim]
        inner_lr: Learning rate for inner loop adaptation
        inner_steps: Number of gradient steps for adaptation
    
    Returns:
        adapted_params: Parameters adapted to the task
    """
    # Get initial parameters
    params = nnx.state(model, nnx.Param)
    
    # Inner loop updates
    for _ in range(inner_steps):
        def loss_fn(params):
            # Temporarily update model with these params
            nnx.update(model, params)
            predictions = model(support_x)
            loss = jnp.mean((predictions - support_y) ** 2)
            return loss
        
        # Compute gradients
        grads = jax.grad(loss_fn)(params)
        
        # Manual SGD update (inner loop)
        params = jax.tree_map(
            lambda p, g: p - inner_lr * g,
            params,
            grads
        )
    
    return params


# ============================================================================
# 5. MAML OUTER LOOP (META-TRAINING)
# ============================================================================

def maml_meta_loss(model, support_batch, query_batch, inner_lr=0.01, inner_steps=1):
    """
    MAML meta-loss: Compute loss on query set after task adaptation.
    
    The key insight of MAML is to optimize the initial parameters such that
    after a few gradient steps on a task's support set, the model performs
    well on that task's query set.
    
    Formula:
        θ' = θ - α∇_θ L_support(θ)           # Inner loop
        L_meta = E_task[L_query(θ')]          # Meta loss
        θ ← θ - β∇_θ L_meta                   # Meta update
    
    where:
        - θ are the meta-parameters (initial parameters)
        - θ' are task-specific parameters after adaptation
        - α is the inner loop learning rate
        - β is the meta learning rate (outer loop)
    """
    batch_size = support_batch['x'].shape[0]
    total_loss = 0.0
    
    for i in range(batch_size):
        # Get support and query for this task
        sup_x = support_batch['x'][i]
        sup_y = support_batch['y'][i]
        que_x = query_batch['x'][i]
        que_y = query_batch['y'][i]
        
        # Inner loop: Adapt to task
        adapted_params = inner_loop(model, sup_x, sup_y, inner_lr, inner_steps)
        
        # Evaluate on query set with adapted parameters
        nnx.update(model, adapted_params)
        predictions = model(que_x)
        task_loss = jnp.mean((predictions - que_y) ** 2)
        
        total_loss += task_loss
    
    # Average loss across tasks
    meta_loss = total_loss / batch_size
    
    return meta_loss


@nnx.jit
def maml_train_step(model: MAMLRegressor, optimizer: nnx.Optimizer,
                    support_batch: Dict, query_batch: Dict,
                    inner_lr: float = 0.01, inner_steps: int = 1):
    """
    Single MAML training step.
    
    This performs:
    1. Inner loop adaptation on support set for each task
    2. Compute meta-loss on query set
    3. Update meta-parameters (outer loop)
    """
    
    def meta_loss_fn(model):
        return maml_meta_loss(model, support_batch, query_batch, inner_lr, inner_steps)
    
    # Compute meta-gradients
    grad_fn = nnx.value_and_grad(meta_loss_fn)
    loss, grads = grad_fn(model)
    
    # Meta-update (outer loop)
    optimizer.update(model, grads)
    
    return {'loss': loss}

