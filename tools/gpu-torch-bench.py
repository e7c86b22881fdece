#!/usr/bin/env python3
"""Times torch.nn.functional.conv2d (cuDNN) on the shapes `cudnn-setup validate` uses; prints JSON.
FP32 with TF32 off and cudnn.benchmark on (PyTorch picks its fastest cuDNN algorithm), median of 20
runs each timed with CUDA events after warm-up; plus TF32 and FP16 on the ResNet layer."""
import json
import statistics
import sys

import torch
import torch.nn.functional as F

# name, (n, c, h, w), (k, r, s), pad, stride, dilation  -- keep in step with core/validate/convreference.cpp
SHAPES = [
    ("tiny-3x3", (1, 3, 32, 32), (8, 3, 3), 1, 1, 1),
    ("resnet50-3x3", (32, 64, 56, 56), (64, 3, 3), 1, 1, 1),
    ("strided-1x1", (16, 256, 56, 56), (128, 1, 1), 0, 2, 1),
    ("dilated-3x3", (8, 32, 64, 64), (32, 3, 3), 2, 1, 2),
]


def bench(x, w, pad, stride, dil, runs=20, warmup=5):
    for _ in range(warmup):
        F.conv2d(x, w, padding=pad, stride=stride, dilation=dil)
    torch.cuda.synchronize()
    times = []
    for _ in range(runs):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        F.conv2d(x, w, padding=pad, stride=stride, dilation=dil)
        b.record()
        b.synchronize()
        times.append(a.elapsed_time(b))
    return statistics.median(times)


def main():
    torch.backends.cudnn.enabled = True
    torch.backends.cudnn.benchmark = True
    out = {"torch": torch.__version__, "cudnn": torch.backends.cudnn.version(),
           "device": torch.cuda.get_device_name(0), "shapes": {}}
    for name, (n, c, h, wd), (k, r, s), pad, stride, dil in SHAPES:
        flops = None
        for mode in ("fma", "tf32", "fp16"):
            if mode != "fma" and name != "resnet50-3x3":
                continue
            torch.backends.cudnn.allow_tf32 = mode == "tf32"
            torch.backends.cuda.matmul.allow_tf32 = False
            dtype = torch.float16 if mode == "fp16" else torch.float32
            x = torch.rand(n, c, h, wd, device="cuda", dtype=dtype) * 2 - 1
            w = torch.rand(k, c, r, s, device="cuda", dtype=dtype) * 2 - 1
            y = F.conv2d(x, w, padding=pad, stride=stride, dilation=dil)
            flops = 2.0 * y.numel() * c * r * s
            ms = bench(x, w, pad, stride, dil)
            out["shapes"].setdefault(name, {})[mode] = {"time_ms": ms, "gflops": flops / (ms * 1e6)}
    json.dump(out, sys.stdout, indent=1)


if __name__ == "__main__":
    main()
