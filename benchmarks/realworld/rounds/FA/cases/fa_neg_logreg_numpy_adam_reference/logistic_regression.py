# Source: https://github.com/rajivsambharya/learn_accel_steps_robust/blob/4b17b9f9af9faa0edb318cca4ed961884b4fb6ab/lah_accel/examples/logistic_regression.py
# Title: lah_accel/examples/logistic_regression.py (logistic-regression example: problem generation and a NumPy reference solver)
# Cut: kept create_binary_problems and the NumPy Adam reference trainer with its helpers; the commented-out plain GD loop, data loading, cvxpy solves and the Workspace launch dropped.
import jax.numpy as jnp
import numpy as np


def create_binary_problems(X, y, N, samples_per_problem=100):
    binary_problems = []
    classes = np.unique(y)
    num_classes = len(classes)
    
    for _ in range(N):
        # Randomly select two classes
        class1, class2 = np.random.choice(classes, size=2, replace=False)
        
        # Select samples for the two classes
        idx_class1 = np.where(y == class1)[0]
        idx_class2 = np.where(y == class2)[0]
        
        # Randomly sample 50 datapoints from each class to form a problem with 100 datapoints
        selected_idx_class1 = np.random.choice(idx_class1, size=samples_per_problem // 2, replace=False)
        selected_idx_class2 = np.random.choice(idx_class2, size=samples_per_problem // 2, replace=False)
        
        selected_idx = np.concatenate([selected_idx_class1, selected_idx_class2])
        
        X_binary = X[selected_idx]
        y_binary = y[selected_idx]
        
        # Relabel classes to 0 and 1
        y_binary = np.where(y_binary == class1, 0, 1)
        
        binary_problems.append((X_binary, y_binary))
    
    return binary_problems



def sigmoid(z):
    return 1 / (1 + np.exp(-z))


def compute_loss(y, y_hat):
    m = y.shape[0]
    return -1/m * (np.dot(y, np.log(1e-6 + y_hat)) + np.dot((1 - y), np.log(1 + 1e-6 - y_hat)))


def compute_gradient(X, y, y_hat):
    m = y.shape[0]
    dw = 1/m * np.dot(X.T, (y_hat - y))
    db = 1/m * np.sum(y_hat - y)
    return dw, db


def train_logistic_regression(X, y, learning_rate=0.02, beta1=0.9, beta2=0.999, epochs=2000, epsilon=1e-8):
    m, n = X.shape
    w = np.zeros(n)
    b = 0
    
    m_w, v_w = np.zeros(n), np.zeros(n)
    m_b, v_b = 0, 0
    t = 0

    for epoch in range(epochs):
        t += 1
        z = np.dot(X, w) + b
        y_hat = sigmoid(z)
        loss = compute_loss(y, y_hat)
        
        dw, db = compute_gradient(X, y, y_hat)
        
        # Update moments
        m_w = beta1 * m_w + (1 - beta1) * dw
        v_w = beta2 * v_w + (1 - beta2) * (dw ** 2)
        
        m_b = beta1 * m_b + (1 - beta1) * db
        v_b = beta2 * v_b + (1 - beta2) * (db ** 2)
        
        # Bias correction
        m_w_hat = m_w / (1 - beta1 ** t)
        v_w_hat = v_w / (1 - beta2 ** t)
        
        m_b_hat = m_b / (1 - beta1 ** t)
        v_b_hat = v_b / (1 - beta2 ** t)
        
        # Update weights and bias
        w -= learning_rate * m_w_hat / (np.sqrt(v_w_hat) + epsilon)
        b -= learning_rate * m_b_hat / (np.sqrt(v_b_hat) + epsilon)
        
        if epoch % 10 == 0:
            print(f'Epoch {epoch}, Loss: {loss}')
    
    return w, b

