#!/usr/bin/env python3
"""meson dist script: puts into the source distribution what a clone takes
from outside the repository, so that an sdist builds anywhere (pip install
of the sdist, or of `git+...` through one): the model files, under
vendor/models (the tree of model_dir, v1 sub-folders included), and
Chart.js with its copyright file, under vendor/chart.js, and
stb_image_write.h (the reports' JPEG encoder), under vendor/stb. The
build's model_dir, chartjs, chartjs_copyright and stb_dir options default
to these where they exist.

    dist_vendor.py MODEL_DIR CHARTJS CHARTJS_COPYRIGHT STB_DIR

MODEL_DIR relative to the source root, or absolute; MESON_DIST_ROOT and
MESON_SOURCE_ROOT come from meson dist.
"""
import os
import shutil
import sys


def main():
    model_dir, chartjs, copyright_file, stb_dir = sys.argv[1:5]
    source = os.environ["MESON_SOURCE_ROOT"]
    dist = os.environ["MESON_DIST_ROOT"]
    models = os.path.join(source, model_dir)
    if not os.path.isdir(models):
        sys.exit(f"dist_vendor: no model folder {models}")
    vendor = os.path.join(dist, "vendor")
    count = 0
    for root, _, files in os.walk(models):
        for name in sorted(files):
            if not name.endswith(".json"):
                continue
            src = os.path.join(root, name)
            dst = os.path.join(vendor, "models", os.path.relpath(src, models))
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.copyfile(src, dst)
            count += 1
    if count == 0:
        sys.exit(f"dist_vendor: no *.json model files in {models}")
    for src, name in ((chartjs, "chart.min.js"), (copyright_file, "copyright")):
        if not os.path.isfile(src):
            sys.exit(f"dist_vendor: {src} is missing (Debian: apt-get install libjs-chart.js)")
        os.makedirs(os.path.join(vendor, "chart.js"), exist_ok=True)
        shutil.copyfile(src, os.path.join(vendor, "chart.js", name))
    stb = os.path.join(stb_dir, "stb_image_write.h")
    if not os.path.isfile(stb):
        sys.exit(f"dist_vendor: {stb} is missing (Debian: apt-get install libstb-dev)")
    os.makedirs(os.path.join(vendor, "stb"), exist_ok=True)
    shutil.copyfile(stb, os.path.join(vendor, "stb", "stb_image_write.h"))
    print(f"dist_vendor: {count} model files, Chart.js and stb_image_write.h into {vendor}")


if __name__ == "__main__":
    main()
