"""The four models of the peer comparison in SimPy (des/peers/README.md).

Usage: python3 simpy_models.py MODEL SCALE SEED, MODEL one of mmc,
replications, jackson, central. Prints "customers=N mean_response=R".
Written for SimPy 3 (Debian's python3-simpy3); each station is a
simpy.Resource (FCFS), each customer a process, as SimPy's own examples do.
"""
import random
import sys

import simpy


class Counts:
    def __init__(self):
        self.done = 0
        self.resp = 0.0


def network(env, rng, counts, servers, means, route, closed):
    """Stations of len(servers) FCFS resources (None: infinite server)
    with Markov routing; the probability left over in route[i] leaves."""
    res = [simpy.Resource(env, capacity=c) if c else None for c in servers]

    def visit(i):
        if res[i] is None:
            yield env.timeout(rng.expovariate(1.0 / means[i]))
            return
        with res[i].request() as req:
            yield req
            yield env.timeout(rng.expovariate(1.0 / means[i]))

    def customer():
        while True:
            born, i = env.now, 0
            while i is not None:
                yield from visit(i)
                u, nxt = rng.random(), None
                for j, p in enumerate(route[i]):
                    if u < p:
                        nxt = j
                        break
                    u -= p
                i = nxt
            counts.done += 1
            counts.resp += env.now - born
            if not closed:
                return

    return customer


def open_model(env, rng, counts, lam, servers, means, route):
    customer = network(env, rng, counts, servers, means, route, False)

    def source():
        while True:
            yield env.timeout(rng.expovariate(lam))
            env.process(customer())

    env.process(source())


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: simpy_models.py mmc|replications|jackson|central SCALE SEED")
    model, scale, seed = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    counts = Counts()
    if model == "mmc":  # λ = 400/s, c = 192, S = 0.33 s
        env = simpy.Environment()
        open_model(env, rng, counts, 400.0, [192], [0.33], [[]])
        env.run(until=50 * scale)
    elif model == "replications":  # M/M/3, λ = 2/s, S = 1 s, 1000 s each
        for _ in range(int(20 * scale)):
            env = simpy.Environment()
            open_model(env, rng, counts, 2.0, [3], [1.0], [[]])
            env.run(until=1000)
    elif model == "jackson":  # examples/networks/jackson-feedback.yaml
        env = simpy.Environment()
        open_model(env, rng, counts, 1.0, [1, 1, 1], [0.3, 0.4, 0.6],
                   [[0, 1], [0.2, 0, 0.5], [0.4]])
        env.run(until=20000 * scale)
    elif model == "central":  # central-server-50.yaml, CPU FCFS
        env = simpy.Environment()
        customer = network(env, rng, counts, [None, 1, 1, 1], [5, 0.02, 0.04, 0.06],
                           [[0, 1], [0, 0, 0.5, 0.3], [0, 1], [0, 1]], True)
        for _ in range(50):
            env.process(customer())
        env.run(until=2000 * scale)
    else:
        sys.exit("simpy_models.py: unknown model %r (mmc, replications, jackson, central)" % model)
    print("customers=%d mean_response=%.4f" % (counts.done, counts.resp / max(counts.done, 1)))


if __name__ == "__main__":
    main()
