# Source: https://github.com/chaobrain/fitting_drosophila_whole_brain_spiking_model/blob/f1389ba8b0e7c9f4059d2538b6b799c3e88342ee/drosophila_whole_brain_fitting.py
# Title: drosophila_whole_brain_fitting.py (FiringRateNetwork.simulate)
# Cut: kept simulate (for_loop over simulation steps inside jit) and update_test.
import brainstate
import brainunit as u


class FiringRateNetwork(brainstate.nn.Module):

    def update_test(self, i, noise_weight):
        with brainstate.environ.context(i=i, t=i * brainstate.environ.get_dt()):
            # give inputs
            self.neural_activity.update_test(noise_weight)

            # update network
            spk = self.interaction.update()
            return spk

    @brainstate.transform.jit(static_argnums=0)
    def simulate(self, inp_embedding, indices):
        def step_run(i):
            self.update_test(i, noise_weight)

        noise_weight = self.neural_activity.neuropil2neuron(inp_embedding)
        self.pop.reset_spk_count()
        brainstate.transform.for_loop(step_run, indices)
        frs = self.count_neuropil_fr(indices.shape[0])
        return frs
