# Source: https://github.com/patropolimi/Thesis/blob/3241fd0782b97ce43f2a58754dd66b7d5b223209/Library/Adaptive/PINN_Resolutors.py
# Title: Library/Adaptive/PINN_Resolutors.py (thesis PINN library: hand-written ADAM over jitted cost gradients)
# Cut: only the ADAM method kept; the template base class, RAR/AAF/SAM updates and L-BFGS-Plus are not reproduced.
import numpy as np


class Resolutor_ADAM_BFGS_Adaptive:

	""" Resolutor Of Differential Problem P Upon Adaptive PINN """


	ADAM_Default={'Alpha': 1e-3,'Beta': 0.9,'Gamma': 0.999,'Delta': 1e-7}


	def ADAM(self,Epochs,Batch,Parameters=None):

		""" ADAM Optimization Method """

		if Parameters is None:
			[a,b,c,d]=[self.ADAM_Default['Alpha'],self.ADAM_Default['Beta'],self.ADAM_Default['Gamma'],self.ADAM_Default['Delta']]
		else:
			[a,b,c,d]=[Parameters['Alpha'],Parameters['Beta'],Parameters['Gamma'],Parameters['Delta']]

		np.random.seed(Random_Seed())
		Cost_Hist=[self.Cost(self.Weights_On,self.A,self.N,self.L,self.PDE_Default_X(),self.BC_Default_X())]
		m=np.zeros_like(self.Weights_On)
		v=np.zeros_like(self.Weights_On)
		XR={'Residual_Points': self.Residual_Points,'Number_Residuals': Batch}
		W_Prev=np.copy(self.Weights_On)
		[Delta_W,SV]=2*[np.zeros_like(self.Weights_On)]
		for i in range(Epochs):
			if (i%self.RAR_Options['RAR_Step']==0):
				self.RAR()
			if (i%self.AAF_Options['AAF_Step']==0):
				self.Update_A()
			if (i%self.SAM_Options['SAM_Step']==0):
				self.Update_L()
			IdxsR=np.random.choice(self.Number_Residuals,Batch)
			XR['Residual_Points']=self.Residual_Points[:,IdxsR]
			g=self.Gradient_Cost_W(self.Weights_On,self.A,self.N,self.L,XR,self.BC_Default_X())
			m=b*m+(1-b)*g
			v=c*v+(1-c)*(g**2)
			self.Weights_On-=(a*(m/(1-b**(i+1))))/(np.sqrt(v/(1-c**(i+1)))+d)
			Delta_W=self.Weights_On-W_Prev
			SV+=Delta_W*g
			W_Prev=np.copy(self.Weights_On)
			Cost_Hist+=[self.Cost(self.Weights_On,self.A,self.N,self.L,self.PDE_Default_X(),self.BC_Default_X())]
		return {'Cost_History': Cost_Hist,'SV': SV}
