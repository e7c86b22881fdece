#!/usr/bin/env bash
# On-GPU check of `cudnn-setup validate` against the machine's real cuDNN 9, compared with PyTorch.
#
# HOW TO RUN (lead, one short run on the GPU machine, from the repository root):
#   1. Here, before: tools/gpu-bundle.sh            # builds release cudnn-setup-cli + its .so's into build/gpu-bundle
#   2. There:        tools/gpu-check.sh             # carry build/gpu-bundle; writes everything to $OUT
#   Options: --cli PATH (use this binary), --cudnn-dir DIR (a folder whose lib/ or lib64/ holds libcudnn.so.9;
#            repeatable), --build (ignore the bundle and build from source), --no-torch.
#   Without a usable bundle it builds cudnn-setup-cli from source (cmake, g++, pkg-config, libzip-dev,
#   libssl-dev, nlohmann-json3-dev, libcli11-dev, libisal-dev; no Qt needed) and says what is missing.
#
# What it does, in about a minute:
#   - finds cuDNN 9: /usr/local/cuda (if it holds libcudnn) and the pip package nvidia-cudnn-cu* that
#     PyTorch uses (python3 -c 'import nvidia.cudnn'), plus any --cudnn-dir;
#   - runs `cudnn-setup-cli validate --json --toolkit DIR` for each (wall time measured), then once more
#     with --tensor-ops;
#   - times torch.nn.functional.conv2d (cuDNN, FP32, allow_tf32=False, cudnn.benchmark=True) on the same
#     shapes (median of 20 after warm-up; also TF32 and FP16 on the ResNet layer);
#   - prints ONE table: per shape and algorithm: error, time, GFLOP/s, PyTorch's time, and the goals:
#     whole validation <= 3 s wall, best algorithm >= 0.9x PyTorch throughput on the ResNet layer.
# Outputs ($OUT, else ./gpu-check-out): table.txt, validate-*.json, validate-*.err, torch.json, build.log, env.txt.
# Missing torch or python still gives the validate results. Exit code: 0 when every validate run passed.
# Dry run without a GPU (what was done before handing it over): CUDNN_SETUP_LIBCUDA=<driver double>
# GPU_CHECK_EXTRA_ARGS=--quick tools/gpu-check.sh --cudnn-dir <fake toolkit> --no-torch
set -uo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
out="${OUT:-$here/gpu-check-out}"
mkdir -p "$out"
cli="" force_build=0 use_torch=1
declare -a cudnn_dirs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --cli) cli="$2"; shift 2 ;;
    --cudnn-dir) cudnn_dirs+=("$2"); shift 2 ;;
    --build) force_build=1; shift ;;
    --no-torch) use_torch=0; shift ;;
    -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
log() { echo "[gpu-check] $*" | tee -a "$out/env.txt" >&2; }
: > "$out/env.txt"
{ uname -a; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv 2>&1 | head -3; } >> "$out/env.txt" 2>&1

runnable() { # binary [libdir]: prints nothing, returns 0 when `--version` works
  local b="$1" d="${2:-}"
  [ -x "$b" ] || return 1
  if [ -n "$d" ]; then LD_LIBRARY_PATH="$d${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$b" --version >/dev/null 2>&1
  else "$b" --version >/dev/null 2>&1; fi
}

cli_libdir=""
if [ -z "$cli" ] && [ $force_build -eq 0 ] && [ -x "$here/build/gpu-bundle/cudnn-setup-cli" ]; then
  b="$here/build/gpu-bundle/cudnn-setup-cli"
  if ldd "$b" 2>/dev/null | grep -q "not found"; then
    log "bundle: system lacks $(ldd "$b" | grep 'not found' | awk '{print $1}' | tr '\n' ' ')- using the bundled libraries"
    cli_libdir="$here/build/gpu-bundle/lib"
  fi
  if runnable "$b" "$cli_libdir"; then cli="$b"
  elif runnable "$b" "$here/build/gpu-bundle/lib"; then cli="$b"; cli_libdir="$here/build/gpu-bundle/lib"
  else log "bundle: cudnn-setup-cli from build/gpu-bundle does not run here (glibc too old?); building instead"; fi
fi
if [ -z "$cli" ]; then
  missing=()
  for t in cmake pkg-config; do command -v $t >/dev/null || missing+=("$t"); done
  command -v g++ >/dev/null || command -v c++ >/dev/null || missing+=("g++")
  for p in libzip openssl libisal; do pkg-config --exists $p 2>/dev/null || missing+=("$p (pkg-config; Debian: ${p/openssl/libssl}-dev)"); done
  [ -f /usr/include/nlohmann/json.hpp ] || [ -f /usr/local/include/nlohmann/json.hpp ] || missing+=("nlohmann-json3-dev")
  [ -f /usr/include/CLI/CLI.hpp ] || [ -f /usr/local/include/CLI/CLI.hpp ] || missing+=("libcli11-dev")
  if [ ${#missing[@]} -gt 0 ]; then
    log "cannot build cudnn-setup-cli here, missing: ${missing[*]}"
    log "fix: run tools/gpu-bundle.sh on the build machine and carry build/gpu-bundle"
    exit 2
  fi
  gen=(); command -v ninja >/dev/null && gen=(-G Ninja)
  log "building cudnn-setup-cli (release) in build/gpu-check"
  if ! { cmake -S "$here" -B "$here/build/gpu-check" "${gen[@]}" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF \
           -DCUDNN_SETUP_WIZARD=OFF -DCUDNN_SETUP_BENCH=OFF &&
         cmake --build "$here/build/gpu-check" --target cudnn-setup-cli -j "$(nproc)"; } > "$out/build.log" 2>&1; then
    log "build failed; last lines of build.log:"; tail -20 "$out/build.log" >&2; exit 2
  fi
  cli="$here/build/gpu-check/app/cudnn-setup-cli"
fi
log "cli: $cli ${cli_libdir:+(LD_LIBRARY_PATH $cli_libdir)}"

# cuDNN candidates: the toolkit, the pip package PyTorch uses, and any given folder.
has_cudnn() { for s in lib64 lib targets/x86_64-linux/lib; do [ -f "$1/$s/libcudnn.so.9" ] && return 0; done; return 1; }
declare -a cands=()
has_cudnn /usr/local/cuda && cands+=(/usr/local/cuda)
py=""; command -v python3 >/dev/null && py=python3
if [ -n "$py" ]; then
  pipdir="$($py -c 'import nvidia.cudnn, os; p = getattr(nvidia.cudnn, "__file__", None); print(os.path.dirname(p) if p else list(nvidia.cudnn.__path__)[0])' 2>/dev/null || true)"
  [ -n "$pipdir" ] && has_cudnn "$pipdir" && cands+=("$pipdir")
fi
for d in "${cudnn_dirs[@]}"; do cands+=("$d"); done
if [ ${#cands[@]} -eq 0 ]; then log "no cuDNN 9 found (/usr/local/cuda, pip nvidia-cudnn-cu*); pass --cudnn-dir DIR"; exit 2; fi

clicmd=("$cli")
[ -n "$cli_libdir" ] && clicmd=(env "LD_LIBRARY_PATH=$cli_libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$cli")
status=0 i=0
declare -a vjson=()
for d in "${cands[@]}"; do
  i=$((i+1))
  t0=$(date +%s.%N)
  timeout 120 "${clicmd[@]}" validate --json ${GPU_CHECK_EXTRA_ARGS:-} --toolkit "$d" > "$out/validate-$i.json" 2> "$out/validate-$i.err"
  rc=$?
  t1=$(date +%s.%N)
  wall=$(awk "BEGIN{printf \"%.2f\", $t1-$t0}")
  echo "$wall" > "$out/validate-$i.wall"
  echo "$d" > "$out/validate-$i.dir"
  log "validate --toolkit $d: exit $rc, ${wall} s wall"
  [ $rc -eq 0 ] || status=1
  vjson+=("$out/validate-$i.json")
  timeout 120 "${clicmd[@]}" validate --json --tensor-ops ${GPU_CHECK_EXTRA_ARGS:-} --toolkit "$d" > "$out/validate-$i-tensorops.json" 2> "$out/validate-$i-tensorops.err" ||
    log "validate --tensor-ops --toolkit $d: exit $?"
done

if [ $use_torch -eq 1 ] && [ -n "$py" ] && $py -c 'import torch; assert torch.cuda.is_available()' 2>/dev/null; then
  log "timing PyTorch conv2d"
  timeout 300 $py "$here/tools/gpu-torch-bench.py" > "$out/torch.json" 2> "$out/torch.err" || log "torch bench failed: $(tail -3 "$out/torch.err")"
else
  log "PyTorch with CUDA not available: table without PyTorch times"
  echo '{}' > "$out/torch.json"
fi

if [ -n "$py" ]; then
  $py "$here/tools/gpu-table.py" "$out" | tee "$out/table.txt"
else
  log "no python3: raw results follow"; cat "${vjson[@]}" | tee "$out/table.txt"
fi
exit $status
