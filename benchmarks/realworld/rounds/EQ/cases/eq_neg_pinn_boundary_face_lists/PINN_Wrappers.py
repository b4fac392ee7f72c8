# Source: https://github.com/patropolimi/Thesis/blob/50309852ee7b1c1bab0383f8e3f39f3e4a3af8a8/Library/Basic/PINN_Wrappers.py
# Title: Library/Basic/PINN_Wrappers.py (thesis PINN library: scalar-output wrapper, PDE and boundary losses)
# Cut: plotting/printing methods dropped; base classes (PINN_Basic, Geometry_HyperRectangular) and Set_Boundary_Points_And_Values from PINN_Grounds not reproduced.
from functools import partial

import jax
import jax.numpy as jnp


class Wrapper_Scalar_Basic(PINN_Basic,Geometry_HyperRectangular):

	""" Wrapper For Scalar-Output Problems Built Upon Basic PINN """


	def __init__(self,ID,HL,NPL,Sigma,Domain,NResPts,NBouPts,BouLabs,SRC,Ex_Bou_D,Ex_Bou_N):
		PINN_Basic.__init__(self,ID,1,HL,NPL,Sigma)
		Geometry_HyperRectangular.__init__(self,Domain,NResPts,NBouPts,BouLabs)
		self.Source=jax.jit(SRC)
		self.Exact_Boundary_Dirichlet=jax.jit(Ex_Bou_D)
		self.Exact_Boundary_Neumann=jax.jit(Ex_Bou_N)
		self.Dirichlet_Lists,self.Dirichlet_Values,self.Neumann_Lists,self.Neumann_Values,self.Periodic_Lists,self.Periodic_Lower_Points,self.Periodic_Upper_Points=Set_Boundary_Points_And_Values(self.Boundary_Lists,BouLabs,Ex_Bou_D,Ex_Bou_N)
		self.Gradient_Network_Single=jax.jit(jax.grad(self.Network_Single))
		self.Hessian_Network_Single=jax.jit(jax.jacobian(self.Gradient_Network_Single))
		self.Gradient_Cost=jax.jit(jax.grad(self.Cost))
		self.Equation=None


	@partial(jax.jit,static_argnums=(0))
	def Network_Single(self,X,W):

		""" Network Application To Single Input X

			Requirement:
			- X: 1-Dimensional Array """

		Y=X
		for l in range(len(W)-1):
			Y=self.Activation(W[l][:,:-1]@Y+W[l][:,-1])
		return jnp.sum(W[-1][:,:-1]@Y+W[-1][:,-1])


	@partial(jax.jit,static_argnums=(0))
	def PDE(self,X,W):

		""" PDE Loss Computation """

		return jnp.sum((self.Source(X['Residual_Points'])-self.Equation(X['Residual_Points'],W))**2)/X['Number_Residuals']


	@partial(jax.jit,static_argnums=(0))
	def BC(self,X,W):

		""" Boundary Conditions Loss Computation """

		Result=0.0
		for FacePoints,FaceValues in zip(X['Dirichlet_Lists'],X['Dirichlet_Values']):
			Result+=jnp.sum((FaceValues-self.Network_Multiple(FacePoints,W))**2)
		for [FacePoints,FaceIndex],FaceValues in zip(X['Neumann_Lists'],X['Neumann_Values']):
			FaceGradients=jax.vmap(self.Gradient_Network_Single,in_axes=(1,None),out_axes=1)(FacePoints,W)
			Result+=jnp.sum((FaceValues-(jax.vmap(jnp.inner,in_axes=(1,None))(FaceGradients,jnp.take(self.Boundary_Normals,FaceIndex,axis=1)))[None,:])**2)
		for LowerPoints,UpperPoints in zip(X['Periodic_Lower_Points'],X['Periodic_Upper_Points']):
			Result+=jnp.sum((self.Network_Multiple(LowerPoints,W)-self.Network_Multiple(UpperPoints,W))**2)
		return Result/X['Number_Boundary_Spots']


	@partial(jax.jit,static_argnums=(0))
	def Cost(self,W,XR,XB):

		""" Cost Function Computation """

		return self.PDE(XR,W)+self.BC(XB,W)
