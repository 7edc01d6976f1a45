"""The extractor table as feature_catalog prints it: name -> {"options":
[{"name", "alias", "type", "default", "min", "max"}, ...], "features": [...]}."""
import json
import subprocess


def read(catalog):
    return json.loads(subprocess.run([catalog], capture_output=True, text=True, check=True).stdout)
