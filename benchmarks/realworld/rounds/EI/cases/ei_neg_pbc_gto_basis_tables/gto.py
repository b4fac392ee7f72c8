# Source: https://github.com/fermiflow/Hugoniot/blob/d0ca184c0ed12ec8896256f169ebdb6c747b557b/hqc/hqc/pbc/gto.py
# Title: hqc/hqc/pbc/gto.py (make_pbc_gto: basis tables built before the traced orbital function)
# Cut: kept load_gto, _make_alpha and _make_cart2gto plus the returned jitted evaluator outline; cartesian power tables cut.
import jax
import numpy as np
import jax.numpy as jnp
from hqc.basis.parse import parse_quant_num, parse_gto, normalize_gto_coeff


def make_pbc_gto(basis: str, L: float, rcut: float = 24,
                 gamma: bool = True, lcao_xyz: bool = False):
    element = 'H'

    def load_gto(element, basis):
        gto_coeffs = parse_gto(element, basis)
        quant_num = parse_quant_num(element, basis)
        norm_gto_coeffs = normalize_gto_coeff(quant_num, gto_coeffs)
        num_sets = len(quant_num)

        l_min = 10
        l_max = 0
        for set_i in range(num_sets):
            if quant_num[set_i][1] < l_min:
                l_min = quant_num[set_i][1]
            if quant_num[set_i][2] > l_max:
                l_max = quant_num[set_i][2]
        return quant_num, norm_gto_coeffs, num_sets, l_min, l_max

    quant_num, norm_gto_coeffs, num_sets, l_min, l_max = load_gto(element, basis)

    # make 1d lattice for pbc summation
    tmax = rcut//L
    lattice_1d = jnp.arange(-tmax, tmax+1) * L

    def _make_alpha():
        all_alpha = jnp.array([])
        for set_i in range(num_sets):
            all_alpha = jnp.concatenate((all_alpha, norm_gto_coeffs[set_i][:, 0]), axis=0)
        return all_alpha

    all_alpha = _make_alpha() # (n_all_alpha,)

    def _eval_num_cart(l):
        return (l+2)*(l+1)//2

    def _make_cart2gto(l_max):
        num_cart = jax.vmap(_eval_num_cart)(np.arange(0, l_max+1)) # n_l
        cart2gto = np.zeros((np.sum(num_cart), 1))
        for set_i in range(num_sets):
            l_1 = quant_num[set_i][1] # min l in set_i
            l_2 = quant_num[set_i][2] # max l in set_i
            for l in range(l_1, l_2+1):
                i_1 = np.sum(quant_num[set_i][4:l-l_1+4])+1
                i_2 = np.sum(quant_num[set_i][4:l-l_1+5])+1
                for i in range(i_1, i_2):
                    cart2gto = np.hstack((cart2gto,
                        np.insert(np.zeros((np.sum(num_cart)-num_cart[l], num_cart[l])),
                        np.sum(num_cart[:l]), np.identity(num_cart[l]), axis=0)))
        cart2gto = cart2gto[:, 1:]
        return cart2gto

    cart2gto = _make_cart2gto(l_max)

    def eval_pbc_gto(xp, xe):
        r = xe[None, None, :] - xp[:, None, :] + lattice_1d[None, :, None]
        r2 = jnp.sum(r**2, axis=-1)
        return jnp.einsum('pt,a->pa', jnp.exp(-r2), all_alpha)

    return eval_pbc_gto
