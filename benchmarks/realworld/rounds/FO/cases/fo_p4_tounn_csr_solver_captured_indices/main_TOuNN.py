# Source: https://github.com/Strawl/JAXTOuNN/blob/5e63fc6d14d313a83bc9ebde198d41519d8b0402/main_TOuNN.py
# Title: main_TOuNN.py (driver; config.txt at the same commit sets nelx = 180, nely = 90)
# Cut: kept the mesh/material set-up and the solver construction; dropped the network, loss and export settings. The closure below is cut from TOuNN.optimizeDesign at the same commit (penalty branch only).
import numpy as np
import jax
import jax.numpy as jnp
from examples import getExampleBC
from Mesher import RectangularGridMesher
from material import Material
from FE_Solver import JAXSolver

import configparser

configFile = './config.txt'
config = configparser.ConfigParser()
config.read(configFile)

meshConfig = config['MESH']
ndim = meshConfig.getint('ndim') # default for 2
nelx = meshConfig.getint('nelx') # number of FE elements along X
nely = meshConfig.getint('nely') # number of FE elements along Y
example = meshConfig.getint('example', fallback=2)
elemSize = np.array(meshConfig['elemSize'].split(',')).astype(float)
exampleName, bcSettings, symMap = getExampleBC(example, nelx, nely)
mesh = RectangularGridMesher(ndim, nelx, nely, elemSize, bcSettings)

materialConfig = config['MATERIAL']
E, nu =  materialConfig.getfloat('E'), materialConfig.getfloat('nu')
Emin = materialConfig.getfloat('Emin', fallback=1e-3*E)
matProp = {'physics':'structural', 'Emax':E, 'nu':nu, 'Emin':Emin}
material = Material(matProp)

FE = JAXSolver(mesh, material)


def make_closure(topNet, xy, J0, penal, alpha, desiredVolumeFraction):
    def closure(nnwts):
      density = topNet.forward(nnwts, xy).reshape(-1)
      volCons = (jnp.mean(density)/desiredVolumeFraction)- 1.
      J = FE.objectiveHandle(density, penal)
      return J/J0 + alpha*volCons**2
    return jax.grad(closure)
