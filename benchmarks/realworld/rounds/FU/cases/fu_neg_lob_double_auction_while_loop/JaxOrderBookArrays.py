# Source: https://github.com/KangOxford/jax-lob/blob/d1f596610b04a09941c7a1b609e5bab541ecfc98/gymnax_exchange/jaxob/JaxOrderBookArrays.py
# Title: gymnax_exchange/jaxob/JaxOrderBookArrays.py (JAX-LOB: continuous double auction order book)
# Cut: kept add/cancel, the matching functions (lax.while_loop over resting orders), the limit-order type
#      functions, cond_type_side and the lax.scan over messages; market-order types, the save_states/bidask
#      scan variants, cancel-message helpers and L2-state extraction are cut.
from jax import numpy as jnp
import jax
from functools import partial, partialmethod
import chex

INITID = -9000
#MAXPRICE=999999999
#TODO: Get rid of these magic numbers by allowing a config dict to be passed through as a static arg 

MAX_INT = 2_147_483_647  # max 32 bit int

############### ADD AND REMOVE ###############
@jax.jit
def add_order(orderside: chex.Array, msg: dict) -> chex.Array :
    """Low level function that will add an order (Dict)
      to the orderbook (Array) and return the updated"""
    emptyidx=jnp.where(orderside==-1,size=1,fill_value=-1)[0]
    orderside=orderside.at[emptyidx,:].set(jnp.array([msg['price'],jnp.maximum(0,msg['quantity']),msg['orderid'],msg['traderid'],msg['time'],msg['time_ns']])).astype(jnp.int32)
    return __removeZeroNegQuant(orderside)

@jax.jit
def __removeZeroNegQuant(orderside):
    return jnp.where((orderside[:,1]<=0).reshape((orderside.shape[0],1)),x=(jnp.ones(orderside.shape)*-1).astype(jnp.int32),y=orderside)



@jax.jit
def cancel_order(orderside, msg):
    def get_init_id_match(orderside, msg):
        init_id_match = ((orderside[:, 0] == msg['price']) & (orderside[:, 2] <= INITID))
        idx = jnp.where(init_id_match, size=1, fill_value=-1)[0][0]
        return idx

    # jax.debug.breakpoint()
    # TODO: also check for price here?
    oid_match = (orderside[:, 2] == msg['orderid'])
    idx = jnp.where(oid_match, size=1, fill_value=-1)[0][0]
    idx = jax.lax.cond(idx == -1, get_init_id_match, lambda a, b: idx, orderside, msg)
    orderside = orderside.at[idx, 1].set(orderside[idx, 1] - msg['quantity'])
    return __removeZeroNegQuant(orderside)

############### MATCHING FUNCTIONS ###############

@jax.jit
def match_bid_order(data_tuple):
    return __get_top_bid_order_idx(data_tuple[1]), *match_order(data_tuple)

@jax.jit
def match_ask_order(data_tuple):
    return __get_top_ask_order_idx(data_tuple[1]), *match_order(data_tuple)

@jax.jit
def match_order(data_tuple):
    top_order_idx, orderside, qtm, price, trade, agrOID, time, time_ns = data_tuple
    newquant=jnp.maximum(0,orderside[top_order_idx,1]-qtm) #Could theoretically be removed as an operation because the removeZeroQuand func also removes negatives. 
    qtm=qtm-orderside[top_order_idx,1]
    qtm=qtm.astype(jnp.int32)
    emptyidx=jnp.where(trade==-1,size=1,fill_value=-1)[0]
    trade=trade.at[emptyidx,:].set(jnp.array([orderside[top_order_idx,0],orderside[top_order_idx,1]-newquant,orderside[top_order_idx,2],[agrOID],[time],[time_ns]]).transpose())
    orderside=__removeZeroNegQuant(orderside.at[top_order_idx,1].set(newquant))
    return (orderside.astype(jnp.int32), jnp.squeeze(qtm), price, trade, agrOID, time, time_ns)

@jax.jit
def __get_top_bid_order_idx(orderside):
    maxPrice=jnp.max(orderside[:,0],axis=0)
    times=jnp.where(orderside[:,0]==maxPrice,orderside[:,4],999999999)
    minTime_s=jnp.min(times,axis=0)
    times_ns=jnp.where(times==minTime_s,orderside[:,5],999999999)
    minTime_ns=jnp.min(times_ns,axis=0)
    return jnp.where(times_ns==minTime_ns,size=1,fill_value=-1)[0]

@jax.jit
def __get_top_ask_order_idx(orderside):
    prices=orderside[:,0]
    prices=jnp.where(prices==-1,999999999,prices)
    minPrice=jnp.min(prices)
    times=jnp.where(orderside[:,0]==minPrice,orderside[:,4],999999999)
    minTime_s=jnp.min(times,axis=0)
    times_ns=jnp.where(times==minTime_s,orderside[:,5],999999999)
    minTime_ns=jnp.min(times_ns,axis=0)
    return jnp.where(times_ns==minTime_ns,size=1,fill_value=-1)[0]

@jax.jit
def __check_before_matching_bid(data_tuple):
    top_order_idx,orderside,qtm,price,trade,_,_,_=data_tuple
    returnarray=(orderside[top_order_idx,0]>=price) & (qtm>0) & (orderside[top_order_idx,0]!=-1)
    return jnp.squeeze(returnarray)

@jax.jit
def _match_against_bid_orders(orderside,qtm,price,trade,agrOID,time,time_ns):
    top_order_idx=__get_top_bid_order_idx(orderside)
    top_order_idx,orderside,qtm,price,trade,_,_,_=jax.lax.while_loop(__check_before_matching_bid,match_bid_order,(top_order_idx,orderside,qtm,price,trade,agrOID,time,time_ns))
    return (orderside,qtm,price,trade)

@jax.jit
def __check_before_matching_ask(data_tuple):
    top_order_idx,orderside,qtm,price,trade,_,_,_=data_tuple
    returnarray=(orderside[top_order_idx,0]<=price) & (qtm>0) & (orderside[top_order_idx,0]!=-1)
    return jnp.squeeze(returnarray)

@jax.jit
def _match_against_ask_orders(orderside,qtm,price,trade,agrOID,time,time_ns):
    top_order_idx=__get_top_ask_order_idx(orderside)
    top_order_idx,orderside,qtm,price,trade,_,_,_=jax.lax.while_loop(__check_before_matching_ask,match_ask_order,(top_order_idx,orderside,qtm,price,trade,agrOID,time,time_ns))
    return (orderside,qtm,price,trade)

########Type Functions#############

def doNothing(msg,askside,bidside,trades):
    return askside,bidside,trades

def bid_lim(msg,askside,bidside,trades):
    #match with asks side
    #add remainder to bids side
    matchtuple=_match_against_ask_orders(askside,msg["quantity"],msg["price"],trades,msg['orderid'],msg["time"],msg["time_ns"])
    #^(orderside,qtm,price,trade)
    msg["quantity"]=matchtuple[1]
    bids=add_order(bidside,msg)
    return matchtuple[0],bids,matchtuple[3]

def bid_cancel(msg,askside,bidside,trades):
    return askside,cancel_order(bidside,msg),trades


def ask_lim(msg,askside,bidside,trades):
    #match with bids side
    #add remainder to asks side
    matchtuple=_match_against_bid_orders(bidside,msg["quantity"],msg["price"],trades,msg['orderid'],msg["time"],msg["time_ns"])
    #^(orderside,qtm,price,trade)
    msg["quantity"]=matchtuple[1]
    asks=add_order(askside,msg)
    return asks,matchtuple[0],matchtuple[3]

def ask_cancel(msg,askside,bidside,trades):
    return cancel_order(askside,msg),bidside,trades


############### MAIN BRANCHING FUNCS ###############

@jax.jit
def cond_type_side(book_state, data):
    askside,bidside,trades=book_state
    #jax.debug.breakpoint()
    #jax.debug.print("Askside before is \n {}",askside)
    msg={
    'side':data[1],
    'type':data[0],
    'price':data[3],
    'quantity':data[2],
    'orderid':data[5],
    'traderid':data[4],
    'time':data[6],
    'time_ns':data[7]}
    # index=((msg["side"]+1)+msg["type"]).astype(jnp.int32)
    s = msg["side"]
    t = msg["type"]
    index = (((s == -1) & (t == 1)) | ((s ==  1) & (t == 4))) * 0 + \
            (((s ==  1) & (t == 1)) | ((s == -1) & (t == 4))) * 1 + \
            (((s == -1) & (t == 2)) | ((s == -1) & (t == 3))) * 2 + \
            (((s ==  1) & (t == 2)) | ((s ==  1) & (t == 3))) * 3
    # jax.debug.print("msg[side] {}", msg["side"])
    # jax.debug.print("msg[type] {}", msg["type"])
    # jax.debug.print("index is {}", index)
    # ask,bid,trade=jax.lax.switch(index-1,(ask_lim,ask_cancel,bid_lim,bid_cancel),msg,askside,bidside,trades)
    ask, bid, trade = jax.lax.switch(index, (ask_lim, bid_lim, ask_cancel, bid_cancel), msg, askside, bidside, trades)
    return (ask, bid, trade), 0


    # jax.debug.breakpoint()
    return (ask,bid,trade),get_best_bid_and_ask_inclQuants(ask,bid)

vcond_type_side=jax.vmap(cond_type_side,((0,0,0),0))

############### SCAN FUNCTIONS ###############

def scan_through_entire_array(msg_array,ordersides):
    ordersides,_=jax.lax.scan(cond_type_side,ordersides,msg_array)
    return ordersides
