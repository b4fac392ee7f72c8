# Source: https://github.com/leafDancer/DeepHAMX/blob/21d7f98e460db03dc5faf36006c0c82d847c51c8/srcx/policy.py
# Title: policy.py (DeepHAMX: JAX port of DeepHAM, Krusell-Smith policy training)
# Cut: kept train_step (jax.grad of loss_fn), loss_fn (vmap over paths) and _one_path_loss
#      (lax.scan over time, ensemble of value nets); class setup, data sets and the
#      training driver dropped.
import jax
import jax.numpy as jnp
import optax

EPSILON = 1e-3
JNP_DTYPE = jnp.float32
DTYPE = jnp.float32


class KSPolicyTrainer:
    def train_step(self, model, opt_state, data, value_models):
        model_params, model_state = model
        grads, (k_end, model_state) = jax.grad(self.loss_fn, has_aux=True)(
            model_params, model_state, data, value_models
        )
        grads = jax.lax.pmean(grads, axis_name="i")
        updates, opt_state = self.optimizer.update(grads, opt_state)
        model_params = optax.apply_updates(model_params, updates)
        model = (model_params, model_state)
        return model, opt_state, k_end

    def loss_fn(self, model_param, model_state, input_data, value_models):
        k_cross  = input_data["k_cross"]           # (n_path, n_agt)
        ashock   = input_data["ashock"]            # (n_path, T)
        ishock   = input_data["ishock"]            # (n_path, n_agt, T)

        v_params, v_states = zip(*value_models)

        one = lambda k0, a_p, i_p: self._one_path_loss(
                    model_param, model_state,
                    k0, a_p, i_p,
                    v_params, v_states)

        loss_batch, k_end_batch = jax.vmap(one)(k_cross, ashock, ishock)
        return loss_batch.mean(), (k_end_batch.mean(), model_state)

    def _one_path_loss(self, model_param, model_state,
                       k0, ashock_path, ishock_path,
                       v_params, v_states):
        def batched_value(full_state_dict):
            def _single(model, state):
                return self.vtrainers[0].value_fn(model, state, full_state_dict)[..., 0]
            vals = jnp.stack([_single(p, s) for p, s in zip(v_params, v_states)], axis=0)
            return self.init_ds.unnormalize_data(vals.mean(0), key="value")

        discount = self.discount
        n_agt = self.mparam.n_agt
        opt_game = self.policy_config["opt_type"] == "game"

        def step(carry, inp):
            util_sum, k_cross = carry
            a_t, i_t, disc_t, t_idx = inp
            k_mean = k_cross.mean(0, keepdims=True)
            basic_s = jnp.stack([k_cross,
                                jnp.repeat(k_mean, n_agt),
                                jnp.repeat(a_t,   n_agt),
                                i_t], axis=-1, dtype=JNP_DTYPE)
            agt_s = k_cross[:, None]
            full_state = {
                "basic_s": self.init_ds.normalize_data(basic_s, key="basic_s"),
                "agt_s"  : self.init_ds.normalize_data(agt_s  , key="agt_s"),
            }

            def last_step(_):
                v = batched_value(full_state)
                return util_sum + disc_t * v, k_cross

            def normal_step(_):
                c_share = self.policy_fn(model_param, model_state, full_state)[..., 0]
                if opt_game:
                    c_share = jnp.concatenate([c_share[:1], jax.lax.stop_gradient(c_share[1:])], axis=0, dtype=JNP_DTYPE)
                tau  = jnp.where(a_t < 1, self.mparam.tau_b, self.mparam.tau_g)
                emp  = jnp.where(a_t < 1,
                                self.mparam.l_bar * self.mparam.er_b,
                                self.mparam.l_bar * self.mparam.er_g)
                R     = 1 - self.mparam.delta + a_t * self.mparam.alpha * (k_mean/emp)**(self.mparam.alpha-1)
                wage  = a_t * (1 - self.mparam.alpha) * (k_mean/emp)**self.mparam.alpha
                wealth = R * k_cross \
                    + (1 - tau) * wage * self.mparam.l_bar * i_t \
                    + self.mparam.mu * wage * (1 - i_t)
                csmp   = jnp.clip(c_share * wealth, EPSILON, wealth - EPSILON)
                k_next = wealth - csmp
                util   = jnp.log(csmp)
                return util_sum + disc_t * util, k_next

            util_sum, k_cross = jax.lax.cond(t_idx == (discount.shape[0] - 1),
                                        last_step, normal_step, operand=None)
            return (util_sum, k_cross), None

        T = ashock_path.shape[0]
        scan_inputs = (ashock_path,
                    ishock_path.T,
                    discount,
                    jnp.arange(T))
        (util_fin, k_fin), _ = jax.lax.scan(step,
                                        (jnp.zeros(n_agt, DTYPE), k0),
                                        scan_inputs,
                                        length=T)
        if self.policy_config["opt_type"] == "socialplanner":
            m_util = -jnp.mean(util_fin)
        else:
            m_util = -util_fin[0]
        return m_util, k_fin.mean()
