# Source: https://github.com/KhaKimThuy/Simple-Transformer-For-Translation-In-Pytorch-Jax/blob/9fb1747993785cc5d79b3bc0c7700e0c5604f7a6/jax_flax_transformer/train.py
# Title: jax_flax_transformer/train.py -- training module of the Flax translation Transformer
# Cut: kept create_functions (jitted train/eval steps) of the trainer class; the rest dropped.
import jax


class TrainerModule:
    def get_loss_function(self):
        # Return a function that calculates the loss for a batch
        # To be implemented in a task specific sub-class
        raise NotImplementedError
        
    def create_functions(self):
        # Create jitted train and eval functions
        calculate_loss = self.get_loss_function()

        # Training function
        def train_step(state, rng, batch):
            loss_fn = lambda params: calculate_loss(params, rng, batch, train=True)
            ret, grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
            loss, acc, rng = ret[0], *ret[1]
            state = state.apply_gradients(grads=grads)

            return state, rng, loss, acc
        
        self.train_step = jax.jit(train_step)
        
        # Evaluation function
        def eval_step(state, rng, batch):
            loss, (acc, rng) = calculate_loss(state.params, rng, batch, train=False)
            return loss, acc, rng
        self.eval_step = jax.jit(eval_step)
        
