package analytic_test

import (
	"fmt"
	"math"

	"queuelab/analytic"
)

// Ten erlangs offered to ten circuits: about one call in five is blocked,
// as every Erlang B table says.
func ExampleErlangB() {
	fmt.Printf("B(10, 10 E) = %.4f\n", analytic.ErlangB(10, 10))
	fmt.Printf("B(10, 4.46 E) = %.4f\n", analytic.ErlangB(10, 4.46))
	// Output:
	// B(10, 10 E) = 0.2146
	// B(10, 4.46 E) = 0.0100
}

// Erlang C is the probability of waiting in M/M/N; for M/M/2 it is
// 2ρ²/(1 + ρ).
func ExampleErlangC() {
	fmt.Printf("C(2, 1 E) = %.4f (2ρ²/(1+ρ) = %.4f)\n", analytic.ErlangC(2, 1), 2*0.25/1.5)
	fmt.Printf("C(4, 4 E) = %v: an unstable queue, every arrival waits\n", analytic.ErlangC(4, 4))
	// Output:
	// C(2, 1 E) = 0.3333 (2ρ²/(1+ρ) = 0.3333)
	// C(4, 4 E) = 1: an unstable queue, every arrival waits
}

// The web service on a normal morning: 160 workers, 1125 req/s, 74.25 ms
// per request.
func ExampleMMc() {
	q := analytic.MMc{Servers: 160, Lambda: 1125, Mu: 1 / 0.07425}
	fmt.Printf("utilisation %.1f %%\n", 100*q.Utilization())
	fmt.Printf("P(wait) %.1e\n", q.ProbWait())
	fmt.Printf("mean response %.2f ms\n", 1000*q.MeanResponseTime())
	fmt.Printf("p99: approximation %.1f ms, exact %.1f ms\n",
		1000*q.ResponseTimeQuantileApprox(0.99), 1000*q.ResponseTimeQuantile(0.99))
	// Output:
	// utilisation 52.2 %
	// P(wait) 7.3e-14
	// mean response 74.25 ms
	// p99: approximation 341.9 ms, exact 341.9 ms
}

// Near saturation the two p99s part: adding the service and wait quantiles
// overstates the quantile of their sum.
func ExampleMMc_ResponseTimeQuantile() {
	q := analytic.MMc{Servers: 10, Lambda: 9, Mu: 1}
	fmt.Printf("P(wait) %.3f, mean wait %.3f s\n", q.ProbWait(), q.MeanWait())
	fmt.Printf("P(W > 2 s) %.3f\n", q.ProbWaitExceeds(2))
	fmt.Printf("p99 exact %.3f s, approximation %.3f s\n", q.ResponseTimeQuantile(0.99), q.ResponseTimeQuantileApprox(0.99))
	// Output:
	// P(wait) 0.669, mean wait 0.669 s
	// P(W > 2 s) 0.091
	// p99 exact 6.250 s, approximation 8.808 s
}

// The payment switch's slot pool in the sale surge: 800 tx/s on 192 slots
// holding 330 ms each, customers giving up after 2 s in the queue. The pool
// is overloaded (capacity 581.8 tx/s) yet has a steady state: the excess
// abandons.
func ExampleMMcD() {
	q := analytic.MMcD{Servers: 192, Lambda: 800, Mu: 1 / 0.33, Patience: 2}
	fmt.Printf("P(wait) %.4f\n", q.ProbWait())
	fmt.Printf("P(abandon) %.4f\n", q.ProbAbandon())
	fmt.Printf("throughput %.1f /s\n", q.Throughput())
	fmt.Printf("mean wait of served %.3f s\n", q.MeanWaitServed())
	// D = 0 is the Erlang loss system, D → ∞ the M/M/c queue.
	fmt.Printf("D=0: %.4f = B %.4f\n", analytic.MMcD{Servers: 10, Lambda: 8, Mu: 1}.ProbAbandon(), analytic.ErlangB(10, 8))
	fmt.Printf("D=∞: %.4f = C %.4f\n", analytic.MMcD{Servers: 10, Lambda: 8, Mu: 1, Patience: math.Inf(1)}.ProbWait(), analytic.ErlangC(10, 8))
	// Output:
	// P(wait) 1.0000
	// P(abandon) 0.2727
	// throughput 581.8 /s
	// mean wait of served 1.995 s
	// D=0: 0.1217 = B 0.1217
	// D=∞: 0.4092 = C 0.4092
}

// Erlang-A: the same queue with exponential patience of mean 2 s.
func ExampleErlangA() {
	q := analytic.ErlangA{Servers: 10, Lambda: 8, Mu: 1, Theta: 0.5}
	fmt.Printf("P(wait) %.4f, P(abandon) %.4f, mean wait %.4f s\n", q.ProbWait(), q.ProbAbandon(), q.MeanWait())
	// Output:
	// P(wait) 0.3174, P(abandon) 0.0388, mean wait 0.0776 s
}

// A finite waiting room: 3 servers and room for 10.
func ExampleMMcK() {
	q := analytic.MMcK{Servers: 3, Capacity: 10, Lambda: 2, Mu: 1}
	fmt.Printf("P(block) %.4f, L %.4f, W %.4f\n", q.ProbBlock(), q.MeanNumberInSystem(), q.MeanResponseTime())
	// Output:
	// P(block) 0.0088, L 2.7105, W 1.3673
}

// The switch's holding time on a normal day and when issuer group B slows to
// 12 s behind an 8 s timeout; with Little's law, the busy slots.
func ExampleHoldingTime() {
	normal := []analytic.IssuerGroup{{Share: 0.75, MeanLatency: 0.25}, {Share: 0.25, MeanLatency: 0.25}}
	outage := []analytic.IssuerGroup{{Share: 0.75, MeanLatency: 0.25}, {Share: 0.25, MeanLatency: 12}}
	s := analytic.HoldingTime(0.08, 8, normal)
	fmt.Printf("normal: S = %.0f ms, busy slots %.2f %%\n", 1000*s, 100*analytic.LittleL(400, s)/192)
	fmt.Printf("outage: S = %.0f ms, with reversals %.0f ms, %.1f %% time out\n",
		1000*analytic.HoldingTime(0.08, 8, outage), 1000*analytic.HoldingTimeWithReversal(0.08, 0.08, 8, outage),
		100*analytic.TimeoutShare(8, outage))
	// Output:
	// normal: S = 330 ms, busy slots 68.75 %
	// outage: S = 1727 ms, with reversals 1738 ms, 12.8 % time out
}

// The fraud filter at 3σ with d′ = 2.5, and the threshold that falls when
// fraud becomes ten times more common.
func ExampleBinormal() {
	b := analytic.Binormal{DPrime: 2.5}
	fmt.Printf("good customers declined %.1f ‰, fraud stopped %.0f %%, AUC %.2f\n", 1000*b.FPR(3), 100*b.TPR(3), b.AUC())
	fmt.Printf("fraud %.1f bp of approved amount\n", analytic.FraudBasisPoints(0.001, 1-b.FPR(3), 1-b.TPR(3), 1.5))
	t1, t10 := b.OptimalThreshold(0.001, 0.08), b.OptimalThreshold(0.01, 0.08)
	fmt.Printf("optimal threshold %.2fσ → %.2fσ\n", t1, t10)
	g, f := b.StepUp(3, 1, 0.85, 0.05)
	fmt.Printf("step-up band 1σ: genuine challenged %.2f %%, fraud approved %.1f %%\n", 100*g.Challenged, 100*f.Approved)
	// Output:
	// good customers declined 1.3 ‰, fraud stopped 31 %, AUC 0.96
	// fraud 10.4 bp of approved amount
	// optimal threshold 3.00σ → 2.08σ
	// step-up band 1σ: genuine challenged 2.14 %, fraud approved 32.8 %
}

// Amounts with median 40 u and σ = 1: the stand-in exposure below a 100 u
// limit.
func ExampleLognormal() {
	l := analytic.LognormalFromMedian(40, 1)
	fmt.Printf("P(amount ≤ 100) %.3f, volume below %.1f u of mean %.1f u\n", l.CDF(100), l.PartialExpectation(100), l.Mean())
	fmt.Printf("fraud median %.0f u\n", l.Scaled(1.5).Median())
	// Output:
	// P(amount ≤ 100) 0.820, volume below 30.8 u of mean 65.9 u
	// fraud median 60 u
}

// The web service at 08:00: 1125 req/s over 20,000 objects, TTL 60 s.
func ExampleTTLHitRatio() {
	lambda := analytic.DiurnalRate(1000, 0.25, 8)
	hit := analytic.TTLHitRatio(lambda/20000, 60, 1)
	db := analytic.DBLoad(lambda, 3, hit, 0)
	fmt.Printf("λ = %.0f req/s, hit %.1f %%, DB %.1f %%, mean age %.0f s\n", lambda, 100*hit, 100*db/4000, analytic.CachedAnswerMeanAge(60))
	fmt.Printf("Zipf(0.8) popularity: hit %.1f %%\n", 100*analytic.ZipfTTLHitRatio(lambda, 60, 1, 20000, 0.8))
	// Output:
	// λ = 1125 req/s, hit 77.1 %, DB 19.3 %, mean age 30 s
	// Zipf(0.8) popularity: hit 81.9 %
}

// The bad build's 5 % errors against a 99.9 % SLO.
func ExampleBurnRate() {
	burn := analytic.BurnRate(0.05, 0.999)
	fmt.Printf("burn %.0f×, %.3f %% of the month's budget per minute\n", burn, 100*analytic.BudgetSpentPerMinute(burn))
	// Output:
	// burn 50×, 0.116 % of the month's budget per minute
}

func ExampleDesiredInstances() {
	n, _ := analytic.DesiredInstances(10, 0.9, 0.6, 40)
	sat, _ := analytic.DesiredInstances(10, 1.4, 0.6, 40)
	fmt.Println(n, sat)
	// Output:
	// 15 17
}

func ExampleGoodput() {
	capacity := 192 / 0.33
	fmt.Printf("%.0f %.0f %.0f\n", analytic.Goodput(400, capacity, 0.3), analytic.Goodput(800, capacity, 0.3), analytic.SheddingAdmitRate(800, capacity, 0.9))
	// Output:
	// 400 488 524
}
