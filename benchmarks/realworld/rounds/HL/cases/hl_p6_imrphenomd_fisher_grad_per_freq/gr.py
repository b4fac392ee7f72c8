# Source: https://github.com/scottperkins/phenompy/blob/5648d68feff11fc114d32dfdf126448697c20d68/gr.py
# Title: gr.py (IMRPhenomD waveform and Fisher matrix with HIPS autograd)
# Cut: kept calculate_waveform_derivative and the discrete-integration branch of calculate_fisher_matrix;
#      the waveform model (full_amp/full_phi and their pieces), noise handling, frequency bounds and the
#      quad branch are reduced to stubs or dropped.
import autograd.numpy as np
from scipy import integrate
from autograd import grad


class IMRPhenomD():

    def full_amp(self,f,A0,phic,tc,chirpm,symmratio,chi_s,chi_a):
        ...  # piecewise inspiral / intermediate / merger-ringdown amplitude in the source

    def full_phi(self,f,A0,phic,tc,chirpm,symmratio,chi_s,chi_a):
        ...  # piecewise phase in the source

    """Function to calculate array of waveform derivatives - LOOP VERSION - much slower"""
    def calculate_waveform_derivative(self,f,i):
        return grad(self.full_amp,i)(f,self.A0,self.phic,self.tc,self.chirpm,self.symmratio,self.chi_s,self.chi_a)-\
            self.full_amp(f,self.A0,self.phic,self.tc,self.chirpm,self.symmratio,self.chi_s,self.chi_a)* grad(self.full_phi,i)(f,self.A0,self.phic,self.tc,self.chirpm,self.symmratio,self.chi_s,self.chi_a)*1j

    def calculate_fisher_matrix(self,detector,int_scheme = 'simps',stepsize=None,lower_freq=None,upper_freq=None):
        if int_scheme == 'simps':
            int_func = integrate.simps
        else:
            int_func = integrate.trapz

        self.noise_curve, self.noise_func, freq = IMRPhenomD.populate_noise(detector, int_scheme, stepsize)
        self.lower_freq = lower_freq
        self.upper_freq = upper_freq

        """Pre-populate Derivative arrays for faster evaluation"""
        self.calculate_derivatives()

        variable_indicies = range(1,len(self.var_arr)+1)
        fisher = np.zeros((len(variable_indicies),len(variable_indicies)))

        """Trim frequency and noise curve down to [flower,fupper]"""
        ftemp = freq[0]
        i = 0
        while ftemp <self.lower_freq:
            i +=1
            ftemp = freq[i]
        flow_pos = i

        ftemp = freq[len(freq)-1]
        i = len(freq)-1
        while ftemp > self.upper_freq:
            i-= 1
            ftemp = freq[i]
        fup_pos = i

        int_freq = freq[flow_pos:fup_pos]
        noise_integrand = self.noise_curve[flow_pos:fup_pos]

        waveform_derivs = []
        for i in variable_indicies:
            waveform_derivs.append([self.log_factors[i]*self.calculate_waveform_derivative(f,i) for f in int_freq])
        for i in variable_indicies:
            for j in range(1,i+1):
                integrand = [4*(waveform_derivs[i-1][f]*np.conj(waveform_derivs[j-1][f])).real/noise_integrand[f]**2 for f in np.arange(len(int_freq))]
                if i == j:
                    fisher[i-1][j-1] = (1/2)*int_func(integrand,int_freq)
                else:
                    fisher[i-1][j-1] = int_func(integrand,int_freq)

        fisher = fisher + np.transpose(fisher)
        inv_fisher = np.linalg.inv(fisher)
        self.fisher = fisher
        self.inv_fisher = inv_fisher
        return fisher,inv_fisher
