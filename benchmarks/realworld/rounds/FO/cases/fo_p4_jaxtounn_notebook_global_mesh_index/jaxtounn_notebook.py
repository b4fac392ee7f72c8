# Source: https://github.com/UW-ERSL/JAXTOuNN/blob/a1b75f950f836c80c1121fcf123decd5230da836/JaxTOuNN.ipynb
# Title: JaxTOuNN.ipynb (topology optimisation using neural networks, JAX notebook)
# Cut: notebook code cells converted to a script (mesh, getMeshStructure, D0, mid-cantilever boundary conditions, FESolver, optimizeDesign); getYoungsModulus and the penalty branch of computeLoss are inlined; the stax network is passed in as fwdNN/params instead of being built in optimizeDesign; dropped plotting, symmetry, Fourier-map and logBarrier code.
import numpy as np
import jax
import jax.numpy as jnp
from jax import jit, grad, random
import jax.example_libraries.optimizers as optimizers

nelx, nely = 40, 20
elemSize = np.array([1., 1.])
mesh = {'ndim':2, 'nelx':nelx, 'nely':nely, 'elemSize':elemSize,\
        'ndof':2*(nelx+1)*(nely+1), 'numElems':nelx*nely}

def getMeshStructure(mesh):
  # returns edofMat: array of size (numElemsX8) with
  # the global dof of each elem
  # idx: A tuple informing the position for assembly of computed entries
  edofMat=np.zeros((mesh['nelx']*mesh['nely'],8),dtype=int)
  for elx in range(mesh['nelx']):
    for ely in range(mesh['nely']):
      el = ely+elx*mesh['nely']
      n1=(mesh['nely']+1)*elx+ely
      n2=(mesh['nely']+1)*(elx+1)+ely
      edofMat[el,:]=np.array([2*n1+2, 2*n1+3, 2*n2+2,\
                      2*n2+3,2*n2, 2*n2+1, 2*n1, 2*n1+1])
  iK = tuple(np.kron(edofMat,np.ones((8,1))).flatten().astype(int))
  jK = tuple(np.kron(edofMat,np.ones((1,8))).flatten().astype(int))
  idx = (iK,jK)
  return edofMat, idx

edofMat, idx = getMeshStructure(mesh)

material = {'Emax':1., 'Emin':1e-3, 'nu':0.3, 'penal':1.}

def getD0(material):
  E = 1.
  nu = material['nu'];
  k = np.array([1/2-nu/6,1/8+nu/8,-1/4-nu/12,-1/8+3*nu/8,\
                  -1/4+nu/12,-1/8-nu/8,nu/6,1/8-3*nu/8])
  KE = \
  E/(1-nu**2)*np.array([ [k[0], k[1], k[2], k[3], k[4], k[5], k[6], k[7]],
  [k[1], k[0], k[7], k[6], k[5], k[4], k[3], k[2]],
  [k[2], k[7], k[0], k[5], k[6], k[3], k[4], k[1]],
  [k[3], k[6], k[5], k[0], k[7], k[2], k[1], k[4]],
  [k[4], k[5], k[6], k[7], k[0], k[1], k[2], k[3]],
  [k[5], k[4], k[3], k[2], k[1], k[0], k[7], k[6]],
  [k[6], k[3], k[4], k[1], k[2], k[7], k[0], k[5]],
  [k[7], k[2], k[1], k[4], k[3], k[6], k[5], k[0]] ])
  return KE

material['D0'] = getD0(material)

ndof = 2*(nelx+1)*(nely+1)
force = np.zeros((ndof,1))
dofs=np.arange(ndof)
fixed = dofs[0:2*(nely+1):1]
free = jnp.setdiff1d(np.arange(mesh['ndof']),fixed)
force[2*(nelx+1)*(nely+1)- (nely+1), 0 ] = -1
bc = {'force':force, 'fixed':fixed,'free':free}

class FESolver:
  def __init__(self, mesh, material, bc):
    self.mesh = mesh
    self.bc = bc
    self.material = material
    self.objectiveHandle = jit(self.objective)
  #-----------------------#
  def objective(self, Y):
    @jit
    def assembleK(Y):
      K = jnp.zeros((self.mesh['ndof'], self.mesh['ndof']))
      kflat_t = (self.material['D0'].flatten()[np.newaxis]).T
      sK = (kflat_t*Y).T.flatten()
      K = K.at[idx].add(sK)
      return K
    #-----------------------#
    @jit
    def solve(K):
      # eliminate fixed dofs for solving sys of eqns
      u_free = jax.scipy.linalg.solve(K[self.bc['free'],:][:,self.bc['free']], \
              self.bc['force'][self.bc['free']], assume_a = 'pos', check_finite=False);
      u = jnp.zeros((self.mesh['ndof']))
      u = u.at[self.bc['free']].add(u_free.reshape(-1)) # homog bc wherev fixed
      return u
    #-----------------------#
    @jit
    def computeCompliance(K, u):
      J = jnp.dot(self.bc['force'].reshape(-1).T, u)
      return J
    #-----------------------#
    K = assembleK(Y)
    u = solve(K)
    J = computeCompliance(K, u)
    return J

def optimizeDesign(xy, optParams, mesh, material, bc, fwdNN, params):
  FE = FESolver(mesh, material, bc)
  opt_init, opt_update, get_params = optimizers.adam(optParams['learningRate'])
  opt_state = opt_init(params)
  opt_update = jit(opt_update)

  density0  = fwdNN(get_params(opt_state), xy)
  J0 = FE.objectiveHandle(density0.reshape(-1))

  def computeLoss(nnwts):
    density  = 0.01 + fwdNN(nnwts, xy)
    Y = material['Emin'] + \
          (material['Emax']-material['Emin'])*(density+0.001)**material['penal']
    volcons = (jnp.mean(density)/optParams['desiredVolumeFraction'])- 1.
    J = FE.objectiveHandle(Y.reshape(-1))
    alpha = optParams['lossMethod']['alpha0'] + \
            epoch*optParams['lossMethod']['delAlpha'] # penalty method
    loss = J/J0 + alpha*volcons**2;
    return loss;

  for epoch in range(optParams['maxEpochs']):
    opt_state = opt_update(epoch, \
                optimizers.clip_grads(jax.grad(computeLoss)(get_params(opt_state)), 1.),\
                opt_state)
  return get_params(opt_state)
