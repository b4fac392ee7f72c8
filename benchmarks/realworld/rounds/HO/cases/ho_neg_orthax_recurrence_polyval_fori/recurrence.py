# Source: https://github.com/f0uriest/orthax/blob/8eac7568644f40c1ae5bc8388b06675c2b3eb45b/orthax/recurrence.py
# Title: orthax/recurrence.py (_polyval and the fori_loop that builds recurrence coefficients)
# Cut: the classes of recurrence relations removed; _polyval kept whole and
#      generate_recurrence kept without its docstring, import guard and return type.
import jax
import jax.numpy as jnp


@jax.jit
def _polyval(x, n, a, b):
    a, b = map(lambda x: jnp.atleast_1d(jnp.asarray(x)), (a, b))
    x = jnp.asarray(x)

    p0 = jnp.zeros_like(x)
    p1 = jnp.ones_like(x)
    pn = p1

    def body(i, state):
        p0, p1, pn = state
        pn = (x - a[i]) * p1 - b[i] * p0
        p0 = p1
        p1 = pn
        return p0, p1, pn

    npos = lambda: jax.lax.fori_loop(0, n, body, (p0, p1, pn))[-1]
    nneg = lambda: jnp.zeros_like(x)
    return jax.lax.cond(n >= 0, npos, nneg)


def generate_recurrence(weight, domain, n, scale="monic", quadrule=None, quadopts=None):
    """Generate recurrence relation coefficients for orthogonal polynomial family. (docstring shortened)"""
    assert scale in ["monic", "normalized"]
    import quadax

    # p-adaptive might be better here, or bootstrapped gauss
    rule = quadrule or quadax.TanhSinhRule(129)
    opts = quadopts or {}
    opts.setdefault("epsabs", 1e-15)
    opts.setdefault("epsrel", 1e-15)
    opts.setdefault("max_ninter", 500)
    opts.setdefault("interval", jnp.asarray(domain))
    quad = lambda fun: quadax.adaptive_quadrature(rule, fun, **opts)

    @jax.jit
    def inner(n, a, b):
        fun = lambda x: _polyval(x, n, a, b) ** 2 * weight(x)
        return quad(fun)

    @jax.jit
    def innerx(n, a, b):
        fun = lambda x: x * _polyval(x, n, a, b) ** 2 * weight(x)
        return quad(fun)

    def body(i, state):
        aa, bb, cc, errs, status = state
        m0, out = inner(i, aa, bb)
        errs = errs.at[i, 0].set(out.err)
        status = status.at[i, 0].set(out.status)
        cc = cc.at[i].set(m0)
        ai, out = innerx(i, aa, bb)
        errs = errs.at[i, 1].set(out.err)
        status = status.at[i, 1].set(out.status)
        aa = aa.at[i].set(ai / cc[i])
        bb = bb.at[i].set(jnp.where(i == 0, m0, cc[i] / cc[i - 1]))
        return aa, bb, cc, errs, status

    aa = jnp.zeros(n)
    bb = jnp.zeros(n)
    cc = jnp.zeros(n)
    status = jnp.zeros((n, 2))
    errs = jnp.zeros((n, 2))

    aa, bb, cc, errs, status = jax.lax.fori_loop(0, n, body, (aa, bb, cc, errs, status))
    # TODO: figure out uncertainties better
    g = jnp.sqrt(cc)
    if scale == "monic":
        m = jnp.ones_like(g)
    else:  # normalized
        m = 1 / g

    return aa, bb, g, m  # upstream: TabulatedRecurrenceRelation(weight, domain, aa, bb, g, m)
