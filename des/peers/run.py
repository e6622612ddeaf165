#!/usr/bin/env python3
"""Run the peer comparison: the same four models in queuelab, a plain Go
loop and whichever of SimPy and Ciw are installed, side by side, and print
the table BENCHMARKS.md quotes (see des/peers/README.md).

Runs are interleaved (every round runs each model on each peer once, in
turn), the figure is CPU time (user + system of the child process, from
getrusage of the waited-for children), the median over rounds is reported, and the load average is
printed before and after. Per-customer costs divide by the model's nominal
customer count (the same for every peer); each peer's own count is shown
so that a peer simulating a different amount of work stands out.

usage: run.py [--scale S] [--rounds R] [--models mmc,replications,...]
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# Nominal customers at scale 1 (the peers' horizons are these × scale):
# M/M/c λ = 400/s for 50 s; 20 replications of M/M/3 at λ = 2/s for
# 1000 s; the Jackson network at λ = 1/s for 20 000 s; the closed
# central-server model for 2000 s at its exact-MVA throughput 8.116/s.
MODELS = {
    "mmc": 400 * 50,
    "replications": 20 * 2 * 1000,
    "jackson": 20000,
    "central": 2000 * 8.116,
}


def queuelab_cmd(ql, model, scale, tmp):
    if model == "mmc":
        return [ql, "mmc", "--servers", "192", "--arrival-rate", "400", "--service-mean", "0.33",
                "--duration", "%gs" % (50 * scale), "--warmup", "0"]
    if model == "replications":
        design = os.path.join(tmp, "replications.yaml")
        with open(design, "w") as f:
            f.write("system: mmc\nset: {servers: 3, arrival-rate: 2, service-mean: 1s, duration: 1000s}\n"
                    "replications: %d\nseed: 1\n" % int(20 * scale))
        return [ql, "sweep", design, "-j", "1"]
    net = {"jackson": os.path.join(ROOT, "examples", "networks", "jackson-feedback.yaml"),
           "central": os.path.join(HERE, "central-server-50.yaml")}[model]
    horizon = {"jackson": 20000, "central": 2000}[model] * scale
    return [ql, "net", "run", net, "--duration", "%gs" % horizon, "--warmup", "0"]


def python_with(module):
    """A Python interpreter that can import module: PEERS_PYTHON, Debian's
    /usr/bin/python3 (where apt installs python3-simpy3), or this one."""
    for py in [os.environ.get("PEERS_PYTHON"), "/usr/bin/python3", sys.executable]:
        if py and os.path.exists(py) and subprocess.run(
                [py, "-c", "import " + module], capture_output=True).returncode == 0:
            return py
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scale", type=float, default=1, help="horizon multiplier (1: a smoke run of seconds)")
    ap.add_argument("--rounds", type=int, default=1, help="interleaved rounds; the median is reported")
    ap.add_argument("--models", default=",".join(MODELS), help="comma-separated subset of " + ",".join(MODELS))
    args = ap.parse_args()
    models = args.models.split(",")
    for m in models:
        if m not in MODELS:
            sys.exit("run.py: --models: unknown model %r (valid: %s)" % (m, ", ".join(MODELS)))
    if args.scale <= 0 or args.rounds < 1:
        sys.exit("run.py: --scale must be > 0 and --rounds ≥ 1")

    tmp = tempfile.mkdtemp(prefix="peers-")
    ql, goloop = os.path.join(tmp, "queuelab"), os.path.join(tmp, "goloop")
    for out, pkg in [(ql, "./cmd/queuelab"), (goloop, "./des/peers/goloop")]:
        subprocess.run(["go", "build", "-o", out, pkg], cwd=ROOT, check=True)
    peers = {"queuelab": None, "go loop": None}
    simpy_py, ciw_py = python_with("simpy"), python_with("ciw")
    if simpy_py:
        peers["SimPy"] = simpy_py
    if ciw_py:
        peers["Ciw"] = ciw_py
    missing = [p for p, py in [("SimPy", simpy_py), ("Ciw", ciw_py)] if not py]

    def command(peer, model):
        if peer == "queuelab":
            return queuelab_cmd(ql, model, args.scale, tmp)
        if peer == "go loop":
            return [goloop, model, "%g" % args.scale, "1"]
        script = {"SimPy": "simpy_models.py", "Ciw": "ciw_models.py"}[peer]
        return [peers[peer], os.path.join(HERE, script), model, "%g" % args.scale, "1"]

    print("load average before: %s" % " ".join(open("/proc/loadavg").read().split()[:3]))
    cpu = {}   # (model, peer) → [seconds]
    seen = {}  # (model, peer) → customers the peer reported
    skipped = {}
    for _ in range(args.rounds):
        for model in models:
            for peer in peers:
                if (model, peer) in skipped:
                    continue
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                p = subprocess.run(command(peer, model), capture_output=True, text=True)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                if p.returncode == 3:  # the peer cannot express the model
                    skipped[(model, peer)] = p.stderr.strip().split(": ", 1)[-1]
                    continue
                if p.returncode != 0:
                    sys.exit("run.py: %s on %s failed (exit %d):\n%s" % (peer, model, p.returncode, p.stderr))
                used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
                cpu.setdefault((model, peer), []).append(used)
                for word in p.stdout.split():
                    if word.startswith("customers="):
                        seen[(model, peer)] = int(word.split("=")[1])
    print("load average after:  %s" % " ".join(open("/proc/loadavg").read().split()[:3]))
    print("scale %g, %d round(s), CPU time (user + system), median over rounds; "
          "per customer = CPU / nominal customers" % (args.scale, args.rounds))
    if missing:
        print("not installed: %s" % ", ".join(missing))
    print()
    print("| model | nominal customers | peer | customers seen | CPU s | µs per customer | × queuelab |")
    print("|---|---:|---|---:|---:|---:|---:|")
    for model in models:
        n = MODELS[model] * args.scale
        base = statistics.median(cpu[(model, "queuelab")]) / n
        for peer in peers:
            if (model, peer) in skipped:
                print("| %s | %.0f | %s | — | — | — | n/a (%s) |" % (model, n, peer, skipped[(model, peer)]))
                continue
            c = statistics.median(cpu[(model, peer)])
            s = seen.get((model, peer))
            print("| %s | %.0f | %s | %s | %.3f | %.3f | %.1f |" % (
                model, n, peer, "—" if s is None else s, c, 1e6 * c / n, (c / n) / base if base > 0 else float("nan")))


if __name__ == "__main__":
    main()
