# Source: https://github.com/manojpn12/TOPOLOGY3D/blob/562d46760353399e1004a2bff5ef1fca1c21f5a1/TOuNN2.py
# Title: TOuNN2.py (3D microstructural TOuNN with polynomial homogenised C)
# Cut: kept getCfromCPolynomial, getCMatrix and the differentiated closure with its epoch loop; dropped timers, debug printing, input-dimension fixes, multi-phase schedule, NaN checks and visualisation. The closure body is shortened to the penalty branch.
import numpy as np
import jax.numpy as jnp
import jax
from jax.example_libraries import optimizers
from FE_Solver2 import JAXSolver
from network import TopNet
from materialCoeffs import microStrs


class TOuNN:
    def __init__(self, exampleName, mesh, material, nnSettings):
        self.exampleName = exampleName
        self.FE = JAXSolver(mesh, material)
        self.xyz = self.FE.mesh.elemCenters
        self.topNet = TopNet(nnSettings)
        self.mstrData = microStrs

    def getCfromCPolynomial(self, vfracPow, mstr):
        components = ['00', '11', '22', '01', '02', '12', '44', '55', '66']
        C = {}
        for c in components:
            C[c] = jnp.zeros(self.FE.mesh.numElems)
        for c in components:
            for pw in range(mstr['order'] + 1):
                C[c] = C[c].at[:].add(mstr[c][str(pw)] * vfracPow[str(pw)])
        return C

    def getCMatrix(self, mstrType, density, penal=1.0):
        components = ['00', '11', '22', '01', '02', '12', '44', '55', '66']
        vfracPow = {}
        for pw in range(self.mstrData['cube']['order'] + 1):
            vfracPow[str(pw)] = density ** pw

        C = {c: jnp.zeros(self.FE.mesh.numElems) for c in components}

        for mstrCtr, mstrName in enumerate(self.mstrData):
            mstr = self.mstrData[mstrName]
            Cmstr = self.getCfromCPolynomial(vfracPow, mstr)
            mstrPenal = mstrType[:, mstrCtr] ** penal

            for c in components:
                stabilized_C = jnp.clip(Cmstr[c], 1e-3, None)
                # Apply penalization and add to C
                C[c] = C[c].at[:].add(jnp.einsum('i,i->i', mstrPenal, stabilized_C))

        return C

    def optimizeDesign(self, optParams, xyzF):
        target_vf = optParams.get('desiredVolumeFraction', 0.7)
        opt_init, opt_update, get_params = optimizers.adam(optParams['learningRate'])
        opt_state = opt_init(self.topNet.wts)
        penal = 1.0

        def closure(params):
            mstrType, density = self.topNet.forward(params, xyzF)
            current_vf = jnp.mean(density)
            volCons = current_vf / target_vf - 1.0
            C = self.getCMatrix(mstrType, density, penal)
            J = self.FE.objectiveHandle(C)
            alpha = optParams['lossMethod']['alpha0'] * (1.2 ** self.epoch)
            loss = J + alpha * jnp.square(volCons)
            return loss

        for i in range(optParams['maxEpochs']):
            self.epoch = i
            params = get_params(opt_state)
            grads = jax.grad(closure)(params)
            opt_state = opt_update(self.epoch, grads, opt_state)
        return get_params(opt_state)
