#!/usr/bin/env python3
# Launch to first frame: process start to Albums' `ready` line (--frames), and its peak
# memory (VmHWM) then and a second later, alternating the binaries given, each on its library.
import os, subprocess, sys, time, statistics
runs = int(sys.argv[1]); pairs = [a.split("=") for a in sys.argv[2:]]  # binary=library
env = dict(os.environ, GSK_RENDERER="cairo")
results = {b: [] for b, _ in pairs}
def hwm(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmHWM"): return int(line.split()[1]) // 1024
for r in range(runs):
    for binary, lib in pairs:
        start = time.monotonic()
        p = subprocess.Popen([binary, "--library", lib, "--frames", "--appearance", "light"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
        for line in p.stdout:
            if line.startswith("ready"):
                ms = (time.monotonic() - start) * 1000
                break
        m1 = hwm(p.pid); time.sleep(1.5); m2 = hwm(p.pid)
        p.kill(); p.wait()
        results[binary].append((ms, m1, m2))
        print(f"{binary}: {ms:.0f} ms, VmHWM {m1} MiB at ready, {m2} MiB 1.5 s later", flush=True)
for binary, rs in results.items():
    print(binary, "median", statistics.median(r[0] for r in rs), "ms; launches", sorted(round(r[0]) for r in rs), "; VmHWM median", statistics.median(r[2] for r in rs))
