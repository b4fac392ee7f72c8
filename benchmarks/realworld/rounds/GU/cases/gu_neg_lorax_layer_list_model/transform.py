# Source: https://github.com/davisyoshida/lorax/blob/1ebd0efa6c467974357bb9f73fe4a4967b487622/lorax/transform.py
# Title: lorax: lorax/transform.py (LoraWeight and its dot_general handler)
# Cut: kept imports, lora(), LoraWeight and the lhs dot_general handler verbatim; cut the other primitive handlers
from dataclasses import dataclass
from functools import partial
import warnings

import jax
import qax

def lora(f):
    """
    Alias for qax.use_implicit_args to reduce necessary modification to code
    using older version of Lorax
    """
    return qax.use_implicit_args(f)

@dataclass
class LoraWeight(qax.ImplicitArray):
    w : qax.ArrayValue # M x N
    a : qax.ArrayValue # k x N
    b : qax.ArrayValue # M x k

    alpha : float = qax.aux_field(default=1.)

    def __post_init__(self):
        super().__post_init__()
        assert self.a.shape[-2] == self.b.shape[-1]
        assert self.w.shape[-2] == self.b.shape[-2]
        assert self.w.shape[-1] == self.a.shape[-1]

    def materialize(self):
        return (self.w + self.get_scale() * self.b @ self.a).astype(self.w.dtype)

    def get_scale(self):
        return self.alpha / self.b.shape[-1]

def _check_dot_dimension_numbers(dimension_numbers):
    (lhs_contract, rhs_contract), (lhs_batch, rhs_batch) = dimension_numbers
    if lhs_batch or rhs_batch:
        warnings.warn('Lorax does not support batched matmuls')
        return False
    if len(lhs_contract) != 1 or len(rhs_contract) != 1:
        warnings.warn('Lorax only supports matmul')
        return False
    return True

@qax.primitive_handler('dot_general')
def handle_dot_lhs(primitive, lora : LoraWeight, rhs: qax.ArrayValue, *, dimension_numbers, **kwargs):
    if not _check_dot_dimension_numbers(dimension_numbers):
        return NotImplemented

    if isinstance(rhs, LoraWeight):
        rhs = rhs.materialize()
        warnings.warn('Encountered product of two LoraWeights. Materializing the rhs')

    op = partial(jax.lax.dot_general, **kwargs)


    lhs_contract, = dimension_numbers[0][0]

    first, second = (lora.a, lora.b) if lhs_contract == 1 else (lora.b, lora.a)

    first *= lora.get_scale()

    orig = op(lora.w, rhs, dimension_numbers=dimension_numbers)
    lora_product = op(first, rhs, dimension_numbers=dimension_numbers)

    second_dimension_numbers = ((lhs_contract,), (0,)), dimension_numbers[1]

    lora_product = op(second, lora_product, dimension_numbers=second_dimension_numbers)

    return (orig + lora_product).astype(orig.dtype)
