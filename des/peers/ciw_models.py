"""The open models of the peer comparison in Ciw (des/peers/README.md).

Usage: python3 ciw_models.py MODEL SCALE SEED, MODEL one of mmc,
replications, jackson. Prints "customers=N mean_response=R". Ciw simulates
open networks only, so the closed central-server model is not written
here (the script exits with status 3 for it). Written against Ciw 3's
documented API (create_network, Simulation, simulate_until_max_time,
get_all_records); Ciw is not a Debian package and could not be installed
where this was written, so this script has not been run here.
"""
import sys

import ciw


def run(network, until, counts):
    q = ciw.Simulation(network)
    q.simulate_until_max_time(until)
    first, last = {}, {}
    for r in q.get_all_records():
        first[r.id_number] = min(first.get(r.id_number, r.arrival_date), r.arrival_date)
        if r.destination == -1:  # left the network
            last[r.id_number] = r.exit_date
    counts[0] += len(last)
    counts[1] += sum(last[i] - first[i] for i in last)


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: ciw_models.py mmc|replications|jackson SCALE SEED")
    model, scale, seed = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
    ciw.seed(seed)
    counts = [0, 0.0]
    exp = ciw.dists.Exponential
    if model == "mmc":  # λ = 400/s, c = 192, S = 0.33 s
        n = ciw.create_network(arrival_distributions=[exp(rate=400)],
                               service_distributions=[exp(rate=1 / 0.33)],
                               number_of_servers=[192])
        run(n, 50 * scale, counts)
    elif model == "replications":  # M/M/3, λ = 2/s, S = 1 s, 1000 s each
        n = ciw.create_network(arrival_distributions=[exp(rate=2)],
                               service_distributions=[exp(rate=1)],
                               number_of_servers=[3])
        for _ in range(int(20 * scale)):
            run(n, 1000, counts)
    elif model == "jackson":  # examples/networks/jackson-feedback.yaml
        n = ciw.create_network(arrival_distributions=[exp(rate=1), None, None],
                               service_distributions=[exp(rate=1 / 0.3), exp(rate=1 / 0.4), exp(rate=1 / 0.6)],
                               number_of_servers=[1, 1, 1],
                               routing=[[0, 1, 0], [0.2, 0, 0.5], [0.4, 0, 0]])
        run(n, 20000 * scale, counts)
    elif model == "central":
        print("ciw_models.py: Ciw simulates open networks only", file=sys.stderr)
        sys.exit(3)
    else:
        sys.exit("ciw_models.py: unknown model %r (mmc, replications, jackson)" % model)
    print("customers=%d mean_response=%.4f" % (counts[0], counts[1] / max(counts[0], 1)))


if __name__ == "__main__":
    main()
