# Source: https://github.com/mlnomadpy/flaxdocs/blob/1eda4a34032021b2acff2e907bbf6de6762d169b/examples/advanced/maml_metalearning.py
# Title: Flax NNX: Meta-Learning with MAML (flaxdocs examples/advanced/maml_metalearning.py)
# Cut: kept the host-side task sampler (numpy), the training driver and the evaluation loop;
#      inner_loop and maml_train_step are imported from the model part (not reproduced here).
import jax
import jax.numpy as jnp
from flax import nnx
import optax
import numpy as np
from maml_core import MAMLRegressor, inner_loop, maml_train_step


def generate_sinusoid_task(amplitude_range=(0.1, 5.0), phase_range=(0, np.pi)):
    """
    Generate a random sinusoid task for demonstration.
    In practice, you would use actual datasets like Omniglot or Mini-ImageNet.
    """
    amplitude = np.random.uniform(*amplitude_range)
    phase = np.random.uniform(*phase_range)
    
    def task_fn(x):
        return amplitude * np.sin(x + phase)
    
    return task_fn


def sample_task_data(task_fn, n_samples=10, x_range=(-5.0, 5.0)):
    """Sample data from a task function."""
    x = np.random.uniform(*x_range, size=(n_samples, 1))
    y = task_fn(x)
    return x.astype(np.float32), y.astype(np.float32)


class MAMLDataGenerator:
    """
    Generate tasks for MAML training.
    For demonstration, we use sinusoid regression.
    """
    
    def __init__(self, n_way: int = 5, k_shot: int = 5, k_query: int = 15):
        self.n_way = n_way
        self.k_shot = k_shot
        self.k_query = k_query
    
    def sample_batch(self, batch_size: int):
        """Sample a batch of tasks."""
        support_x, support_y = [], []
        query_x, query_y = [], []
        
        for _ in range(batch_size):
            # Generate random task
            task_fn = generate_sinusoid_task()
            
            # Sample support and query sets
            sup_x, sup_y = sample_task_data(task_fn, self.k_shot)
            que_x, que_y = sample_task_data(task_fn, self.k_query)
            
            support_x.append(sup_x)
            support_y.append(sup_y)
            query_x.append(que_x)
            query_y.append(que_y)
        
        return {
            'support': {
                'x': np.stack(support_x),
                'y': np.stack(support_y)
            },
            'query': {
                'x': np.stack(query_x),
                'y': np.stack(query_y)
            }
        }


def train_maml(
    num_iterations: int = 10000,
    meta_batch_size: int = 25,
    meta_lr: float = 1e-3,
    inner_lr: float = 0.01,
    inner_steps: int = 1,
    k_shot: int = 10,
    k_query: int = 10,
):
    """Train MAML model."""
    # Initialize data generator
    data_generator = MAMLDataGenerator(k_shot=k_shot, k_query=k_query)

    # Initialize model and optimizer
    rng = jax.random.PRNGKey(0)
    model = MAMLRegressor(hidden_dim=40, rngs=nnx.Rngs(rng))
    optimizer = nnx.Optimizer(model, optax.adam(meta_lr), wrt=nnx.Param)
    
    
    # Training loop
    
    losses = []
    for iteration in range(num_iterations):
        # Sample batch of tasks
        batch = data_generator.sample_batch(meta_batch_size)
        support_batch = {k: jnp.array(v) for k, v in batch['support'].items()}
        query_batch = {k: jnp.array(v) for k, v in batch['query'].items()}
        
        # MAML training step
        metrics = maml_train_step(
            model, optimizer, support_batch, query_batch,
            inner_lr=inner_lr, inner_steps=inner_steps
        )
        
        losses.append(float(metrics['loss']))
        
    return model


def evaluate_adaptation(model: MAMLRegressor, inner_lr=0.01, n_test_tasks=10):
    """Evaluate MAML's ability to adapt to new tasks."""
    for task_idx in range(n_test_tasks):
        # Generate new task
        task_fn = generate_sinusoid_task()
        
        # Sample support set (for adaptation)
        support_x, support_y = sample_task_data(task_fn, n_samples=10)
        support_x = jnp.array(support_x)
        support_y = jnp.array(support_y)
        
        # Sample query set (for evaluation)
        query_x, query_y = sample_task_data(task_fn, n_samples=50)
        query_x = jnp.array(query_x)
        query_y = jnp.array(query_y)
        
        # Evaluate before adaptation
        pred_before = model(query_x)
        loss_before = jnp.mean((pred_before - query_y) ** 2)
        
        # Adapt to task (1, 5, 10 steps)
        for n_steps in [1, 5, 10]:
            adapted_params = inner_loop(model, support_x, support_y, 
                                       inner_lr=inner_lr, inner_steps=n_steps)
            nnx.update(model, adapted_params)
            
            # Evaluate after adaptation
            pred_after = model(query_x)
            loss_after = jnp.mean((pred_after - query_y) ** 2)
            
            if n_steps == 1:
                print(f"Task {task_idx+1:2d} | "
                      f"Before: {loss_before:.4f} -> "
                      f"After 1 step: {loss_after:.4f}")
