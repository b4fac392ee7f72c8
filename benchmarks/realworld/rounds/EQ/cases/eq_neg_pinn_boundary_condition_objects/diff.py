# Source: https://github.com/Wingfooted/differentials/blob/871bdf159e91c9985889c5c92ab6bbf0be8e22fb/diff.py
# Title: diff.py (PDE expression loss summing a tuple of boundary/initial-condition objects)
# Cut: only expression.__init__/loss and the boundary/initial classes kept; a vmapped, jitted caller in the style of main.py's make_loss appended.
import jax
import jax.numpy as jnp

from typing import Callable, Tuple


class expression:
    def __init__(self, function: Callable,
                 var: Tuple[str],
                 boundaries=None,
                 *args, **kwargs):

        self.function = function
        self.variables = var
        self.domains_raw = kwargs
        self.domains = list()
        for key, value in kwargs.items():
            if str(key) in self.variables:
                self.domains.append(value)
        
        self.boundaries_defined = True
        if boundaries:
            self.boundaries = boundaries
        else:
            self.boundaries_defined = False

    def loss(self,
             U: Callable = lambda *args: None,
             *args) -> float:

        # expression(x1, x2, ... , xn) -> float
        # expression(x1, x2, ... , xn, U=U_validation) -> float

        value = self.function(U)(*args)
        value = jnp.abs(value)

        boundary_loss = value
        if self.boundaries_defined:
            for boundary in self.boundaries:
                instance_loss = boundary(U, *args)
                boundary_loss += jnp.abs(instance_loss)
        boundary_loss -= value

        return boundary_loss + value



class boundary:
    def __init__(self, LHS: Callable,
                 RHS: Callable,
                 con: Tuple):

        self.RHS = RHS
        self.LHS = LHS
        self.con = con

    def __call__(self, u, *args):
        con = self.con

        def vals(con, args):
            output = []
            if len(con) != len(args):
                print(f"unamtching lens {len(con)}, {len(args)}")
            for i in range(len(con)):
                if isinstance(con[i], float):
                    output.append(con[i])
                else:
                    output.append(args[i])
            # print(output, self.con, args)
            return output

        inputs = vals(con, args)
        rhs_value = self.RHS(u)(*inputs)
        lhs_value = self.LHS(u)(*inputs)
        return jnp.abs(rhs_value - lhs_value)


class initial(boundary):
    # alias for boundary for redability
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)




def make_loss(expression, u_hat, xs):
    def loss(params):
        def loss_unit(x):
            return expression.loss(
                lambda x, t: u_hat.apply(params, jnp.array((x, t)))[0],
                x[0], x[1])
        return jnp.mean(jax.vmap(loss_unit)(xs))
    return jax.jit(loss)
