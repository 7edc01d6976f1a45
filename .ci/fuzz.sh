#!/usr/bin/env bash
# CI: the libFuzzer harnesses of test/fuzz, built with clang, ASan and UBSan,
# their seed corpora made from ../shared, each run for a bounded time
# (FUZZ_SECONDS, 60 by default). FUZZ_BUILD names a build that has them
# (.ci/run's sanitizer build, -Denable_fuzzing=true); without it they are
# built in build-fuzz. Fails on any crash, leak, sanitizer report, timeout
# or out-of-memory; the input that caused it is left in BUILD/artifacts/.
# Expects the build dependencies of .ci/run; installs clang if it is
# missing. See docs/fuzzing.md.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-60}
shared=${VMAF_SHARED_DIR:-../shared}
harnesses=(fuzz_video_input fuzz_model_json fuzz_options fuzz_c_api fuzz_batch_manifest
           fuzz_container_input)

# libFuzzer's runtime comes with Debian's clang (libclang-rt-14-dev, which
# apt installs beside it as a recommended package).
if ! command -v clang++ >/dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq clang >/dev/null
fi

build=${FUZZ_BUILD:-}
if [ -z "$build" ]; then
  build="build-fuzz"
  rm -rf "$build"
  # With container input, for fuzz_container_input (libav itself is
  # Debian's, not instrumented; our side of it is).
  CC=clang CXX=clang++ meson setup "$build" -Denable_fuzzing=true -Db_sanitize=address,undefined \
    -Db_lundef=false -Doptimization=2 -Ddebug=false -Dc_args=-g1 -Dcpp_args=-g1 -Dwerror=true \
    -Denable_tests=false -Denable_bench=false -Denable_hip=disabled -Dpython=disabled >/dev/null
fi
targets=(core/tools/vmaf test/fuzz/feature_catalog)
for h in "${harnesses[@]}"; do targets+=("test/fuzz/$h"); done
ninja -C "$build" "${targets[@]}" >/dev/null

python3 test/fuzz/make_corpora.py "$shared" "$build/corpus" "$build/test/fuzz/feature_catalog"
# fuzz_options' dictionary: the flags and extractors this build has.
python3 test/fuzz/make_options_dict.py "$build/core/tools/vmaf" "$build/test/fuzz/feature_catalog" \
  test/fuzz/fuzz_options.dict "$build/fuzz_options.dict"
mkdir -p "$build/artifacts"

# UBSan findings are fatal (they would only be printed otherwise); the
# library's error messages go nowhere (-close_fd_mask=3), libFuzzer's own
# report still comes.
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export ASAN_OPTIONS=detect_leaks=1
# One harness for its time; its log in $build/HARNESS.log.
fuzz_one() {
  local h=$1 dict=()
  if [ -f "$build/$h.dict" ]; then
    dict=("-dict=$build/$h.dict")
  elif [ -f "test/fuzz/$h.dict" ]; then
    dict=("-dict=test/fuzz/$h.dict")
  fi
  "$build/test/fuzz/$h" -max_total_time="$seconds" -rss_limit_mb=2048 -malloc_limit_mb=2048 \
    -timeout=25 -close_fd_mask=3 "${dict[@]}" -artifact_prefix="$build/artifacts/$h-" \
    -print_final_stats=1 "$build/corpus/$h" >"$build/$h.log" 2>&1
}

# As many harnesses at once as there are cores (each is one process of one
# thread): each still runs its full time, CI waits a fraction of the sum.
for h in "${harnesses[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do sleep 1; done
  echo "== $h: ${seconds} s"
  (rc=0; fuzz_one "$h" || rc=$?; echo "$rc" >"$build/$h.rc") &
done
wait
failed=()
for h in "${harnesses[@]}"; do
  if [ "$(cat "$build/$h.rc")" = 0 ]; then
    echo "== $h"
    grep -E '^(Done|stat::number_of_executed_units)' "$build/$h.log" || true
  else
    failed+=("$h")
    echo "== $h: failed"
    # The sanitizer's or libFuzzer's report, then where the input went.
    grep -m1 -A30 -E 'ERROR: |runtime error:|ALARM: ' "$build/$h.log" || tail -n 30 "$build/$h.log"
    grep -E '^(artifact_prefix|Base64)' "$build/$h.log" || true
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzzing found problems in: ${failed[*]} (inputs in $build/artifacts/)" >&2
  ls -l "$build/artifacts" >&2
  exit 1
fi
echo "fuzzing: no crash in ${#harnesses[@]} harnesses"
