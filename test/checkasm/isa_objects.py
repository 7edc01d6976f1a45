#!/usr/bin/env python3
"""No function that the linker may hand to another build uses an
instruction set (core/src/cpu/target.h).

    isa_objects.py NM OBJDUMP CXXFILT SET ARCHIVE [SET ARCHIVE ...]

Each ARCHIVE holds the objects of one instruction-set build of the library's
code (avx2, avx512, avx512icl). Its weak functions (inline functions and
templates) are ones the linker keeps a single copy of for every caller in
the library, whichever build the caller is in. So a weak function that uses
an instruction beyond x86-64's baseline must be one that only its own build
defines: its name holds the build's tag (vmaf::cpu::Avx2, Avx512,
Avx512Icl; Avx512's own operations in the ICL build would be a copy with
ICL's instructions that AVX-512 callers could be given). Prints each
offender and exits 1 when there is one; exits 1 too when an archive shows
no tagged function using its set, which would mean that this check no
longer sees the instructions.
"""
import re
import subprocess
import sys
from collections import defaultdict

TAGS = {"avx2": r"vmaf::cpu::Avx2\b", "avx512": r"vmaf::cpu::Avx512\b",
        "avx512icl": r"vmaf::cpu::Avx512Icl\b"}

# Beyond SSE2: every VEX / EVEX instruction (its mnemonic starts with v; with
# AVX on, compilers encode SSE's instructions so too), the AVX-512 mask
# registers, and the scalar extensions that come with the sets' flags. Not
# tzcnt: its bytes are `rep bsf`, which baseline code uses for a count of
# trailing zeros (a bsf on CPUs without BMI).
SCALAR_EXTENSIONS = {"andn", "bextr", "blsi", "blsmsk", "blsr", "bzhi", "lzcnt", "mulx", "pdep",
                     "pext", "popcnt", "rorx", "sarx", "shlx", "shrx", "movbe"}
EXTENSION_PREFIXES = ("gf2p8", "aes", "pclmul")
MEMBER = re.compile(r"^(\S+\.o):\s+file format")
FUNCTION = re.compile(r"^[0-9a-f]+ <(.+)>:$")
INSTRUCTION = re.compile(r"^\s+[0-9a-f]+:\t(\S+)\s*(.*)$")


def beyond_baseline(mnemonic, operands):
    return (mnemonic.startswith("v") or mnemonic in SCALAR_EXTENSIONS
            or mnemonic.startswith(EXTENSION_PREFIXES)
            or re.search(r"%[yz]mm|%k[0-7]\b", operands) is not None)


def weak_functions(nm, archive):
    """(member, mangled name) of every weak symbol the archive defines."""
    out = subprocess.run([nm, "-A", "-P", "--defined-only", archive], check=True,
                         capture_output=True, text=True).stdout
    weak = set()
    for line in out.splitlines():
        where, name, kind = line.split()[:3]
        if kind == "W":
            weak.add((where.split("[")[-1].rstrip("]:"), name))
    return weak


def extended_functions(objdump, archive):
    """(member, mangled name) -> count of instructions beyond the baseline."""
    out = subprocess.run([objdump, "-d", "--no-show-raw-insn", archive], check=True,
                         capture_output=True, text=True).stdout
    counts = defaultdict(int)
    member = function = None
    for line in out.splitlines():
        if m := MEMBER.match(line):
            member, function = m.group(1), None
        elif m := FUNCTION.match(line):
            function = m.group(1)
        elif function and (m := INSTRUCTION.match(line)) and beyond_baseline(*m.groups()):
            counts[(member, function)] += 1
    return counts


def main():
    nm, objdump, cxxfilt, pairs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    problems = 0
    for isa, archive in zip(pairs[::2], pairs[1::2]):
        extended = extended_functions(objdump, archive)
        shared = sorted((m, f) for (m, f) in weak_functions(nm, archive) if extended.get((m, f)))
        names = subprocess.run([cxxfilt], input="\n".join(f for _, f in shared), check=True,
                               capture_output=True, text=True).stdout.splitlines()
        tagged = 0
        for (member, mangled), name in zip(shared, names):
            if re.search(TAGS[isa], name):
                tagged += 1
                continue
            problems += 1
            print(f"FAIL {isa}: {member}: {name}: {extended[(member, mangled)]} instructions "
                  f"beyond x86-64's baseline in a weak function another build may be given")
        if tagged == 0:
            problems += 1
            print(f"FAIL {isa}: no weak function tagged for it uses its set: the check is blind")
        print(f"{isa}: {len(shared)} weak functions use the set, {tagged} of them tagged for it")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
