# Source: https://github.com/namin/relaxed-machines/blob/da257a33d77e724dde4e3deded51fc3d6a2f7a24/sub.py
# Title: sub.py (differentiable register/stack machine with CALL/RET learning ADD-by-INC, Haiku)
# Cut: kept flags, the instruction set (execute/step), machine state, the Haiku RNNCore, forward,
#      loss and the jitted update; sketches, discretisation helpers, printing, data generation and
#      main() dropped.
"""A differentiable machine with two registers, a data stack, a return stack, conditional and unconditional jumping, and subroutine calling and returning.

The parameters of the machine are the lines of code.
"""

from typing import Any, NamedTuple, Optional

from absl import app
from absl import flags
from absl import logging

import haiku as hk
import jax
from jax import lax
import jax.numpy as jnp
import numpy as np
import optax

import itertools

from tqdm import tqdm

import cache

import notify

PRNGKey = jnp.ndarray

NOTIFY = flags.DEFINE_boolean('notify', False, 'notify when training is complete (Mac OS X)')

N = flags.DEFINE_integer('n', 5, 'number of integers')
L = flags.DEFINE_integer('l', 10, 'number of lines of code')
M = flags.DEFINE_integer('m', 3, 'number of tests to evaluate after training')
S = flags.DEFINE_integer('s', 30, 'number of steps when running the machine')
SOFTMAX_SHARP = flags.DEFINE_float('softmax_sharp', 10, 'the multiplier to sharpen softmax (inverse temperature)')
GUMBEL_SOFTMAX = flags.DEFINE_boolean('gumbel_softmax', False, 'use Gumbel Softmax')
LEARNING_RATE = flags.DEFINE_float('learning_rate', 1e-3, '')
TRAINING_STEPS = flags.DEFINE_integer('training_steps', 60000, '')
SEED = flags.DEFINE_integer('seed', 42, '')

TRAIN_DATA_WITH_SUB = flags.DEFINE_boolean('train_data_with_sub', False, 'train the data with the _SUB program as opposed to the vanilla one')
TRAIN_DATA_WITH_BRANCH = flags.DEFINE_boolean('train_data_with_branch', False, 'train the data with the _BRANCH program as opposed to the vanilla one')
HARD_SKETCH = flags.DEFINE_boolean('hard', False, 'whether to use a hard sketch: only parameters for holes')
SOFT_SKETCH = flags.DEFINE_boolean('soft', False, 'whether to use a soft sketch: initial state, full parameters')
SKETCH = flags.DEFINE_boolean('sketch', False, 'whether to sketch')
SKETCH_NO_JMP = flags.DEFINE_boolean('sketch_no_jmp', False, 'whether to use a sketch that leaves holes for the jumps')
MASK_A = flags.DEFINE_boolean('mask_a', False, 'whether to mask A')
MASK_B = flags.DEFINE_boolean('mask_b', False, 'whether to mask B')
MASK_PC = flags.DEFINE_boolean('mask_pc', False, 'whether to mask PC')
MASK_HALTED = flags.DEFINE_boolean('mask_halted', False, 'whether to mask halted status')
MASK_DATA_P = flags.DEFINE_boolean('mask_data_p', False, 'whether to mask the data stack pointer')
MASK_DATA = flags.DEFINE_boolean('mask_data', False, 'whether to mask the data stack buffer')
MASK_RET_P = flags.DEFINE_boolean('mask_ret_p', False, 'whether to mask the return stack pointer')
MASK_RET = flags.DEFINE_boolean('mask_ret', False, 'whether to mask the return stack buffer')
FINAL = flags.DEFINE_boolean('final', False, 'whether to only learn on final (possibly masked) state')
REVEAL_FINAL = flags.DEFINE_boolean('reveal_final', False, 'whether to reveal final state')
CHECK_SIDE_BY_SIDE = flags.DEFINE_boolean('check_side_by_side', True, 'whether to check state side-by-side after training')
CHECK_END = flags.DEFINE_boolean('check_end', True, 'whether to check learned machine')

TEMPERATURE = flags.DEFINE_boolean('temperature', False, 'whether to use temperature in softmax calculation')
TEMPERATURE_INIT = flags.DEFINE_float('temperature_init', 8, 'initial temperature')

INSTRUCTION_NAMES = ['PUSH_A', 'PUSH_B', 'POP_A', 'POP_B', 'INC', 'INC_A', 'INC_B', 'DEC', 'DEC_A', 'DEC_B', 'JMP0', 'JMP0_A', 'JMP0_B', 'JMP', 'CALL', 'RET', 'NOP', 'STOP']
INSTRUCTION_MAP = dict([(instr, index) for index, instr in enumerate(INSTRUCTION_NAMES)])

class InstructionSet:
    def __init__(self, n, l, s):
        self.n = n
        self.l = l
        self.s = s
        self.instruction_names = INSTRUCTION_NAMES
        self.instruction_map = INSTRUCTION_MAP
        self.ani = len(self.instruction_names)
        self.ni = self.ani
        if self.ni <= self.l:
            self.ni = self.l # pad to be able to address each of the l lines of code
        self.index_NOP = self.instruction_map['NOP']
        self.index_STOP = self.instruction_map['STOP']
        self.temperature = TEMPERATURE.value
        if self.temperature:
            self.n_steps = TRAINING_STEPS.value
            self.temp_init = TEMPERATURE_INIT.value
            self.temp_fn = lambda step: 1+(self.temp_init-1)*(1-((step+1)/self.n_steps))
            self.temp_c = 1
            self.temp_a = self.temp_init - 1
            self.temp_d = 1e-5
            #self.temp_fn = lambda step: self.temp_c + self.temp_a*jnp.exp(-self.temp_d*step/self.n_steps)
        assert self.is_instr('STOP', self.index_STOP)

    def inc_matrix(self, dim, shift=1):
        return jnp.roll(jnp.identity(dim), shift, axis=1)

    def dec_matrix(self, dim):
        return self.inc_matrix(dim, -1)

    def get_instruction_name(self, index):
        if index < self.ani:
            return self.instruction_names[index]
        else:
            return 'NOP'

    def is_instr(self, name, index):
        return self.get_instruction_name(index) == name

    def push(self, buffer_p, buffer, buffer_value, buffer_size):
        next_buffer_p = jnp.matmul(buffer_p, self.inc_matrix(buffer_size))
        next_buffer = self.s.write_value(next_buffer_p, buffer, buffer_value, buffer_size)
        return (next_buffer_p, next_buffer)

    def pop(self, buffer_p, buffer, buffer_size):
        buffer_value = self.s.read_value(buffer_p, buffer)
        # Learning is easier when leaving the state dirty...
        next_buffer = buffer
        next_buffer_p = jnp.matmul(buffer_p, self.dec_matrix(buffer_size))
        return (next_buffer_p, next_buffer, buffer_value)

    def execute_instr(self, code, i, state):
        (reg_a, reg_b, pc, halted, data_p, data, ret_p, ret) = state
        instr = self.get_instruction_name(i)
        if instr == 'STOP':
            return (reg_a, reg_b, pc, halted, data_p, data, ret_p, ret)
        next_pc = jnp.matmul(pc, self.inc_matrix(self.l))
        if instr.startswith('PUSH'):
            assert instr == 'PUSH_A' or instr == 'PUSH_B'
            reg = reg_a if instr[-1] == 'A' else reg_b
            (data_p, data) = self.push(data_p, data, reg, self.n)
        elif instr.startswith('POP'):
            assert instr == 'POP_A' or instr == 'POP_B'
            (data_p, data, data_value) = self.pop(data_p, data, self.n)
            if instr[-1] == 'A':
                reg_a = data_value
            else:
                reg_b = data_value
        elif instr == 'INC' or instr == 'DEC':
            (data_p, data, data_value) = self.pop(data_p, data, self.n)
            if instr == 'INC':
                m = self.inc_matrix(self.n)
            else:
                assert instr == 'DEC'
                m = self.dec_matrix(self.n)
            data_value = jnp.matmul(data_value, m)
            (data_p, data) = self.push(data_p, data, data_value, self.n)
        elif instr == 'INC_A':
            reg_a = jnp.matmul(reg_a, self.inc_matrix(self.n))
        elif instr == 'INC_B':
            reg_b = jnp.matmul(reg_b, self.inc_matrix(self.n))
        elif instr == 'DEC_A':
            reg_a = jnp.matmul(reg_a, self.dec_matrix(self.n))
        elif instr == 'DEC_B':
            reg_b = jnp.matmul(reg_b, self.dec_matrix(self.n))
        elif instr == 'CALL':
            push_pc = jnp.matmul(next_pc, self.inc_matrix(self.l))
            (ret_p, ret) = self.push(ret_p, ret, push_pc, self.l)
            next_pc = jnp.matmul(next_pc, code)[0:self.l]
        elif instr == 'RET':
            (ret_p, ret, ret_value) = self.pop(ret_p, ret, self.l)
            next_pc = ret_value
        elif instr == 'JMP':
            next_pc = jnp.matmul(next_pc, code)[0:self.l]
        elif instr.startswith('JMP0'):
            assert instr == 'JMP0' or instr == 'JMP0_A' or instr == 'JMP0_B'
            if instr == 'JMP0':
                (data_p, data, data_value) = self.pop(data_p, data, self.n)
                reg = data_value
            else:
                reg = reg_a if instr[-1] == 'A' else reg_b
            p = jnp.dot(reg, jax.nn.one_hot(0, self.n))
            non_zero_next = jnp.matmul(next_pc, self.inc_matrix(self.l))
            zero_jmp = jnp.matmul(next_pc, code)[0:self.l]
            next_pc = (1-p)*non_zero_next + p*zero_jmp
        else:
            assert instr == 'NOP', f"Unhandled instruction {instr}"
        return (reg_a, reg_b, next_pc, halted, data_p, data, ret_p, ret)

    def step(self, code, state):
        (step, state) = state
        state = jax.tree.map(self.sm(step), state)
        pc = self.s.pc(state)
        halted = self.s.halted(state)
        sel = jnp.zeros(self.ni)
        for i in range(self.l):
            sel += pc[i] * self.sm(step)(code[i])
        new_state = jax.tree.map(lambda x: jnp.zeros(x.shape), state)
        for i in range(self.ni):
            delta_state = self.execute_instr(code, i, state)
            new_state = jax.tree.map(lambda new,delta: new + sel[i] * delta, new_state, delta_state)
        next_state = jax.tree.map(lambda old,new: halted[0] * old + halted[1] * new, state, new_state)
        halting = sel[self.index_STOP]
        not_halting = 1-halting
        next_halted = jnp.array([halted[0] + halted[1]*halting, halted[1]*not_halting])
        return (step+1, self.s.update_halted(next_state, next_halted))

    def sm(self, step):
        temp = self.temp_fn(step) if self.temperature else 1
        return logit_fn(jax.nn.softmax, temp)


class MachineState:
    def __init__(self, n, l):
        self.n = n
        self.l = l
        self.total = 2*self.n+self.l+2

    def read_value(self, p, buffer):
        return jnp.matmul(p.T, buffer).T

    def write_value(self, p, buffer, value, buffer_size):
        old = jnp.outer(p, jnp.ones(buffer_size)) * buffer
        new = jnp.outer(p, value)
        return buffer - old + new

    def new_stack(self, buffer_size):
        p = jnp.zeros(buffer_size).at[0].set(1)
        buffer = jnp.zeros([buffer_size, buffer_size])
        for i in range(buffer_size):
            buffer = buffer.at[(i,0)].set(1)
        return (p, buffer)

    def initial(self, reg_a, reg_b):
        pc = jnp.zeros([self.l]).at[0].set(1)
        halted = jnp.array([0.0, 1.0])
        (data_p, data) = self.new_stack(self.n)
        (ret_p, ret) = self.new_stack(self.l)
        state = (reg_a, reg_b, pc, halted, data_p, data, ret_p, ret)
        return (0, state)

    def reg_a(self, state):
        return state[0]

    def reg_b(self, state):
        return state[1]

    def pc(self, state):
        return state[2]

    def halted(self, state):
        return state[3]

    def update_halted(self, state, next_halted):
        mod_state = list(state)
        mod_state[3] = next_halted
        return tuple(mod_state)

    def data_p(self, state):
        return state[4]

    def data(self, state):
        return state[5]

    def ret_p(self, state):
        return state[6]

    def ret(self, state):
        return state[7]


class Machine(hk.RNNCore):
    def __init__(
            self,
            name: Optional[str] = None
    ):
        super().__init__(name=name)
        self.n = N.value
        self.l = L.value
        self.s = MachineState(self.n, self.l)
        self.i = InstructionSet(self.n, self.l, self.s)
        self.ni = self.i.ni
        if HARD_SKETCH.value:
            if SKETCH_NO_JMP.value:
                self.hard_sketch = pick_ADD_BY_INC_SKETCH_NO_JMP()
            else:
                self.hard_sketch = pick_ADD_BY_INC_SKETCH()
        else:
            self.hard_sketch = self.i.empty_sketch()
        self.init_hard_sketch()

    def __call__(self, inputs, prev_state):
        new_state = self.step(prev_state)
        return new_state[1], new_state

    def init_hard_sketch(self):
        self.hard_sketch_code = self.i.sketch_to_one_hot(self.hard_sketch)
        self.hole_indices = [i for (i, word) in enumerate(self.hard_sketch) if word == 'HOLE']
        self.n_holes = len(self.hole_indices)

    def initial_state(self, regs, batch_size: Optional[int]):
        assert batch_size is None
        (reg_a, reg_b) = regs
        return self.s.initial(reg_a, reg_b)

    def step(self, state):
        code = self.get_code()
        return self.i.step(code, state)

    def get_code(self):
        holes = hk.get_parameter('code', [self.n_holes, self.ni], init=self.make_code_fun())
        code = self.hard_sketch_code
        for i in range(self.n_holes):
            code = code.at[self.hole_indices[i]].set(holes[i])
        return code

    def make_code_fun(self):
        if SOFT_SKETCH.value:
            assert not HARD_SKETCH.value, "not yet supported"
            if SKETCH_NO_JMP.value:
                code = self.i.sketch_to_one_hot(pick_ADD_BY_INC_SKETCH_NO_JMP())
            elif SKETCH.value:
                code = self.i.sketch_to_one_hot(pick_ADD_BY_INC_SKETCH())
            else:
                # we initialize to the whole program... a bit silly, but to try out
                code = self.i.sketch_to_one_hot(pick_ADD_BY_INC())
        else:
            # all holes are initialized to NOPs
            code = jnp.array([[1.0 if i==self.i.index_NOP else 0.0 for i in range(self.ni)] for l in range(self.n_holes)])

        def code_fun(shape, dtype):
            return code
        return code_fun


class TrainingState(NamedTuple):
  params: hk.Params
  opt_state: optax.OptState

def make_network() -> Machine:
    model = Machine()
    return model

def make_optimizer() -> optax.GradientTransformation:
  """Defines the optimizer."""
  return optax.adam(LEARNING_RATE.value)

def forward(input) -> jnp.ndarray:
  core = make_network()
  sequence_length = S.value
  initial_state = core.initial_state(input, batch_size=None)
  states, _ = hk.dynamic_unroll(core, [jnp.zeros(sequence_length) for i in range(sequence_length)], initial_state)
  return states

def mask():
    n = N.value
    l = L.value
    return (
        jnp.zeros(n) if MASK_A.value else jnp.ones(n),
        jnp.zeros(n) if MASK_B.value else jnp.ones(n),
        jnp.zeros(l) if MASK_PC.value else jnp.ones(l),
        jnp.zeros(2) if MASK_HALTED.value else jnp.ones(2),
        jnp.zeros(n) if MASK_DATA_P.value else jnp.ones(n),
        jnp.zeros([n,n]) if MASK_DATA.value else jnp.ones([n,n]),
        jnp.zeros(l) if MASK_RET_P.value else jnp.ones(l),
        jnp.zeros([l,l]) if MASK_RET.value else jnp.ones([l,l]),
    )

def logit_fn(softmax=jax.nn.softmax, temp=1.0):
    def fn(x):
        return softmax(SOFTMAX_SHARP.value*(1.0/temp)*(x+(jax.random.gumbel(hk.next_rng_key(), x.shape) if GUMBEL_SOFTMAX.value else 0)))
    return fn

def sequence_loss(t) -> jnp.ndarray:
  """Unrolls the network over a sequence of inputs & targets, gets loss."""
  states = forward(t['input'])
  log_probs = jax.tree.map(logit_fn(jax.nn.log_softmax), states)
  diffs = jax.tree.map(lambda x,y: x*y, log_probs, t['target'])
  diffs_masked = jax.tree.map(lambda x,y: x*y, diffs, mask())
  es, _ = jax.flatten_util.ravel_pytree(diffs_masked)
  n_items = len(t['target'])
  loss = 0
  factor = 1
  if REVEAL_FINAL.value or FINAL.value:
      factor = 2 if (not FINAL.value) else 1
      last_ones = jnp.array(jax.tree.map(lambda x: jnp.sum(x[-1]), diffs if REVEAL_FINAL.value else diffs_masked))
      loss += -jnp.sum(last_ones) / (n_items * factor)
  if not FINAL.value:
      loss += -jnp.sum(es) / (S.value * n_items * factor)
  return loss

@jax.jit
def update(state: TrainingState, rng_key: PRNGKey, t) -> TrainingState:
  """Does a step of SGD given inputs & targets."""
  _, optimizer = make_optimizer()
  _, loss_fn = hk.transform(sequence_loss)
  gradients = jax.grad(loss_fn)(state.params, rng_key, t)
  updates, new_opt_state = optimizer(gradients, state.opt_state)
  new_params = optax.apply_updates(state.params, updates)
  return TrainingState(params=new_params, opt_state=new_opt_state)
