#!/usr/bin/env python3
"""Reads gpu-check.sh's outputs (validate-*.json, torch.json) and prints one table plus the goals."""
import glob
import json
import os
import sys

out = sys.argv[1]


def load(p):
    try:
        with open(p) as f:
            return json.load(f)
    except Exception as e:  # a crashed run leaves an empty or partial file
        return {"_error": str(e)}


torch = load(os.path.join(out, "torch.json"))
tshapes = torch.get("shapes", {})
if torch.get("torch"):
    print(f"PyTorch {torch['torch']}, its cuDNN {torch.get('cudnn')}, {torch.get('device')}")
rows = []
goal_wall = goal_tp = None
for path in sorted(glob.glob(os.path.join(out, "validate-*.json")), key=lambda p: ("tensorops" in p, p)):
    v = load(path)
    tag = os.path.basename(path)[:-5]
    base = path[:-5].replace("-tensorops", "")
    wall = open(base + ".wall").read().strip() if os.path.exists(base + ".wall") and "tensorops" not in tag else None
    if "_error" in v:
        err = open(path[:-5] + ".err").read()[-600:] if os.path.exists(path[:-5] + ".err") else ""
        print(f"\n{tag}: no JSON ({v['_error']}); stderr tail:\n{err}")
        continue
    cud, dev, drv = v.get("cudnn", {}), v.get("device") or {}, v.get("driver", {})
    print(f"\n{tag}: cuDNN {cud.get('version')} ({cud.get('library_path')}), cudart {cud.get('cudart_version')}; "
          f"driver CUDA {drv.get('cuda_version')}; device {dev.get('name')} cc {dev.get('compute_capability')}; "
          f"ok={v.get('ok')}; validate wall_ms={v.get('wall_ms', 0):.0f}" + (f", process wall {wall} s" if wall else ""))
    for p in v.get("problems", []):
        print(f"  PROBLEM [{p['code']}] {p['message']}")
    for p in v.get("warnings", []):
        print(f"  warning [{p['code']}] {p['message']}")
    hdr = f"  {'shape':<14}{'algo':<23}{'math':<6}{'ok':<5}{'rel.err':>10}{'time ms':>10}{'GFLOP/s':>10}{'torch ms':>10}{'torch GF/s':>11}{'ratio':>7}"
    print(hdr)
    best = {}
    for c in v.get("checks", []) + v.get("tensor_op_checks", []):
        t = tshapes.get(c["name"], {}).get(c["math"], {})
        tms, tgf = t.get("time_ms"), t.get("gflops")
        gf = c.get("gflops")
        ratio = (gf / tgf) if gf and tgf else None
        rel, tm = c.get("max_rel_error"), c.get("time_ms")
        fmt = lambda val, spec: format(val, spec) if val else "-"
        rel_s = format(rel, ".2e") if rel is not None else "-"
        line = (f"  {c['name']:<14}{c['algo']:<23}{c['math']:<6}{'PASS' if c['ok'] else 'FAIL':<5}"
                f"{rel_s:>10}{fmt(tm, '.3f'):>10}{fmt(gf, '.0f'):>10}{fmt(tms, '.3f'):>10}{fmt(tgf, '.0f'):>11}{fmt(ratio, '.2f'):>7}")
        if c.get("error"):
            line += "  " + c["error"]
        print(line)
        key = (c["name"], c["math"])
        if c["ok"] and gf and (key not in best or gf > best[key]):
            best[key] = gf
    if "tensorops" not in tag:
        ms = float(wall) if wall else None
        verdict = "MET" if ms is not None and ms <= 3 and v.get("ok") else ("NOT MET" if v.get("ok") else "NOT MET (validation failed)")
        print(f"  GOAL whole validation <= 3 s wall: {wall} s -> {verdict}")
        r = tshapes.get("resnet50-3x3", {}).get("fma", {}).get("gflops")
        b = best.get(("resnet50-3x3", "fma"))
        if r and b:
            print(f"  GOAL best ResNet algorithm >= 0.9x PyTorch: {b:.0f} vs {r:.0f} GFLOP/s = {b / r:.2f}x -> {'MET' if b / r >= 0.9 else 'NOT MET'}")
        else:
            print("  GOAL best ResNet algorithm >= 0.9x PyTorch: not measured (no PyTorch time or no passing algorithm)")
