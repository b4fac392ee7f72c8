# Source: https://github.com/stefanhiemer/topoptlab/blob/f5bfc744c87f6fbc6c116ce0f472575ade7d2984/topopt_jax.py
# Title: topopt_jax.py (165-line topology optimisation code ported to jax.numpy)
# Cut: kept the index set-up, the density-filter assembly, the optimisation loop with the load-case loop, and the OC update; dropped the PDE-filter and passive-element branches, plotting, docstrings and lk().
import jax.numpy as np
from jax.experimental.sparse import BCOO
from jax.experimental.sparse.linalg import spsolve


def main(nelx, nely, volfrac, penal, rmin, ft):
    Emin = 1e-9
    Emax = 1.0
    ndof = 2*(nelx+1)*(nely+1)
    x = volfrac * np.ones(nely*nelx, dtype=float)
    xold = x.copy()
    xPhys = x.copy()
    g = 0
    KE = lk()
    elx,ely = np.arange(nelx)[:,None], np.arange(nely)[None,:]
    el = np.arange(nelx*nely)
    n1 = ((nely+1)*elx+ely).flatten()
    n2 = ((nely+1)*(elx+1)+ely).flatten()
    edofMat = np.column_stack((2*n1+2, 2*n1+3, 2*n2+2, 2*n2+3, 
                               2*n2, 2*n2+1, 2*n1, 2*n1+1))
    iK = np.kron(edofMat, np.ones((8, 1))).flatten()
    jK = np.kron(edofMat, np.ones((1, 8))).flatten()
    # Filter: Build (and assemble) the index+data vectors for the coo matrix format
    nfilter = int(nelx*nely*((2*(np.ceil(rmin)-1)+1)**2))
    iH = np.zeros(nfilter)
    jH = np.zeros(nfilter)
    sH = np.zeros(nfilter)
    i = np.floor(el/nely)
    j = el%nely
    kk1 = np.maximum(i-(np.ceil(rmin)-1), 0).astype(int)
    kk2 = np.minimum(i+np.ceil(rmin), nelx).astype(int)
    ll1 = np.maximum(j-(np.ceil(rmin)-1), 0).astype(int)
    ll2 = np.minimum(j+np.ceil(rmin), nely).astype(int)
    n_neigh = (kk2-kk1)*(ll2-ll1)
    el,i,j = np.repeat(el, n_neigh),np.repeat(i, n_neigh),np.repeat(j, n_neigh)
    cc = np.arange(el.shape[0])
    k,l = np.hstack([np.stack([a.flatten() for a in \
                     np.meshgrid(np.arange(k1,k2),np.arange(l1,l2))]) \
                     for k1,k2,l1,l2 in zip(kk1,kk2,ll1,ll2)])
    fac = rmin-np.sqrt(((i-k)**2+(j-l)**2))
    iH = iH.at[cc].set(el) # row
    jH = jH.at[cc].set(k*nely+l) #column
    sH = sH.at[cc].set(np.maximum(0.0, fac))
    H = BCOO((sH, np.column_stack((iH, jH)).astype(np.int64)), 
             shape=(nelx*nely, nelx*nely))
    Hs = H.sum(1)
    dofs = np.arange(2*(nelx+1)*(nely+1))
    fixed = np.union1d(dofs[0:2*(nely+1):2], 
                       np.array([2*(nelx+1)*(nely+1)-1]))
    free = np.setdiff1d(dofs, fixed)
    f = np.zeros((ndof, 1))
    u = np.zeros((ndof, 1))
    f = f.at[1,0].set(-1) # MBB
    mask = ~(np.isin(iK,fixed) | np.isin(jK,fixed))
    iK,jK = update_indices(iK, fixed, mask),update_indices(jK, fixed, mask)
    ndof_free = ndof - fixed.shape[0]
    for loop in np.arange(2000):
        # Setup and solve FE problem
        sK = (KE.flatten()[:,None]*(Emin+(xPhys)
              ** penal*(Emax-Emin))).flatten(order='F')[mask]
        K = BCOO((sK, np.column_stack((iK, jK)).astype(np.int64)), 
                 shape=(ndof_free, ndof_free))
        if u.shape[1] == 1:
            u = u.at[free, 0].set(spsolve(K, f[free, 0]))
        else:
            u = u.at[free,:].set(spsolve(K, f[free, :]))
        # Objective and sensitivity
        obj = 0
        dc = 0
        for i in np.arange(f.shape[1]):
            ui = u[:,i]
            ce = (np.dot(ui[edofMat].reshape(nelx*nely, 8), KE)
                     * ui[edofMat].reshape(nelx*nely, 8)).sum(1)
            obj += ((Emin+xPhys**penal*(Emax-Emin))*ce).sum()
            dc -= penal*xPhys**(penal-1)*(Emax-Emin)*ce
        dv = np.ones(nely*nelx)
        if ft == 0:
            dc = np.asarray((H*(x*dc))[np.newaxis].T /
                               Hs)[:, 0] / np.maximum(0.001, x)
        elif ft == 1:
            dc = np.asarray(H*(dc[np.newaxis].T/Hs))[:, 0]
            dv = np.asarray(H*(dv[np.newaxis].T/Hs))[:, 0] 
        xold = x.copy()
        (x, g) = oc(nelx, nely, x, volfrac, dc, dv, g, None)
        if ft == 0:
            xPhys = x
        elif ft == 1:
            xPhys = np.asarray(H*x[np.newaxis].T/Hs)[:, 0]
        change = (np.abs(x-xold)).max()
        if change < 0.01:
            break
    return x, obj


def oc(nelx, nely, x, volfrac, dc, dv, g, pass_el):
    l1 = 0
    l2 = 1e9
    move = 0.2
    # reshape to perform vector operations
    xnew = np.zeros(nelx*nely)
    while (l2-l1)/(l1+l2) > 1e-3:
        lmid = 0.5*(l2+l1)
        xnew[:] = np.maximum(0.0, np.maximum(
            x-move, np.minimum(1.0, np.minimum(x+move, x*np.sqrt(-dc/dv/lmid)))))
        gt = xnew.sum() - volfrac * x.shape[0] #g+np.sum((dv*(xnew-x)))
        if gt > 0:
            l1 = lmid
        else:
            l2 = lmid
    return (xnew, gt)
