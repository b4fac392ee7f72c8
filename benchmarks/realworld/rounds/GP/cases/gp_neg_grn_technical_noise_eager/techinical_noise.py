# Source: https://github.com/ioneliabuzatu/grn-control/blob/bd2c0ed16ca620a707a01431691a8b0e8e67b80a/src/techinical_noise.py
# Title: src/techinical_noise.py (SERGIO technical noise: outlier genes, library size, dropout, UMI counts)
# Cut: the numpy class AddTechnicalNoise removed; docstrings shortened; AddTechnicalNoiseJax kept as written.
import numpy as np
import jax.numpy as jnp
import jax


class AddTechnicalNoiseJax:
    def __init__(self, num_genes: int, num_cell_types: int, num_simulated_cells: int, outlier_genes_noises: tuple,
                 library_size_noises: tuple,
                 dropout_noises: tuple, seed: int = 0):
        self.num_genes = num_genes
        self.num_cell_types = num_cell_types
        self.num_simulated_cells = num_simulated_cells
        self.pie_outlier_genes, self.miu_outlier_genes, self.sigma_outlier_genes = outlier_genes_noises
        self.miu_library_size, self.sigma_library_size = library_size_noises
        self.k_dropout, self.q_dropout = dropout_noises
        self.seed = seed

        np.random.seed(seed=self.seed)  # Set the initial seed

    def get_noisy_technical_concentration(self, clean_concentration):
        assert clean_concentration.shape[1] == self.num_genes

        expr_add_outlier_genes = self._outlier_genes_effect(
            clean_concentration,
            outlier_genes_prob=self.pie_outlier_genes,
            mean=self.miu_outlier_genes,
            scale=self.sigma_outlier_genes
        )

        libFactor, expr_O_L = self._library_size_effect(
            expr_add_outlier_genes,
            self.miu_library_size,
            scale=self.sigma_library_size
        )
        binary_ind, key = self._dropout_indicator(expr_O_L, shape=self.k_dropout, percentile=self.q_dropout)
        expr_O_L_D = jnp.multiply(binary_ind, expr_O_L)
        # return jnp.vstack([expr_O_L_D.T[:,:,0], expr_O_L_D.T[:,:,1]])

        count_matrix_umi_count_format = jnp.array(self._to_umi_counts(expr_O_L_D, key))
        return jnp.vstack([count_matrix_umi_count_format.T[:, :, 0], count_matrix_umi_count_format.T[:, :, 1]])


    def _outlier_genes_effect(self, scData, outlier_genes_prob, mean, scale):
        out_indicator = np.random.binomial(n=1, p=outlier_genes_prob, size=self.num_genes)
        outlierGenesIndx = np.where(out_indicator == 1)[0]
        numOutliers = len(outlierGenesIndx)

        #### generate outlier factors ####
        outFactors = np.random.lognormal(mean=mean, sigma=scale, size=numOutliers)
        ##################################

        scData = jnp.concatenate(scData, axis=1)
        for i, gIndx in enumerate(outlierGenesIndx):
            # scData[gIndx, :] = scData[gIndx, :] * outFactors[i]
            scData = scData.at[gIndx, :].set(scData[gIndx, :] * outFactors[i])

        return jnp.array(jnp.split(scData, self.num_cell_types, axis=1))  # TODO: check if this is correct

    def _library_size_effect(self, scData, mean, scale):

        # TODO make sure that having bins does not intefere with this implementation
        ret_data = []

        libFactors = np.random.lognormal(mean=mean, sigma=scale, size=(self.num_cell_types, self.num_simulated_cells))
        for binExprMatrix, binFactors in zip(scData, libFactors):
            normalizFactors = jnp.sum(binExprMatrix, axis=0)
            binFactors = jnp.true_divide(binFactors, normalizFactors)
            binFactors = binFactors.reshape(1, self.num_simulated_cells)
            binFactors = jnp.repeat(binFactors, self.num_genes, axis=0)

            ret_data.append(jnp.multiply(binExprMatrix, binFactors))

        return libFactors, jnp.array(ret_data)

    def _dropout_indicator(self, scData, shape=1, percentile=65):
        scData = jnp.array(scData)
        scData_log = jnp.log(jnp.add(scData, 1))
        log_mid_point = jnp.percentile(scData_log, percentile)
        prob_ber = jnp.true_divide(1, 1 + jnp.exp(-1 * shape * (scData_log - log_mid_point)))
        key = jax.random.PRNGKey(0)
        key, subkey = jax.random.split(key)
        binary_ind = jax.random.bernoulli(subkey, p=prob_ber, shape=None)
        return binary_ind, key

    def _to_umi_counts(self, scData, key):
        keys, subkey= jax.random.split(key)
        return jax.random.poisson(keys, lam=jnp.array(scData), shape=None) # TODO output
        # should be
        # dynamics
        # tracer
        # but it'd not, why?
