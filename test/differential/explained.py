"""The differences between vmaf-hip and the reference that a decision
explains, each rule naming its ADR (docs/adr/0025-differential-rig.md lists
them). A case whose failing differences no rule explains is a finding.
"""
import re

ODD_DEPTHS = {9, 11, 13, 14, 15}

# What vmaf-hip refuses where the reference reads outside its buffers or
# computes from values it never set; the ADR that decided each.
REFUSALS = [
    (r"(?<!float_)adm: \d+x\d+ is too small", "0025"),
    (r"float_adm: \d+x\d+ is too small", "0006"),
    (r"adm: adm_norm_view_dist \* adm_ref_display_height is", "0025"),
    (r"adm: adm_csf_mode \d+ is tabulated for", "0025"),
    (r"ADM scale \d is \S+ at frame \d+: with adm_noise_weight", "0025"),
    (r"float_ms_ssim: \d+x\d+ is too small", "0005"),
    (r"float_ssim: \d+x\d+ is too small for scale", "0005"),
    (r"cambi: .* is too small", "0014"),
    (r"vif: picture \d+x\d+ is too small", "0025"),
    (r"float_vif: picture \d+x\d+ \(prescaled", "0007"),
    (r"float_vif: vif_kernelscale \S+ is not one the reference supports", "0007"),
    (r"float_motion: picture \d+x\d+ is too small", "0007"),
    (r"motion: picture \d+x\d+ is too small", "0025"),
    (r"float_ansnr: \d+x\d+ is too small", "0025"),
    (r"psnr_hvs: picture \d+x\d+ is too small", "0025"),
    (r"psnr_hvs: \d+-bit input is not supported", "0025"),
    (r"(ciede|psnr_hvs): needs chroma planes", "0005"),
    (r"speed_(chroma|temporal): SpEED: image too small", "0027"),
    (r"speed_chroma: scores the chroma planes", "0027"),
]

# Extractors whose reference code reads 16-bit samples as bytes, or refuses,
# at bit depths other than 8, 10, 12 and 16 (ADR 0025).
FLOAT_KEYS = ("float_", "VMAF_feature_", "adm", "aim", "vif", "motion", "ciede", "psnr_hvs",
              "cambi", "speed_", "vmaf")


INTEGER_ADM_KEYS = ("integer_adm", "integer_aim", "VMAF_integer_feature_adm",
                    "VMAF_integer_feature_aim", "vmaf")


def adm_edge_widths(w, bpc):
    """Whether the reference's AVX-512 ADM transform reads past its row buffer
    at this width: scale 0 in blocks of 32 (8-bit) or 64 outputs, scales 1-3
    in blocks of 8 (ADR 0004)."""
    n = (w + 1) // 2
    if n > 1 and (n - 1) % (32 if bpc == 8 else 64) == 0:
        return True
    for _ in range(3):
        n = (n + 1) // 2
        if (n - 1) % 8 == 0:
            return True
    return False


def keys_are(failures, prefixes):
    from compare import feature_name
    return all(d[0] != "status" and feature_name(d[1]).startswith(prefixes) for d in failures)


def refusal(log):
    for line in log:
        for pattern, adr in REFUSALS:
            if re.search(pattern, line):
                return pattern, adr
    return None


def explain(case, ours, ref, failures):
    """What explains `failures` (compare.compare()'s failing differences of
    this case), as 'reason (ADR nnnn)' joined by '; ', or None. Every
    failing key must fall under a rule that applies to the case."""
    from compare import feature_name
    bpc = int(case.get("bpc", 8))
    if ref["status"].startswith(("crash", "hang")) and not ours["status"].startswith(("crash", "hang")):
        return "the reference crashes (ADR 0025)"
    if ours["status"].startswith("fail"):
        found = refusal(ours["log"])
        return f"vmaf-hip refuses: {found[0]} (ADR {found[1]})" if found else None
    if bpc in ODD_DEPTHS and ref["status"].startswith("fail"):
        return f"{bpc}-bit samples refused by the reference's float code (ADR 0025)"
    if any(d[0] == "status" for d in failures):
        return None
    w, h, fmt = int(case.get("w", 0)), int(case.get("h", 0)), case.get("fmt")
    rules = []  # (reason, key prefixes it covers)
    if adm_edge_widths(w, bpc):
        rules.append(("ADM transform edge: the reference reads past its row buffer (ADR 0004, 0025)",
                      INTEGER_ADM_KEYS))
    if fmt == "422":
        rules.append(("ciede 4:2:2: the reference indexes chroma rows by luma columns (ADR 0005)",
                      ("ciede",)))
    chroma_w = w // 2
    if fmt == "420" and (h % 2 or (w % 2 and chroma_w % 32 == 0)):
        rules.append(("ciede on an odd size: the reference reads past its V plane (ADR 0025)",
                      ("ciede",)))
    if re.search(r"feat=float_motion:(?=[^ ]*motion_add_scale1=true)(?=[^ ]*motion_add_uv=true)",
                 case["line"]):
        rules.append(("float_motion's halved chroma: the reference reads memory it never wrote "
                      "(ADR 0025)", ("motion", "VMAF_feature_motion", "vmaf")))
    if bpc in ODD_DEPTHS:
        rules.append((f"{bpc}-bit samples read as bytes by the reference's float code (ADR 0025)",
                      FLOAT_KEYS))
    cambi = re.search(r"feat=cambi:(\S*)", case["line"])
    if cambi and bpc == 10:
        opts = dict(o.split("=", 1) for o in cambi.group(1).split(":") if "=" in o)
        same_size = int(opts.get("enc_width", w)) == w and int(opts.get("enc_height", h)) == h
        wider = (int(opts.get("src_width", 0) or w) + 31) // 32 > (w + 31) // 32
        if opts.get("full_ref") == "true" and same_size and wider:
            rules.append(("cambi full_ref at 10 bits with a wider source: the reference copies the "
                          "distorted picture into its source-sized buffer with the picture's own "
                          "stride (ADR 0025)", ("cambi",)))
    used = []
    for d in failures:
        name = feature_name(d[1])
        covering = [r for r, prefixes in rules if name.startswith(prefixes)]
        if not covering:
            return None
        if covering[0] not in used:
            used.append(covering[0])
    return "; ".join(sorted(used)) if used else None
