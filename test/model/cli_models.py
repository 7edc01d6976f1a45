#!/usr/bin/env python3
"""The vmaf CLI with models: every shipped model by version and by path,
several models in one run, model overrides of extractor options, and bad
model input (clear message, exit 1).

  cli_models.py VMAF_BINARY SHARED_DIR

Every model must score, and the scores are checked (pooled line, per-frame
keys, the default and float models against the golden output).
"""
import json
import lzma
import os
import re
import subprocess
import sys
import tempfile

CLIP = 'flat_64x64_420p8'
# The overrides need a clip that CAMBI scores at half size.
ENC_CLIP, ENC_OVERRIDES = 'tree_640x360_420p10', 'cambi.enc_width=320:cambi.enc_height=180:cambi.enc_bitdepth=8'
ENC_KEY = 'cambi_hrs_1080_cmxv_17_vlt_0.06_encbd_8_ench_180_encw_320'
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print('FAIL:', what)


def run(vmaf, args):
    p = subprocess.run([vmaf] + args, capture_output=True, text=True, timeout=300)
    return p.returncode, p.stderr


def check_scored(vmaf, inputs, tmp, model_args, labels, keys, what):
    out = os.path.join(tmp, 'out.json')
    rc, err = run(vmaf, inputs + model_args + ['--json', '-o', out])
    check(rc == 0, f'{what}: exit {rc}: {err.strip()}')
    if rc != 0:
        return None
    for label in labels:
        check(re.search(re.escape(label) + r': [0-9.]+', err), f'{what}: no pooled line for {label}')
    with open(out) as f:
        result = json.load(f)
    for key in keys:
        check(all(key in fr['metrics'] for fr in result['frames']), f'{what}: frames lack {key}')
        check(key in result['pooled_metrics'], f'{what}: pooled lacks {key}')
    return result


def bad_model(vmaf, inputs, tmp, name, text, problem):
    path = os.path.join(tmp, name)
    with open(path, 'w') as f:
        f.write(text)
    rc, err = run(vmaf, inputs + ['-m', f'path={path}'])
    check(rc == 1, f'bad model {name}: exit {rc} (want 1)')
    check(path in err, f'bad model {name}: message does not name the file: {err.strip()}')
    check(problem in err, f'bad model {name}: message lacks "{problem}": {err.strip()}')


def unpacked(shared, tmp, clip):
    inputs = []
    for side, flag in (('ref', '-r'), ('dis', '-d')):
        path = os.path.join(tmp, f'{clip}_{side}.y4m')
        with lzma.open(os.path.join(shared, 'clips', f'{clip}_{side}.y4m.xz')) as src, open(path, 'wb') as dst:
            dst.write(src.read())
        inputs += [flag, path]
    return inputs


def check_overrides(vmaf, shared, tmp):
    """-m ...:cambi.enc_width=...: the model's own CAMBI runs with the options
    (one cambi key, suffixed), as the reference's v1_enc output shows; an
    override of an extractor the model does not use, or a value CAMBI
    refuses, is refused."""
    inputs = unpacked(shared, tmp, ENC_CLIP)
    # vmaf_v1.0.16_3d0h with adm2 for speed_chroma_uv (and so without the
    # chroma correction): the v1 CAMBI request, with extractors of this tree.
    with open(os.path.join(shared, 'models', 'vmaf_v1.0.16', 'vmaf_v1.0.16_3d0h.json')) as f:
        model = json.load(f)
    d = model['model_dict']
    d['feature_names'][1] = 'VMAF_integer_feature_adm2_score'
    d['feature_opts_dicts'][1] = d['feature_opts_dicts'][2]
    del d['chroma_correction_parameter']
    path = os.path.join(tmp, 'v1_cambi.json')
    with open(path, 'w') as f:
        json.dump(model, f)

    result = check_scored(vmaf, inputs, tmp, ['-m', f'path={path}:{ENC_OVERRIDES}'], [path],
                          ['vmaf', ENC_KEY], 'cambi overrides')
    if result:
        cambi_keys = {k for fr in result['frames'] for k in fr['metrics'] if k.startswith('cambi')}
        check(cambi_keys == {ENC_KEY}, f'cambi overrides: cambi keys {sorted(cambi_keys)}, want [{ENC_KEY}]')
        with open(os.path.join(shared, 'golden', ENC_CLIP, 'v1_enc.json')) as f:
            golden = json.load(f)
        for got, want in zip(result['frames'], golden['frames']):
            check(abs(got['metrics'][ENC_KEY] - want['metrics'][ENC_KEY]) <= 2e-6,
                  f'cambi overrides frame {want["frameNum"]}: {got["metrics"][ENC_KEY]} vs {want["metrics"][ENC_KEY]}')

    # What the reference refuses for cup_320x240 and box_352x288 (enc sizes
    # under CAMBI's minimum), and overrides that would change nothing.
    for spec, problem in ((f'path={path}:cambi.enc_width=160:cambi.enc_height=120', "option 'enc_width' of 'cambi'"),
                          (f'path={path}:cambi.enc_width=320:cambi.enc_height=144', "option 'enc_height' of 'cambi'"),
                          (f'path={path}:cambi.enc_bitdepth=5', "option 'enc_bitdepth' of 'cambi'"),
                          (f'path={path}:camby.enc_width=320', "no feature of the model comes from extractor 'camby'"),
                          ('version=vmaf_v0.6.1:cambi.enc_width=320', "no feature of the model comes from extractor 'cambi'"),
                          ('version=vmaf_b_v0.6.3:psnr.enable_mse=true', "no feature of the model comes from extractor 'psnr'")):
        rc, err = run(vmaf, inputs + ['-m', spec, '-o', os.path.join(tmp, 'refused.xml')])
        check(rc == 1 and problem in err, f'--model {spec}: exit {rc} (want 1, "{problem}"): {err.strip()}')


def main(vmaf, shared):
    models = os.path.join(shared, 'models')
    with tempfile.TemporaryDirectory() as tmp:
        inputs = unpacked(shared, tmp, CLIP)

        # The v0.6 models; the v1 ones (sub-folders) need the SpEED extractors
        # and are scored against the reference in test/tools/test_vmaf_golden.py.
        versions = sorted(n[:-5] for n in os.listdir(models) if n.endswith('.json'))
        check(len(versions) == 9, f'expected 9 v0.6 models, found {len(versions)}')
        for v in versions:
            keys = ['vmaf'] + (['vmaf_bagging', 'vmaf_stddev', 'vmaf_ci_p95_lo', 'vmaf_ci_p95_hi', 'vmaf_0001']
                               if '_b_' in v else [])
            path = os.path.join(models, v + '.json')
            for spec, label in ((f'version={v}', v), (f'path={path}', path)):
                check_scored(vmaf, inputs, tmp, ['-m', spec], [label], keys, spec)

        # Several models in one run, each under its own name.
        check_scored(vmaf, inputs, tmp,
                     ['-m', 'version=vmaf_v0.6.1', '-m', 'version=vmaf_v0.6.1neg:name=vmaf_neg'],
                     ['vmaf_v0.6.1', 'vmaf_v0.6.1neg'], ['vmaf', 'vmaf_neg'], 'two models')

        # The default and the float model, against the reference's own scores.
        for args, label, variant in (([], 'vmaf_v0.6.1', 'main'),
                                     (['-m', 'version=vmaf_float_v0.6.1'], 'vmaf_float_v0.6.1', 'float')):
            result = check_scored(vmaf, inputs, tmp, args, [label], ['vmaf'], label)
            check(result is not None, f'{label}: no result')
            if result:
                with open(os.path.join(shared, 'golden', CLIP, f'{variant}.json')) as f:
                    golden = json.load(f)
                for got, want in zip(result['frames'], golden['frames']):
                    check(abs(got['metrics']['vmaf'] - want['metrics']['vmaf']) <= 2e-6,
                          f'{label} frame {want["frameNum"]}: {got["metrics"]["vmaf"]} vs {want["metrics"]["vmaf"]}')

        # -n: features only, no model.
        rc, err = run(vmaf, inputs + ['-n', '--feature', 'psnr', '-o', os.path.join(tmp, 'n.xml')])
        check(rc == 0 and 'vmaf' not in err, f'-n: exit {rc}: {err.strip()}')

        # Bad model files.
        with open(os.path.join(models, 'vmaf_v0.6.1.json')) as f:
            good = json.load(f)
        text = json.dumps(good)

        def variant(edit):
            m = json.loads(text)
            edit(m['model_dict'])
            return json.dumps(m)

        rc, err = run(vmaf, inputs + ['-m', 'path=/nonexistent/model.json'])
        check(rc == 1 and '/nonexistent/model.json' in err and 'No such file' in err,
              f'missing file: exit {rc}: {err.strip()}')
        bad_model(vmaf, inputs, tmp, 'truncated.json', text[:len(text) // 2], 'malformed JSON')
        bad_model(vmaf, inputs, tmp, 'no_svm.json', variant(lambda d: d.pop('model')), "no 'model'")
        bad_model(vmaf, inputs, tmp, 'bad_svm.json',
                  variant(lambda d: d.update(model=d['model'].replace('\nSV\n', '\n'))), 'SVM line')
        bad_model(vmaf, inputs, tmp, 'unknown_feature.json',
                  variant(lambda d: d['feature_names'].__setitem__(0, 'VMAF_feature_sharpness_score')),
                  'unknown feature')
        bad_model(vmaf, inputs, tmp, 'nan_svm.json',
                  variant(lambda d: d.update(model=d['model'].replace('rho ', 'rho nan', 1))), 'rho')
        inf = text.replace('"slopes": [', '"slopes": [1e999, ', 1)
        bad_model(vmaf, inputs, tmp, 'inf_slope.json', inf, 'number overflow')

        # Bad --model strings.
        for spec, problem in (('vmaf_v0.6.1', 'needs a value'),
                              ('version=vmaf_v0.6.1:path=x.json', 'exactly one of'),
                              ('version=vmaf_v0.6.1:color=red', "unknown key 'color'"),
                              ('version=no_such_model', 'no such built-in model')):
            rc, err = run(vmaf, inputs + ['-m', spec])
            check(rc == 1 and problem in err, f'--model {spec}: exit {rc}: {err.strip()}')
        rc, err = run(vmaf, inputs + ['-m', 'version=vmaf_v0.6.1', '-m', 'version=vmaf_4k_v0.6.1'])
        check(rc == 1 and "two models are named 'vmaf'" in err, f'duplicate names: exit {rc}: {err.strip()}')

        check_overrides(vmaf, shared, tmp)

    if failures:
        print(f'{len(failures)} failure(s)')
        return 1
    print('all CLI model checks passed')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1], sys.argv[2]))
