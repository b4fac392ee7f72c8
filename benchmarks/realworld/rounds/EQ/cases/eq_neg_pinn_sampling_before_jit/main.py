# Source: https://github.com/Wingfooted/differentials/blob/4b94ec0e47011bcf5f461bf31379b6a7d80c1c1b/main.py
# Title: main.py at "working demo (not sine gordon)" (PINN for the heat equation, collocation points drawn once)
# Cut: expression/domain classes inlined from differentials.py of the same commit (only vector, matrix and the domain generator); boundaries, model and the training loop reduced.
import jax
import jax.random as random
import jax.numpy as jnp


class expression:
    def __init__(self, function, var, **kwargs):
        self.function = function
        self.variables = var
        self.domains = [value for key, value in kwargs.items() if str(key) in var]

    def vector(self) -> jnp.array:
        # retuns a vector domain
        vector_internal = [next(domain) for domain in self.domains]
        return jnp.array(vector_internal)

    def matrix(self, n: int = 1) -> jnp.array:
        # returns a matrix of domain # traversal row wise
        matrix_internal = [(self.vector()) for _ in range(n)]
        return jnp.array(matrix_internal)


def domain(a: float = 0.0, b: float = 1.0,
           open_a: bool = True,
           open_b: bool = True,
           rng=random.key(1)):

    while True:
        rng, subkey = random.split(rng)
        sample = random.uniform(subkey, shape=(), minval=a, maxval=b)
        yield sample



def make_loss(expression, n=100, struct=(1, 1)):
    u_hat, _ = expression.u(struct=struct)
    # hyper param, num of samples per loss
    xs = expression.matrix(n)
    def loss(params):
        def loss_unit(x):
            error = expression.loss(
                lambda x, t: u_hat.apply(params, jnp.array((x, t)))[0],
                x[0], x[1]  # this is for x and t. No better way exists to do this
            )
            return error
        return jnp.max(jax.vmap(loss_unit)(xs))
        # here there is a contention. What loss is better, the worst point tested, or the average point tested
    return jax.jit(loss)


def train(heat, params, u_hat, param_update, velocity, epochs=1000, model_structure=(30,) * 10):
    heat_loss = make_loss(heat, n=50000, struct=model_structure)
    for epoch in range(epochs):
        loss, grads = jax.value_and_grad(heat_loss)(params)
        # gradient descent component
        velocity, params = param_update(params, grads, velocity)
        if epoch % 1 == 0:
            print(f"epoch: {epoch}, loss: {loss}")
    return params
