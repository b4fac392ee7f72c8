# Source: https://github.com/ULRA92/TOuNN-works/blob/b4f80c9584269096a35b36bf1fb88e8f89ce95f5/TOuNN.py
# Title: TOuNN.py (thermal topology optimisation with a neural network)
# Cut: kept the class constructor, getThermalMatrix and the optimisation loop that differentiates closure (which calls FE.objective); the penalty branch of computeLoss is inlined into closure; dropped saved-net, logBarrier and plotting code.
import numpy as np
import jax.numpy as jnp
import jax
from jax import jit
from FE_Solver import JAXSolver
from network import TopNet
from projections import applyFourierMap, applySymmetry, applyRotationalSymmetry, applyExtrusion
from jax.example_libraries import optimizers
from materialCoeffs import microStrs, getThermalConductivity


class TOuNN:
    def __init__(self, exampleName, mesh, material, nnSettings, symMap, fourierMap, rotationalSymmetry, extrusion):
        self.exampleName = exampleName
        self.FE = JAXSolver(mesh, material)
        self.xy = self.FE.mesh.elemCenters
        self.fourierMap = fourierMap
        self.topNet = TopNet(nnSettings)
        self.symMap = symMap
        self.mstrData = microStrs
        self.rotationalSymmetry = rotationalSymmetry
        self.extrusion = extrusion

    def getThermalMatrix(self, mstrType, nn_rho):
        vfracPow = {str(pw): nn_rho ** pw for pw in range(self.mstrData.get('square', {}).get('order', 0) + 1)}
        k = jnp.zeros((self.FE.mesh.numElems))

        for mstrCtr, mstr in enumerate(self.mstrData):
            k_mstr = getThermalConductivity(vfracPow, self.mstrData[mstr])
            k = k.at[:].add(jnp.einsum('i,i->i', mstrType[:, mstrCtr], k_mstr))

        return k

    def optimizeDesign(self, optParams, savedNet):
        opt_init, opt_update, get_params = optimizers.adam(optParams['learningRate'])
        opt_state = opt_init(self.topNet.wts)
        opt_update = jit(opt_update)

        xyS = applySymmetry(self.xy, self.symMap)
        xyE = applyExtrusion(xyS, self.extrusion)
        xyR = applyRotationalSymmetry(xyE, self.rotationalSymmetry)
        xyF = applyFourierMap(xyR, self.fourierMap) if self.fourierMap['isOn'] else xyR

        mstrType, density0 = self.topNet.forward(get_params(opt_state), xyF)
        J0 = self.FE.objective(self.getThermalMatrix(mstrType, 0.01 + density0))

        def closure(nnwts, J0=J0):
            mstrType, density = self.topNet.forward(nnwts, xyF)
            volCons = (jnp.mean(density) / optParams['desiredVolumeFraction']) - 1.
            k = jnp.array(self.getThermalMatrix(mstrType, 0.01 + density))
            J = self.FE.objective(k)
            alpha = optParams['lossMethod']['alpha0'] + self.epoch * optParams['lossMethod']['delAlpha']
            return J / J0 + alpha * volCons ** 2

        for self.epoch in range(optParams['maxEpochs']):
            opt_state = opt_update(self.epoch, jax.grad(closure)(get_params(opt_state)), opt_state)
