# Source: https://github.com/imyoungmin/DENN/blob/b28cc9e2f4807347746741b87adb19cbe1e1d128/PDE.py
# Title: PDE.py (Lagaris-style trial solution of the Laplace equation on the unit square, HIPS autograd)
# Cut: docstrings removed; analytical-solution helpers and all plotting/evaluation after training dropped.
import autograd.numpy as np
import autograd
from autograd.misc.optimizers import adam
import random


def sigmoid( z ):
	return 1.0 / ( 1.0 + np.exp( -z ) )


def sigmoidPrime( z ):
	return sigmoid( z ) * ( 1.0 - sigmoid( z ) )


def sigmoidPrimePrime( z ):
	return sigmoid( z ) * ( 1.0 - sigmoid( z ) ) * ( 1.0 - 2.0 * sigmoid( z ) )


def nnet( x, params ):
	W = params[0][0]					# Weights towards hidden layer.
	b = params[0][1]					# Biases for hidden layer units.
	V = params[1][0]					# Weights towards output layer.
	z = np.dot( W, x ) + b
	sigma = sigmoid( z )				# Become inputs for output layer neuron.
	return np.dot( V, sigma )			# Output neuron is linear.


def dkNnet_dxjk( x, params, j, k ):
	W = params[0][0]
	b = params[0][1]
	V = params[1][0]
	z = np.dot( W, x ) + b
	if k == 1:
		sigmaPrime = sigmoidPrime( z )
	else:
		sigmaPrime = sigmoidPrimePrime( z )
	return np.dot( V * (W[:,j] ** k), sigmaPrime )


def phi_t( x, params ):
	return x[1] * np.sin( np.pi * x[0] ) + x[0] * ( 1.0 - x[0] ) * x[1] * ( 1.0 - x[1] ) * nnet( x, params )


def d2Phi_t_dx12( x, params ):
	return -( np.pi ** 2 ) * x[1] * np.sin( np.pi * x[0] ) + x[1] * ( 1.0 - x[1] ) \
		   * ( x[0] * ( 1.0 - x[0] ) * dkNnet_dxjk( x, params, 0, 2 ) + 2.0 * ( 1.0 - 2.0 * x[0] ) * dkNnet_dxjk( x, params, 0, 1 ) - 2.0 * nnet( x, params ) )


def d2Phi_t_dx22( x, params ):
	return x[0] * ( 1.0 - x[0] ) \
		   * ( x[1] * ( 1.0 - x[1] ) * dkNnet_dxjk( x, params, 1, 2 ) + 2.0 * ( 1.0 - 2.0 * x[1] ) * dkNnet_dxjk( x, params, 1, 1 ) - 2.0 * nnet( x, params ) )


def error( inputs, params ):
	totalError = 0
	for x in inputs:
		totalError += ( d2Phi_t_dx12( x, params ) + d2Phi_t_dx22( x, params ) ) ** 2
	return totalError / float( len( points ) )


if __name__ == '__main__':
	np.random.seed( 31 )
	random.seed( 11 )
	N = 7									# Number of training samples per dimension.
	MinVal = 0
	MaxVal = 1
	points = []
	for ii in range( N + 1 ):
		for jj in range( N + 1 ):
			points.append( np.array( [ii/N, jj/N] ) )		# Training dataset.
	random.shuffle( points )

	# Training parameters.
	H = 7  									# Number of neurons in hidden layer.
	batch_size = 4
	num_epochs = 50
	num_batches = int( np.ceil( len( points ) / batch_size ) )
	step_size = 0.055

	def initParams():
		return [(np.random.uniform( -1, +1, (H, 2) ), np.random.uniform( -1, +1, H )), (np.random.uniform( -1, +1, H ),)]

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
