# Source: https://github.com/khiner/jaxdsp/blob/c82e0b998f987b51e4270851a78ad84e7c8a67ef/jaxdsp/training.py
# Title: jaxdsp/training.py
# Cut: Trainer reduced to set_loss_options and step; processor graph call kept as an injected function.
from jax import value_and_grad, jit

from loss import LossOptions, loss_fn


class Trainer:
    def __init__(self, tick_buffer, optimizer):
        self.tick_buffer = tick_buffer
        self.optimizer = optimizer
        self.step_num = 0
        self.set_loss_options(None)

    def set_loss_options(self, loss_options):
        self.loss_options = loss_options or LossOptions()

        def processor_loss(params, state, X, Y_target):
            carry, Y_estimated = self.tick_buffer((params, state), X)
            return (
                loss_fn(Y_estimated, Y_target, self.loss_options),
                carry[1],  # return state as aux
            )

        self.grad_fn = jit(value_and_grad(processor_loss, has_aux=True))

    def step(self, X, Y_target):
        (self.loss, self.state), self.grads = self.grad_fn(
            self.params, self.state, X, Y_target
        )
        self.opt_state = self.optimizer.update(self.step_num, self.grads, self.opt_state)
        self.step_num += 1
