# Source: https://github.com/imyoungmin/DENN/blob/b28cc9e2f4807347746741b87adb19cbe1e1d128/ODE.py
# Title: ODE.py (Lagaris-style trial solution of dy/dx + y/5 = exp(-x/5) cos(x) with a 1-hidden-layer MLP, HIPS autograd)
# Cut: docstrings removed; plotting after training dropped.
import autograd.numpy as np
import autograd
from autograd.misc.optimizers import adam
import matplotlib.pyplot as plt


def sigmoid( x ):
	return 1.0 / ( 1.0 + np.exp( -x ) )


def sigmoidPrime( x ):
	return sigmoid( x ) * ( 1.0 - sigmoid( x ) )


def nnet( x, params ):
	W = params[0][0]					# Weights towards hidden layer.
	b = params[0][1]					# Biases for hidden layer units.
	V = params[1][0]					# Weights towards output layer.
	z = W * x + b
	sigma = sigmoid( z )				# Become inputs for output layer neuron.
	return np.dot( V, sigma )			# Output neuron is linear.


def dNnet_dx( x, params ):
	W = params[0][0]
	b = params[0][1]
	V = params[1][0]
	z = W * x + b
	sigmaPrime = sigmoidPrime( z )
	return np.dot( V * W, sigmaPrime )


def phi_a( x ):
	return np.exp( -x / 5.0 ) * np.sin( x )


def dPhi_a_dx( x ):
	return np.exp( -x/5.0 ) * ( np.cos( x ) - 1.0/5.0 * np.sin( x ) )


def phi_t( x, params ):
	return x * nnet( x, params )


def dPhi_t_dx( x, params ):
	return nnet( x, params ) + x * dNnet_dx( x, params )


def error( inputs, params ):
	totalError = 0
	for i in range( 0, len( inputs ) ):
		x = inputs[i]
		totalError += ( dPhi_t_dx( x, params ) + 0.2 * phi_t( x, params ) - np.exp( -x / 5.0 ) * np.cos( x ) ) ** 2
	return totalError / float( len( points ) )


if __name__ == '__main__':
	np.random.seed( 0 )
	N = 17										# Number of training samples.
	MinX = 0
	MaxX = 2
	points = np.random.uniform( MinX, MaxX, N )	# Training dataset.

	# Training parameters.
	H = 6  										# Number of neurons in hidden layer.
	batch_size = 2
	num_epochs = 30
	num_batches = int( np.ceil( len( points ) / batch_size ) )
	step_size = 0.05

	def initParams():
		return [(np.random.rand(H), np.random.rand(H)), (np.random.rand(H),)]

	def batchIndices( i ):
		idx = i % num_batches
		return slice( idx * batch_size, (idx + 1) * batch_size )

	# Define training objective
	def objective( params, i ):
		idx = batchIndices( i )
		return error( points[idx], params )

	# Get gradient of objective using autograd.
	objective_grad = autograd.grad( objective )

	print( "     Epoch     |    Train accuracy  " )
	def printPerf( params, i, _ ):
		if i % num_batches == 0:
			train_acc = error( points, params )
			print( "{:15}|{:20}".format( i // num_batches, train_acc ) )


	# The optimizers provided can optimize lists, tuples, or dicts of parameters.
	optimizedParams = adam( objective_grad, initParams(), step_size=step_size,
							 num_iters=num_epochs * num_batches, callback=printPerf )
	printPerf( optimizedParams, 0, None )
