# Source: https://github.com/David-Chemaly/KorgMAX/blob/bd12706bc863ae0545cd0dfeba674380519d3de5/korg_jax/statmech.py
# Title: KorgMAX first commit (korg_jax, JAX port of Korg.jl) -- korg_jax/statmech.py, build_residual_fn / newton_solve
# Cut: the element part of the residual and the damping in newton_solve shortened; the molecule scan with its
#      fixed 6-slot atom loops kept verbatim.
import jax
import jax.numpy as jnp

MAX_ATOMIC_NUMBER = 92


def build_residual_fn(absolute_abundances, n_tot, wII_ne, wIII_ne2,
                      mol_atom_Z, mol_n_atoms, mol_charges, log_nKs):
    """Return a pure JAX function ``residuals(x) -> F`` for Newton's method.

    ``x[0:92]`` = neutral fraction of each element.
    ``x[92]`` = ne / n_tot * 1e5.

    *mol_atom_Z* : (n_mol, MAX_ATOMS) int array of atomic numbers (0-padded).
    *mol_n_atoms* : (n_mol,) int.
    *mol_charges* : (n_mol,) int.
    *log_nKs* : (n_mol,) float64 — log10 number-density equilibrium constants.
    """
    N = MAX_ATOMIC_NUMBER
    abs_ab = jnp.array(absolute_abundances)
    wII_ne_j = jnp.array(wII_ne)
    wIII_ne2_j = jnp.array(wIII_ne2)
    mol_Z = jnp.array(mol_atom_Z)          # (n_mol, 6)
    mol_na = jnp.array(mol_n_atoms)        # (n_mol,)
    mol_ch = jnp.array(mol_charges)        # (n_mol,)
    log_nKs_j = jnp.array(log_nKs)         # (n_mol,)

    def residuals(x):
        ne = jnp.abs(x[N]) * n_tot * 1e-5
        atom_nd = abs_ab * (n_tot - ne)               # total atoms
        neutral_nd = atom_nd * jnp.abs(x[:N])          # neutral number densities

        wII = wII_ne_j / ne
        wIII = wIII_ne2_j / ne ** 2

        # F[Z] = atom_nd[Z] - (1 + wII + wIII) * neutral_nd[Z] - molecule contributions
        F_atoms = atom_nd - (1.0 + wII + wIII) * neutral_nd

        # Electron balance: sum of freed electrons - ne
        F_elec = jnp.sum((wII + 2.0 * wIII) * neutral_nd) - ne

        # Molecule contributions via log-space
        # Clamp to a tiny positive value to avoid -inf in log10 and NaN in
        # gradients (inf * 0 from d(log10(0))/dx when abundance is zero).
        # jnp.maximum ensures the tangent is 0 for clamped entries.
        log_neutral = jnp.log10(jnp.maximum(neutral_nd, 1e-300))

        def mol_contribution(carry, mol_idx):
            F_a, F_e = carry
            # Sum log(neutral[Z]) for each constituent atom
            atom_Zs = mol_Z[mol_idx]  # (6,) 0-padded, 1-based Z
            na = mol_na[mol_idx]
            charge = mol_ch[mol_idx]

            # For neutral molecules: sum log n(Z I) for each atom
            # For charged diatomics: first atom is ionised
            log_sum = jnp.float64(0.0)
            for k in range(6):
                # Only count non-zero entries
                Z_k = atom_Zs[k]
                is_active = Z_k > 0
                # Safe index: use 0 when Z_k=0 (padding) to avoid
                # wrapping to index 91
                safe_idx = jnp.where(is_active, Z_k - 1, 0)
                contrib = jnp.where(is_active, log_neutral[safe_idx], 0.0)
                log_sum = log_sum + contrib

            # Charged diatomic correction: first atom (lower Z) is ionised
            # Add log(wII[Z1]) and subtract one neutral log
            # (Korg: Z1 is the first non-zero atom)
            first_Z = atom_Zs[jnp.argmax(atom_Zs > 0)]
            safe_first = jnp.where(first_Z > 0, first_Z - 1, 0)
            charged_corr = jnp.where(
                charge == 1,
                jnp.log10(jnp.maximum(wII_ne_j[safe_first] / ne, 1e-300)),
                0.0
            )
            log_sum = log_sum + charged_corr

            n_mol = 10.0 ** (log_sum - log_nKs_j[mol_idx])

            # Subtract from each constituent element
            for k in range(6):
                Z_k = atom_Zs[k]
                is_active = Z_k > 0
                safe_idx = jnp.where(is_active, Z_k - 1, 0)
                F_a = F_a.at[safe_idx].add(jnp.where(is_active, -n_mol, 0.0))

            # Charged molecules contribute to electron balance
            F_e = F_e + jnp.where(charge == 1, n_mol, 0.0)

            return (F_a, F_e), None

        n_mol = mol_Z.shape[0]
        (F_atoms, F_elec), _ = jax.lax.scan(
            mol_contribution, (F_atoms, F_elec), jnp.arange(n_mol)
        )

        # Normalise (safe division: zero-abundance elements get residual 0)
        F_atoms = jnp.where(atom_nd > 0, F_atoms / atom_nd, 0.0)
        F_elec = F_elec / (ne * 1e-5)

        return jnp.concatenate([F_atoms, F_elec[None]])

    return residuals




# ── Newton solver ────────────────────────────────────────────────────────────

def newton_solve(residual_fn, x0, max_iter=1000, tol=1e-8):
    """Damped Newton solver using ``jax.lax.while_loop``."""
    jac_fn = jax.jacfwd(residual_fn)

    def cond(state):
        x, F, i = state
        return (jnp.max(jnp.abs(F)) > tol) & (i < max_iter)

    def body(state):
        x, F, i = state
        J = jac_fn(x)
        # Solve J @ dx = -F
        dx = jnp.linalg.solve(J, -F)
        x = x + dx
        return x, residual_fn(x), i + 1

    x, _, _ = jax.lax.while_loop(cond, body, (x0, residual_fn(x0), 0))
    return x
