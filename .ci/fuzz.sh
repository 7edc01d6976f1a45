#!/usr/bin/env bash
# CI: build the libFuzzer harnesses of test/fuzz with clang, ASan and UBSan,
# make their seed corpora from ../shared, and run each for a bounded time
# (FUZZ_SECONDS, 60 by default). Fails on any crash, leak, sanitizer report,
# timeout or out-of-memory; the input that caused it is left in
# build-fuzz/artifacts/. Expects the build dependencies of .ci/run; installs
# clang if it is missing. See docs/fuzzing.md.
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

rm -rf build-fuzz
CC=clang CXX=clang++ meson setup build-fuzz -Denable_fuzzing=true -Db_sanitize=address,undefined \
  -Db_lundef=false -Doptimization=2 -Ddebug=false -Dc_args=-g1 -Dcpp_args=-g1 -Dwerror=true -Denable_tests=false \
  -Denable_bench=false -Denable_hip=disabled -Dpython=disabled -Dcontainers=disabled >/dev/null
ninja -C build-fuzz >/dev/null

# Built without libav (the harnesses fuzz our readers, not libavformat), the
# CLI must say so when given a container instead of misreading it.
no_av=$(mktemp)
printf '\x1aE\xdf\xa3 not really a Matroska file' > "$no_av"
if build-fuzz/core/tools/vmaf -r "$no_av" -d "$no_av" -q 2>"$no_av.err"; then
  echo "a build without libav scored a container" >&2
  exit 1
fi
grep -qi 'container input (MP4, MKV, ...) was not built in' "$no_av.err" || {
  cat "$no_av.err" >&2
  exit 1
}
grep -q 'scaling was not built in' <(build-fuzz/core/tools/vmaf -r "$no_av" -d "$no_av" --scale 2>&1) || {
  echo "a build without libswscale took --scale" >&2
  exit 1
}
rm -f "$no_av" "$no_av.err"

# Then with container input, for fuzz_container_input (libav itself is
# Debian's, not instrumented; our side of it is).
meson configure build-fuzz -Dcontainers=enabled >/dev/null
ninja -C build-fuzz >/dev/null

python3 test/fuzz/make_corpora.py "$shared" build-fuzz/corpus build-fuzz/test/fuzz/feature_catalog
# fuzz_options' dictionary: the flags and extractors this build has.
python3 test/fuzz/make_options_dict.py build-fuzz/core/tools/vmaf build-fuzz/test/fuzz/feature_catalog \
  test/fuzz/fuzz_options.dict build-fuzz/fuzz_options.dict
mkdir -p build-fuzz/artifacts

# UBSan findings are fatal (they would only be printed otherwise); the
# library's error messages go nowhere (-close_fd_mask=3), libFuzzer's own
# report still comes.
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export ASAN_OPTIONS=detect_leaks=1
# One harness for its time; its log in build-fuzz/HARNESS.log.
fuzz_one() {
  local h=$1 dict=()
  if [ -f "build-fuzz/$h.dict" ]; then
    dict=("-dict=build-fuzz/$h.dict")
  elif [ -f "test/fuzz/$h.dict" ]; then
    dict=("-dict=test/fuzz/$h.dict")
  fi
  "build-fuzz/test/fuzz/$h" -max_total_time="$seconds" -rss_limit_mb=2048 -malloc_limit_mb=2048 \
    -timeout=25 -close_fd_mask=3 "${dict[@]}" -artifact_prefix="build-fuzz/artifacts/$h-" \
    -print_final_stats=1 "build-fuzz/corpus/$h" >"build-fuzz/$h.log" 2>&1
}

# As many harnesses at once as there are cores (each is one process of one
# thread): each still runs its full time, CI waits a fraction of the sum.
for h in "${harnesses[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do sleep 1; done
  echo "== $h: ${seconds} s"
  (rc=0; fuzz_one "$h" || rc=$?; echo "$rc" >"build-fuzz/$h.rc") &
done
wait
failed=()
for h in "${harnesses[@]}"; do
  if [ "$(cat "build-fuzz/$h.rc")" = 0 ]; then
    echo "== $h"
    grep -E '^(Done|stat::number_of_executed_units)' "build-fuzz/$h.log" || true
  else
    failed+=("$h")
    echo "== $h: failed"
    # The sanitizer's or libFuzzer's report, then where the input went.
    grep -m1 -A30 -E 'ERROR: |runtime error:|ALARM: ' "build-fuzz/$h.log" || tail -n 30 "build-fuzz/$h.log"
    grep -E '^(artifact_prefix|Base64)' "build-fuzz/$h.log" || true
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzzing found problems in: ${failed[*]} (inputs in build-fuzz/artifacts/)" >&2
  ls -l build-fuzz/artifacts >&2
  exit 1
fi
echo "fuzzing: no crash in ${#harnesses[@]} harnesses"
