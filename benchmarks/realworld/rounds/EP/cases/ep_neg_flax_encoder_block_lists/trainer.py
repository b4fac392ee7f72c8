# Source: https://github.com/GuillaumeZahnd/nlp-question-answering/blob/b004e76c8d7644513b62a324e7e82dfe6224820a/jax_transformer_mlm/trainer.py
# Title: jax_transformer_mlm/trainer.py
# Cut: kept create_jitted_train_and_eval_functions only (class shell reduced).
import jax


class TrainerModule:

    def get_loss_function(self):
        raise NotImplementedError


    def create_jitted_train_and_eval_functions(self):
        calculate_loss = self.get_loss_function()

        def train_step(state, rng, batch):
            loss_fn = lambda params: calculate_loss(params, rng, batch, train=True)
            ret, grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
            loss, acc, rng = ret[0], *ret[1]
            state = state.apply_gradients(grads=grads)
            return state, rng, loss, acc
        self.train_step = jax.jit(train_step)


        def eval_step(state, rng, batch):
            _, (acc, rng) = calculate_loss(state.params, rng, batch, train=False)
            return acc, rng
        self.eval_step = jax.jit(eval_step)
