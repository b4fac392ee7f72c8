# Source: https://github.com/mqasimk/QNS-2Q/blob/4241fbf457ba2fabb9a0c5e1d936dec95c231a25/src/qns2q/control/cz.py
# Title: QNS-2Q src/qns2q/control/cz.py (CZ-gate pulse-timing optimisation: sequence library, PTM)
# Cut: configuration class, fidelity model and optimisation driver removed; cdd() and
#      remove_consecutive_duplicates() reconstructed as short stand-ins (host-side list helpers).
import jax
import jax.numpy as jnp


def cdd(t0, T, n):
    if n == 0:
        return [t0]
    return cdd(t0, T / 2, n - 1) + cdd(t0 + T / 2, T / 2, n - 1)


def remove_consecutive_duplicates(tk):
    out = [tk[0]]
    for t in tk[1:]:
        if t != out[-1]:
            out.append(t)
    return out

def mqCDD(T, n, m):
    """Generates a two-qubit ("multi-qubit") nested CDD sequence: qubit 1
    gets a plain order-`n` CDD train, and qubit 2 gets an order-`m` CDD
    train independently re-started (nested) within EACH of qubit 1's
    inter-pulse intervals. This produces two-qubit sequence pairs running
    at different effective rates on each qubit -- part of the known-
    sequence library `construct_pulse_library` builds and searches, as an
    alternative to plain matched-order CDD(n, n) pairs."""
    # Do not remove duplicates yet to preserve interval structure for nesting
    tk1 = cdd(0., T, n)
    tk2 = []
    for i in range(len(tk1)-1):
        tk2 += cdd(tk1[i], tk1[i+1]-tk1[i], m)
    tk2 += cdd(tk1[-1], T-tk1[-1], m)
    
    tk1 = remove_consecutive_duplicates(tk1)
    tk2 = remove_consecutive_duplicates(tk2)

    if tk1[0] != 0.: tk1 = [0.] + tk1
    if tk2[0] != 0.: tk2 = [0.] + tk2
    
    return [tk1 + [T], tk2 + [T]]

# The two functions below are the first `@jax.jit` uses in this module's
# body (as opposed to the config-time helpers above). `@jax.jit` traces the
# function ONCE per distinct input shape/dtype the first time it's called,
# compiles that trace to fast XLA code, and reuses the compiled version on
# every later call with matching shapes -- so these behave like ordinary
# Python functions but run much faster after the first call, at the cost of
# only accepting array-like inputs (not e.g. Python control flow that
# depends on an array's runtime VALUE).

@jax.jit
def pulse_times_to_delays(tk):
    """Absolute pulse TIMES -> inter-pulse DELAYS (the free optimization
    parameters). Drops the fixed block-boundary times 0 and T (and the
    final delay up to T, which is determined by the others) so a sequence
    of n pulses is represented by n free numbers; the inverse is
    `delays_to_pulse_times`."""
    tk_arr = jnp.array(tk)
    if len(tk_arr) <= 2:
        return jnp.array([])
    diffs = jnp.diff(tk_arr)
    return diffs[:-1]

@jax.jit
def delays_to_pulse_times(delays, T):
    """Inverse of `pulse_times_to_delays`: n free delays -> the full
    (n+2)-length list of absolute pulse times [0, t1, t2, ..., T], with the
    last interval filled in so the total spans exactly the block time T."""
    if delays.size == 0:
        return jnp.array([0., T])
    last_delay = T - jnp.sum(delays)
    all_delays = jnp.concatenate([delays, jnp.array([last_delay])])
    times = jnp.cumsum(all_delays)
    return jnp.concatenate([jnp.array([0.]), times])


@jax.jit
def zzPTM():
    """The ideal (noise-free) CZ gate's Pauli Transfer Matrix (PTM): the
    16x16 real matrix R_ideal such that R_ideal[i,j] = (1/4) Tr(P_i U P_j
    U^dagger), where {P_i} runs over the 16 two-qubit Pauli operators (`p2q`
    = all tensor products of {I, X, Y, Z} = `p1q`) and U = exp(-i*pi/4*Z1Z2)
    is the ideal entangling unitary this gate implements. A PTM is just the
    Pauli-basis representation of how a (possibly noisy) quantum channel
    transforms Pauli operators; comparing a noisy gate's PTM to this ideal
    one (as `calculate_cz_fidelity` does) is the standard way to compute an
    average gate fidelity. Cached implicitly by JAX's jit (this function
    takes no arguments, so it traces/compiles to the same constant matrix
    every call)."""
    p1q = jnp.array([[[1, 0], [0, 1]], [[0, 1], [1, 0]], [[0, -1j], [1j, 0]], [[1, 0], [0, -1]]])
    p2q = jnp.array([jnp.kron(p1q[i], p1q[j]) for i in range(4) for j in range(4)])
    U = jax.scipy.linalg.expm(-1j * jnp.kron(p1q[3], p1q[3]) * jnp.pi / 4)
    gamma = jnp.array([[(1 / 4) * jnp.trace(p2q[i] @ U @ p2q[j] @ U.conj().transpose()) for j in range(16)] for i in
                       range(16)])
    return jnp.real(gamma)
