# Source: https://github.com/Xiao-dong-Wang/Multifidelity-GP/blob/b800d2a591beffbe0c231e91b0d451d2449bc4c4/NAR_GP.py
# Title: Multifidelity-GP NAR_GP.py (nonlinear autoregressive multi-fidelity GP)
# Cut: kept the constructor, train and predict; predict_for_wEI and predict_low dropped
import autograd.numpy as np
from GP import GP

class NAR_GP:
    def __init__(self, dataset, bfgs_iter=100, debug=True):
        self.low_x = dataset['low_x']
        self.low_y = dataset['low_y']
        self.high_x = dataset['high_x']
        self.high_y = dataset['high_y']
        self.bfgs_iter = bfgs_iter
        self.debug = debug

    def train(self):
        dataset = {}
        dataset['train_x'] = self.low_x
        dataset['train_y'] = self.low_y
        model1 = GP(dataset, bfgs_iter=self.bfgs_iter, debug=self.debug)
        model1.train()
        self.model1 = model1
        
        mu, v = self.model1.predict(self.high_x)
        dataset['train_x'] = np.concatenate((self.high_x, mu.reshape(1,-1)))
        dataset['train_y'] = self.high_y
        model2 = GP(dataset, bfgs_iter=self.bfgs_iter, debug=self.debug, k=1)
        model2.train()
        self.model2 = model2
        print('NAR_GP. Finish training process')

    def predict(self, test_x):
        py1, ps21 = self.model1.predict(test_x)
        x = np.concatenate((test_x, py1.reshape(1, -1)))
        py,  ps2 = self.model2.predict(x)
        return py, ps2
