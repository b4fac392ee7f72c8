# Source: https://github.com/DiogoFernandes-2008015/SysID_LPV_NN_Battery/blob/222e88e294ce3eb37e6f9d848ae7ad1c5be0fa03/ID_Hyb_Grey_JAX_RBF_1RC.py
# Title: ID_Hyb_Grey_JAX_RBF_1RC.py (same hybrid 1RC battery model with an RBF network instead of the MLP)
# Cut: data loading, plotting, the unused RBF kernels and the SciPy driver removed; RBF init/forward and the hybrid ODE kept.
import jax
import jax.numpy as jnp
from jax import random

def init_rbf_params(input_size, num_rbf_neurons, output_size, key, scale=1e-2):
    """
    Inicializa os parâmetros da Rede Neural de Base Radial (RBFN).
    Parâmetros: Centros (C), Larguras (Sigma) e Pesos de Saída (W_out, b_out).
    """
    c_key, sigma_key, w_key, b_key = random.split(key, 4)

    # 1. Centros (C): [num_rbf_neurons, input_size].
    # Inicializados aleatoriamente
    C = random.uniform(c_key, (num_rbf_neurons, input_size), minval=0.0, maxval=1.0)

    # 2. Larguras (Sigma): [num_rbf_neurons].
    # Inicializadas com um valor constante pequeno ou aleatório
    log_sigma = random.normal(sigma_key, (num_rbf_neurons,))

    # 3. Pesos de Saída (W_out): [output_size, num_rbf_neurons]
    W_out = scale * random.normal(w_key, (output_size, num_rbf_neurons))

    # 4. Bias de Saída (b_out): [output_size]
    b_out = scale * random.normal(b_key, (output_size,))

    return [C, log_sigma, W_out, b_out]


def tanh_rbf(x, c, log_sigma):
    """
    Função de Base Radial Sigmoide Localizada (baseada em tanh).
    Phi(r) = 1 - tanh(beta * r^2), onde beta = 1 / (2 * sigma^2).

    Parâmetros:
    x (jnp.array): Vetor de entrada (e.g., [SOC]).
    c (jnp.array): Vetor do centro RBF.
    log_sigma (jnp.array): log do parâmetro de forma (largura), sigma.
    """
    sigma = jnp.exp(log_sigma) + 1e-6  # Garante sigma positivo

    # r^2 = Distância Euclidiana Quadrada
    dist_sq = jnp.sum((x - c) ** 2)

    # Beta = 1 / (2 * sigma^2)
    beta = 1.0 / (2.0 * sigma ** 2)

    # Phi(r) = 1 - tanh(beta * r^2)
    return 1.0 - jnp.tanh(beta * dist_sq)

def predict_rbfn(params, inputs):
    """Forward pass da Rede Neural de Base Radial (RBFN)."""
    C, log_sigma, W_out, b_out = params

    # inputs: [input_size]
   # 1. Calcular a ativação (output da camada oculta RBF)
    # O mapeamento acontece sobre as linhas de C e log_sigma (eixo 0)
    # A função gaussian_rbf recebe um centro C_i (linha de C) e um sigma_i (elemento de log_sigma)
    rbf_outputs = jax.vmap(activation_fn, in_axes=(None, 0, 0))(inputs, C, log_sigma)
    # rbf_outputs tem shape: [num_rbf_neurons]
   # 2. Camada de Saída Linear
    # logits = W_out * rbf_outputs + b_out
    # W_out: [output_size, num_rbf_neurons]
    # rbf_outputs: [num_rbf_neurons]
    logits = jnp.dot(W_out, rbf_outputs) + b_out

    # logits tem shape: [output_size] ->  [delta_R0, delta_R1, delta_C1]
    return logits

# --- New Hybrid ODE Model ---

def hybrid_battery_1rc_jax(t, x, args):
    params_nn, u_interp = args
    u = u_interp.evaluate(t)

    # The NN models the variation of model's parameters
    # Input -> SOC (x[0])
    # Outputs -> parameters variations (delta_R0, delta_R1, delta_C1)
    nn_input = jnp.array([x[0]])
    delta_R0, delta_R1, delta_C1 = predict_rbfn(params_nn, nn_input)
    R0 = 0.2462 * (1 + delta_R0)
    R1 = 8150.9172 * (1 + delta_R1)
    C1 = 3082.9981 * (1 + delta_C1)
    dx = [-0.3410 * u / 3440.05372, -1 / R1 / C1 * x[1] + 1 / C1 * u]
    dx = jnp.array(dx)
    return dx


