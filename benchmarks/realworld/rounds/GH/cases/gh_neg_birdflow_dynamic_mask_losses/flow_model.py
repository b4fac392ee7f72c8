# Source: https://github.com/birdflow-science/BirdFlowPy/blob/973a2cb082f411bb7d0d03fba1571b0438eb1cf6/flow_model.py
# Title: BirdFlowPy flow_model.py after 'switched to dynamic masks, some batch operations replaced with for loops because of ragged arrays' (64e4a65)
# Cut: kept imports, InitialLoc, FlowBlock, FlowModel, predict and model_forward; sampling/plotting helpers cut

import haiku as hk

from jax.nn import softmax
import jax.numpy as jnp
from jax.random import categorical


class InitialLoc(hk.Module):
    def __init__(self, cells):
        super().__init__(name='Initial_Params')
        self.cells = cells
        
    
    def __call__(self):
        z0 = hk.get_parameter(
            'z0',
            (self.cells,),
            init=hk.initializers.RandomNormal(),
            dtype = 'float32'
        )
        return softmax(z0)


class FlowBlock(hk.Module):
    def __init__(self, cells1, cells2, week_num=None):
        if week_num:
            name = f'Week_{week_num}'
        else:
            name = 'transition_block'
        super().__init__(name=name)
        self.cells1 = cells1
        self.cells2 = cells2
        
        
    def __call__(self, last_week):
        z = hk.get_parameter(
            'z',
            (self.cells1, self.cells2),
            init=hk.initializers.RandomNormal(),
            dtype = 'float32'
        )
        
        trans_prop = softmax(z, axis=1)
        flow = trans_prop * last_week.reshape(-1, 1)
        return flow
    

class FlowModel(hk.Module):
    def __init__(self, cells, num_weeks, name='Flow_Model'):
        super().__init__(name=name)
        self.num_weeks = num_weeks
        self.cells = cells
        
        
    def __call__(self):
        d0 = InitialLoc(self.cells[0])()
        d = d0
        flow_amounts = []
        for week in range(self.num_weeks - 1):
            flow = FlowBlock(self.cells[week], self.cells[week + 1], week_num=week + 1)(d)
            flow_amounts.append(flow)
            d = flow.sum(axis=0)
        return (d0, flow_amounts)

def predict(cells, weeks):
    model = FlowModel(cells, weeks)
    return model()
  
model_forward = hk.transform(predict)
