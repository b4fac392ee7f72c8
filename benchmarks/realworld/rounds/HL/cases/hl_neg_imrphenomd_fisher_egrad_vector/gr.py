# Source: https://github.com/scottperkins/phenompy/blob/5648d68feff11fc114d32dfdf126448697c20d68/gr.py
# Title: gr.py (IMRPhenomD waveform and Fisher matrix with HIPS autograd)
# Cut: kept calculate_waveform_derivative_vector (elementwise_grad over the frequency array, one call per
#      waveform region) and the discrete branch of calculate_fisher_matrix_vector; the region bookkeeping is
#      shortened, the waveform pieces are stubs, noise handling and the quad branch are dropped.
import autograd.numpy as np
from scipy import integrate
from autograd import elementwise_grad as egrad


class IMRPhenomD():

    def amp_ins_vector(self,f,A0,phic,tc,chirpm,symmratio,chi_s,chi_a): ...
    def amp_int_vector(self,f,A0,phic,tc,chirpm,symmratio,chi_s,chi_a): ...
    def amp_mr_vector(self,f,A0,phic,tc,chirpm,symmratio,chi_s,chi_a): ...
    def phase_ins_vector(self,f,A0,phic,tc,chirpm,symmratio,chi_s,chi_a): ...
    def phase_int_vector(self,f,A0,phic,tc,chirpm,symmratio,chi_s,chi_a): ...
    def phase_mr_vector(self,f,A0,phic,tc,chirpm,symmratio,chi_s,chi_a): ...

    def calculate_waveform_derivative_vector(self,freq,i):
        famp = self.split_freqs_amp(freq)
        fphase = self.split_freqs_phase(freq)
        """Check to see if every region is sampled - if integration frequency
        doesn't reach a region, the loop is trimmed to avoid issues with unpopulated arrays"""
        jamp = [j for j in [0,1,2] if len(famp[j]) != 0]
        jphase = [j for j in [0,1,2] if len(fphase[j]) != 0]

        var_arr= self.var_arr[:]
        gamp = [[],[],[]]
        amp = [[],[],[]]
        phase = [[],[],[]]
        """Array of the functions used to populate derivative vectors"""
        ampfunc = [self.amp_ins_vector,self.amp_int_vector,self.amp_mr_vector]
        phasefunc = [self.phase_ins_vector,self.phase_int_vector,self.phase_mr_vector]

        """Populate derivative vectors one region at a time"""
        for j in jamp:
            var_arr= self.var_arr[:]
            famp[j], var_arr[i-1] = np.broadcast_arrays(famp[j],var_arr[i-1])
            gamp[j]=( egrad(ampfunc[j],i)(famp[j],var_arr[0],var_arr[1],var_arr[2],var_arr[3],var_arr[4],var_arr[5],var_arr[6]))
            var_arr= self.var_arr[:]
            amp[j]= ampfunc[j](famp[j],var_arr[0],var_arr[1],var_arr[2],var_arr[3],var_arr[4],var_arr[5],var_arr[6])
        for j in jphase:
            var_arr= self.var_arr[:]
            fphase[j], var_arr[i-1] = np.broadcast_arrays(fphase[j],var_arr[i-1])
            phase[j]=( egrad(phasefunc[j],i)(fphase[j],var_arr[0],var_arr[1],var_arr[2],var_arr[3],var_arr[4],var_arr[5],var_arr[6]))

        """Concatenate the regions into one array"""
        gampout,ampout,phaseout = [],[],[]
        for j in jamp:
            ampout = np.concatenate((ampout,amp[j]))
            gampout = np.concatenate((gampout,gamp[j]))
        for j in jphase:
            phaseout = np.concatenate((phaseout,phase[j]))

        """Return the complex waveform derivative"""
        return np.subtract(gampout,np.multiply(ampout,np.multiply(1j,phaseout)))

    def calculate_fisher_matrix_vector(self,detector,int_scheme = 'simps',stepsize=None,lower_freq = None, upper_freq=None):
        int_func = integrate.simps if int_scheme == 'simps' else integrate.trapz
        self.noise_curve, self.noise_func, freq = IMRPhenomD.populate_noise(detector, int_scheme, stepsize)

        ## Almost entire time is spent here ##
        """Pre-populate Derivative arrays for faster evaluation"""
        self.calculate_derivatives()

        variable_indicies = range(1,len(self.var_arr)+1)
        fisher = np.zeros((len(variable_indicies),len(variable_indicies)))

        flow_pos, fup_pos = self.trim(freq, lower_freq, upper_freq)
        int_freq = np.asarray(freq[flow_pos:fup_pos])
        noise_integrand = self.noise_curve[flow_pos:fup_pos]

        waveform_derivs = []
        for i in variable_indicies:
            waveform_derivs.append(self.log_factors[i]*self.calculate_waveform_derivative_vector(int_freq,i))
        for i in variable_indicies:
            for j in range(1,i+1):
                integrand = np.multiply(4,np.divide(np.real(np.multiply(waveform_derivs[i-1],np.conj(waveform_derivs[j-1]))),np.multiply(noise_integrand,noise_integrand)))
                if i == j:
                    fisher[i-1][j-1] = (1/2)*int_func(integrand,int_freq)
                else:
                    fisher[i-1][j-1]= int_func(integrand,int_freq)

        fisher = fisher + np.transpose(fisher)
        inv_fisher = np.linalg.inv(fisher)
        self.fisher = fisher
        self.inv_fisher = inv_fisher
        return fisher,inv_fisher
