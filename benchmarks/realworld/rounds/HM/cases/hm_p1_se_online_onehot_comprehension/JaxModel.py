# Source: https://github.com/sbuschjaeger/se-online/blob/b456c79b138801605ff13d53c4df41443134d258/JaxModel.py
# Title: se-online JaxModel.py (online soft decision tree ensemble in JAX)
# Cut: logging setup, commented-out variants, __init__, num_bytes and fit() removed; the forward pass
#      and the value_and_grad step of next() kept as written.
import numpy as np

import jax
from jax import value_and_grad
from jax import jit

from OnlineLearner import OnlineLearner

def get_all_path_preds(X, W, B, beta = 1.0):
    return jax.nn.sigmoid( beta * ((W * X).sum(axis=2) + B.T) ) 

def tree_predict_proba(X, W, B, leaf_preds, beta = 1.0):
    all_preds = get_all_path_preds(X, W, B, beta)
    
    to_expand = [ (0, 1.0)  ]
    max_index = W.shape[0] - 1
    path_probs = []
    while to_expand:
        last_index, pprob = to_expand.pop()
        if last_index > max_index:
            path_probs.append(pprob[:,np.newaxis])
        else:
            to_expand.append( (2*last_index + 1, pprob * all_preds[:,last_index]) )
            to_expand.append( (2*last_index + 2, pprob * (1.0 - all_preds[:,last_index])) )

    path_probs = jax.numpy.stack(path_probs)

    preds = path_probs * leaf_preds
    preds = preds.sum(axis=0)[np.newaxis,:]
    return preds

@jit
def predict_proba(X, W, B, leaf_preds, beta = 1.0):
    X = X[:,np.newaxis,:]
    all_preds = jax.numpy.stack( [
        tree_predict_proba(X,w,b,l,beta) for w, b, l in zip(W,B,leaf_preds)
    ])
    return all_preds.mean(axis=0)

class JaxModel(OnlineLearner):
    def num_trees(self):
        return self.n_trees

    def num_nodes(self):
        return self.n_nodes

    def next(self, data, target):
        if len(self.cur_batch_x) > self.batch_size:
            self.cur_batch_x.pop(0)
            self.cur_batch_y.pop(0)

        self.cur_batch_x.append(data)
        self.cur_batch_y.append(target)
        
        batch_data = np.array(self.cur_batch_x)
        batch_target = np.array(self.cur_batch_y)



        def _loss(W, B, leaf_preds, x, beta):
            pred = predict_proba(x, W, B, leaf_preds, beta) #self.all_pathes, self.soft
            if self.loss == "mse":
                target_one_hot = jax.numpy.array( [ [1.0 if y == i else 0.0 for i in range(self.n_classes_)] for y in batch_target] )
                loss = (pred - target_one_hot) * (pred - target_one_hot)
            elif self.loss == "cross-entropy":
                target_one_hot = jax.numpy.array( [ [1.0 if y == i else 0.0 for i in range(self.n_classes_)] for y in batch_target] )
                p = jax.nn.softmax(pred, axis=1)
                loss = -target_one_hot*jax.numpy.log(p)
            
            
            loss = loss.mean()

            if self.l_reg > 0:
                w_reg = []
                b_reg = []
                for i in range(self.num_trees()):
                    w_reg.append( jax.numpy.linalg.norm(self.W[i], ord = 1, axis=1) )
                    b_reg.append( jax.numpy.linalg.norm(self.B[i], ord = 1, axis=1) )

                w_reg = jax.numpy.stack(w_reg)
                b_reg = jax.numpy.stack(b_reg)
                return loss + self.l_reg * w_reg.mean() + self.l_reg * b_reg.mean()
            else:
                return loss#.mean()
        
        loss, gradient = value_and_grad(_loss, (0, 1, 2))(self.W, self.B, self.leaf_preds, batch_data, self.beta)
        W_grad, B_grad, leaf_preds_grad = gradient

        for i in range(self.num_trees()):
            self.W[i] = self.W[i] - self.step_size * W_grad[i]
            self.B[i] = self.B[i] - self.step_size * B_grad[i]
            self.leaf_preds[i] = self.leaf_preds[i] - self.step_size * leaf_preds_grad[i]
            
