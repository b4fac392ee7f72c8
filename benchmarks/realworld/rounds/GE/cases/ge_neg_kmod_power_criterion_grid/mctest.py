# Source: https://github.com/wittawatj/kernel-mod/blob/147a05888855a15d72b28a734752a91d93018604/kmod/mctest.py
# Title: kmod/mctest.py (kernel model comparison tests, DC_FSSD)
# Cut: kept DC_FSSD.compute_stat, get_H1_mean_variance, get_power_criterion_func, power_criterion and DC_GaussFSSD.optimize_power_criterion (autograd gradient of the power criterion); dropped constructors, perform_test, docstrings and the UME tests.
import autograd
import autograd.numpy as np
import kgof.goftest as gof
from kmod import kernel, util, log
import scipy


class DC_FSSD(object):
    def compute_stat(self, dat):
        X = dat.data()
        n = X.shape[0] # n = sample size
        # This returns n*FSSD^2(p, k, V)
        nfssdp2 = self.fssdp.compute_stat(dat)
        nfssdq2 = self.fssdq.compute_stat(dat)
        # want \sqrt{n}*(FSSD^2(p, k, V) - FSSD^2(q, l, W))
        s = (nfssdp2-nfssdq2)/(n**0.5)
        return s

    def get_H1_mean_variance(self, dat):
        fssdp = self.fssdp
        fssdq = self.fssdq
        X = dat.data()

        # Feature tensor: n x d x Jp where n = sample size.
        Xip = fssdp.feature_tensor(X)
        n, d, Jp = Xip.shape
        # Feature tensor: n x d x Jq where n = sample size.
        Xiq = fssdq.feature_tensor(X)
        Jq = Xiq.shape[2]
        assert Xiq.shape[0] == n
        assert Xiq.shape[1] == d

        statp, varp = gof.FSSD.ustat_h1_mean_variance(Xip, return_variance=True, use_unbiased=True)
        if varp <= 0:
            log.l().warning('varp is not positive. Was {}'.format(varp))
        statq, varq = gof.FSSD.ustat_h1_mean_variance(Xiq, return_variance=True, use_unbiased=True)
        if varq <= 0:
            log.l().warning('varq is not positive. Was {}'.format(varq))
        mean_h1 = statp - statq

        # compute the cross covariance (i.e., diagonal entries of the
        # covariance of the asymptotic joint normal).
        # mu: d*J vector
        Taup = np.reshape(Xip, [n, d*Jp])
        Tauq = np.reshape(Xiq, [n, d*Jq])
        # length-d*Jp vector
        mup = np.mean(Taup, 0)
        muq = np.mean(Tauq, 0)
        varpq = 4.0*np.mean(np.dot(Taup, mup)*np.dot(Tauq, muq) ) - 4.0*np.sum(mup**2)*np.sum(muq**2)
        variance = varp - 2.0*varpq + varq
        if variance <= 0:
            log.l().warning('variance of the stat is not positive. Was {}'.format(variance))
        return mean_h1, variance

    @staticmethod
    def get_power_criterion_func(p, q, datar, k, l, reg=1e-7):
        def power_cri(V):
            # TODO: This is not efficient. Should be good enough for plotting
            # purpose.
            J = V.shape[0]
            values = np.zeros(J)
            for i, v in enumerate(V):
                Vi = v.reshape([1, -1])
                values[i] = DC_FSSD.power_criterion(p, q, datar,
                        k, l, Vi, Vi, reg=reg)
            return values
        return power_cri

    @staticmethod
    def power_criterion(p, q, datar, k, l, V, W, reg=1e-3):
        dcfssd = DC_FSSD(p, q, k, l, V, W)
        mean_h1, var_h1 = dcfssd.get_H1_mean_variance(datar)
        ratio = mean_h1/np.sqrt(var_h1 + reg)
        return ratio


class DC_GaussFSSD(DC_FSSD):
    @staticmethod
    def optimize_power_criterion(p, q, datar, V0, gwidth0, reg=1e-3,
            max_iter=100, tol_fun=1e-6, disp=False, locs_bounds_frac=100,
            gwidth_lb=None, gwidth_ub=None, added_obj=None):
        J = V0.shape[0]
        Z = datar.data()
        n, d = Z.shape

        # Parameterize the Gaussian width with its square root (then square later)
        # to automatically enforce the positivity.
        def obj(sqrt_gwidth, V):
            gwidth2 = sqrt_gwidth**2
            k = kernel.KGauss(gwidth2)
            if added_obj is None:
                return -DC_FSSD.power_criterion(p, q, datar, k, k, V, V,
                        reg=reg)
            else:
                return -(DC_FSSD.power_criterion(p, q, datar, k, k, V, V,
                        reg=reg) + added_obj(gwidth2, V))

        flatten = lambda gwidth, V: np.hstack((gwidth, V.reshape(-1)))
        def unflatten(x):
            sqrt_gwidth = x[0]
            V = np.reshape(x[1:], (J, d))
            return sqrt_gwidth, V

        def flat_obj(x):
            sqrt_gwidth, V = unflatten(x)
            return obj(sqrt_gwidth, V)

        # Initial point
        x0 = flatten(np.sqrt(gwidth0), V0)
        
        #make sure that the optimized gwidth is not too small or too large.
        med2 = util.meddistance(Z, subsample=1000)**2
        fac_min = 1e-2 
        fac_max = 1e2
        if gwidth_lb is None:
            gwidth_lb = max(fac_min*med2, 1e-3)
        if gwidth_ub is None:
            gwidth_ub = min(fac_max*med2, 1e5)

        # Make a box to bound test locations
        Z_std = np.std(Z, axis=0)
        # Z_min: length-d array
        Z_min = np.min(Z, axis=0)
        Z_max = np.max(Z, axis=0)
        # V_lb: J x d
        V_lb = np.tile(Z_min - locs_bounds_frac*Z_std, (J, 1))
        V_ub = np.tile(Z_max + locs_bounds_frac*Z_std, (J, 1))
        # (J*d+1) x 2. Take square root because we parameterize with the square
        # root
        x0_lb = np.hstack((np.sqrt(gwidth_lb), np.reshape(V_lb, -1)))
        x0_ub = np.hstack((np.sqrt(gwidth_ub), np.reshape(V_ub, -1)))
        x0_bounds = list(zip(x0_lb, x0_ub))

        # optimize. Time the optimization as well.
        # https://docs.scipy.org/doc/scipy/reference/optimize.minimize-lbfgsb.html
        grad_obj = autograd.elementwise_grad(flat_obj)
        with util.ContextTimer() as timer:
            opt_result = scipy.optimize.minimize(
              flat_obj, x0, method='L-BFGS-B', 
              bounds=x0_bounds,
              tol=tol_fun, 
              options={
                  'maxiter': max_iter, 'ftol': tol_fun, 'disp': disp,
                  'gtol': 1.0e-08,
                  },
              jac=grad_obj,
            )

        opt_result = dict(opt_result)
        opt_result['time_secs'] = timer.secs
        x_opt = opt_result['x']
        sq_gw_opt, V_opt = unflatten(x_opt)
        gw_opt = sq_gw_opt**2

        assert util.is_real_num(gw_opt), 'gw_opt is not real. Was %s' % str(gw_opt)
        return V_opt, gw_opt, opt_result


