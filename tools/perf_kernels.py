"""Profile a game's kernels with perf, symbols and all (a developer's tool, not used by tests).

usage: python tools/perf_kernels.py GAME VARIANT [SECONDS] [STRATEGY] [--out DIR]
       python tools/perf_kernels.py --annotate DIR SYMBOL_PART

perf cannot name numba's functions: they live in memory, loaded from numba's cache as object code. The first form
keeps each object file numba loads (a hook on its unserialiser), plays the game on one thread (as ``sim bench``
does), writes /tmp/perf-PID.map from the objects' symbol tables (``nm -S``) so perf names every function, and
records SECONDS of play with ``perf record`` into DIR (default /tmp/perf-kernels). Run it twice after a source
change: numba compiles on the first run, and only a function loaded from the cache has an object file to keep.
Then ``perf report -i DIR/perf.data --stdio --sort sym`` gives the time per function. The second form prints the
disassembly of the function whose symbol contains SYMBOL_PART with each instruction's share of all samples (a
deal's pieces are inlined into ``play_block``: read them by address, e.g. the deal loop's byte loads).
"""

import collections
import os
import re
import signal
import subprocess
import sys
import time

_OBJECTS: list = []  # (library, object code) of every object numba loads


def _keep_objects() -> None:
    from numba.core import codegen

    plain = codegen.CPUCodeLibrary._unserialize.__func__

    def unserialize(cls, cg, state):
        lib = plain(cls, cg, state)
        if state[1] == "object":
            _OBJECTS.append((lib, state[2][0]))
        return lib

    codegen.CPUCodeLibrary._unserialize = classmethod(unserialize)


def _symbols(path: str) -> list[tuple[int, int, str]]:
    """(offset, size, name) of the functions defined in an object file."""
    out = subprocess.run(["nm", "-S", "--defined-only", path], capture_output=True, text=True, check=True).stdout
    found = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in "tTW":
            found.append((int(parts[0], 16), int(parts[1], 16), parts[3]))
    return found


def _write_map(out: str) -> None:
    """perf's map of every function loaded, and each object file kept in ``out`` (objN.o, listed in objects.txt)."""
    entries = []
    with open(os.path.join(out, "objects.txt"), "w") as listing:
        for i, (lib, code) in enumerate(_OBJECTS):
            path = os.path.join(out, f"obj{i}.o")
            with open(path, "wb") as f:
                f.write(code)
            for _, size, name in _symbols(path):
                addr = lib.get_pointer_to_function(name)
                if addr:
                    entries.append((addr, size, name))
                    listing.write(f"{addr:x} {path} {name}\n")
    with open(f"/tmp/perf-{os.getpid()}.map", "w") as f:
        for addr, size, name in sorted(set(entries)):
            f.write(f"{addr:x} {size:x} {name}\n")


def record(game: str, variant: str, seconds: float, strategy: str, out: str) -> None:
    _keep_objects()
    import numba

    from sim import bench, runner

    os.makedirs(out, exist_ok=True)
    spec = runner.make_spec(game, variant, n=1, strategy=strategy)
    play, _, _ = bench._kernels(game, spec)
    numba.set_num_threads(1)
    play(1024)
    _write_map(out)
    perf = subprocess.Popen(["perf", "record", "-q", "-o", os.path.join(out, "perf.data"), "-p", str(os.getpid())])
    time.sleep(0.5)
    start, deals = time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        play(1 << 16)
        deals += 1 << 16
    perf.send_signal(signal.SIGINT)
    perf.wait()
    print(f"{deals / (time.perf_counter() - start):,.0f} driver deals/s under perf; {len(_OBJECTS)} objects in {out}")


def annotate(out: str, part: str) -> None:
    where = {}
    for line in open(os.path.join(out, "objects.txt")):
        addr, path, name = line.split()
        where[name] = (int(addr, 16), path)
    name = next(n for n in where if part in n and not n.startswith(("cfunc.", "_ZN7cpython")))
    base, path = where[name]
    offset, size, _ = next(s for s in _symbols(path) if s[2] == name)
    ips = subprocess.run(["perf", "script", "-i", os.path.join(out, "perf.data"), "-F", "ip"], capture_output=True,
                         text=True, check=True).stdout.split()  # fmt: skip
    hits = collections.Counter(int(ip, 16) - base + offset for ip in ips if base <= int(ip, 16) < base + size)
    total = len(ips)
    print(f"{name[:80]}: {100 * sum(hits.values()) / total:.1f}% of {total} samples")
    span = [f"--start-address={offset:#x}", f"--stop-address={offset + size:#x}"]
    dis = subprocess.run(["objdump", "-d", "--no-show-raw-insn", "-M", "intel", *span, path], capture_output=True,
                         text=True, check=True).stdout  # fmt: skip
    for line in dis.splitlines():
        m = re.match(r"\s*([0-9a-f]+):\s*(.*)", line)
        if m:
            n = hits.get(int(m.group(1), 16), 0)
            print(f"{100 * n / total:5.2f} " if n else "      ", f"{m.group(1):>6}: {m.group(2)[:100]}")


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--annotate"] and len(args) == 3:
        annotate(args[1], args[2])
    elif 2 <= len(args):
        out = "/tmp/perf-kernels"
        if "--out" in args:
            i = args.index("--out")
            out = args[i + 1]
            del args[i : i + 2]
        record(args[0], args[1], float(args[2]) if len(args) > 2 else 5.0, args[3] if len(args) > 3 else "book", out)
    else:
        sys.exit(__doc__)
