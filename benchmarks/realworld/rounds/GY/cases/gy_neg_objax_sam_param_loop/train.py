# Source: https://github.com/benjaminjellis/Objax-SAM/blob/ec18f2663ffac2304dc5893f9176800b3584bfad/train.py
# Title: train.py (SAM + SGD with momentum on CIFAR10, WideResNet)
# Cut: kept the SAM branch: loss, GradValues, jitted train_op and the epoch loop; argument parsing reduced, SGD branch and evaluation cut; import of SAM pointed at the local module
import argparse
import objax
from objax.zoo.wide_resnet import WideResNet
from sam import SAM
from torch.utils.data import DataLoader
from torchvision.datasets import CIFAR10
from torchvision.transforms import Compose, RandomHorizontalFlip, ToTensor, Normalize
from tqdm import tqdm

if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", default = 100, type = int, help= "Number of epochs to train for (int)")
    parser.add_argument("--momentum", default=0.9, type=float, help= "SGD Momentum")
    parser.add_argument("--rho", default=0.05, type=int, help= "Rho parameter for SAM")
    args = parser.parse_args()

    train_ds = CIFAR10(root = "./data", train = True, transform = train_transform, download = True)
    train_dl = DataLoader(dataset = train_ds, batch_size = 120, shuffle = False, num_workers = 2)

    model = WideResNet(nin=3, nclass=10, depth=28, width=2)

    @objax.Function.with_vars(model.vars())
    def loss(x, label):
        logit = model(x, training = True)
        return objax.functional.loss.cross_entropy_logits_sparse(logit, label).mean()

    gv = objax.GradValues(loss, model.vars())

    if args.mode == "SAM":
        print("Using SAM")
        opt = SAM(model.vars(), base_optimizer = objax.optimizer.Momentum, momentum = args.momentum)

        @objax.Function.with_vars(model.vars() + gv.vars() + opt.vars())
        def train_op(x, y, lr):
            g1, v1 = gv(x, y)
            opt.first_step(rho = args.rho, grads = g1)
            g2, v2 = gv(x, y)
            opt.second_step(lr = lr, grads = g2)
            return v1

    train_op = objax.Jit(train_op)

    for epoch in range(args.epochs):
        train_dl = tqdm(train_dl)
        loss = 0
        for i, (images, targets) in enumerate(train_dl):
            loss += float(train_op(images.numpy(), targets.numpy(), args.learning_rate)[0].item())
