package dist_test

import (
	"fmt"

	"queuelab/des"
	"queuelab/model/dist"
)

// Parse builds a family from its name and parameters (in seconds, rates
// per second), as a file, a flag or the page gives them; the result knows
// its moments and its phase-type form.
func ExampleParse() {
	d, err := dist.Parse("coxian", dist.Params{
		"rates": {List: []float64{2, 0.5}}, // phase 1 of mean 0.5 s, phase 2 of mean 2 s
		"p":     {List: []float64{0.25}},   // a quarter go on to phase 2
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	ph, _ := d.PH()
	fmt.Printf("%v: mean %.3g s, SCV %.3g, %d phases\n", d, d.MeanValue(), d.SCV(), ph.Phases())

	_, err = dist.Parse("coxian", dist.Params{"rates": {List: []float64{2, 0.5}}})
	fmt.Println(err)
	// Output:
	// coxian(rates [2 0.5], p [0.25]): mean 1 s, SCV 2, 2 phases
	// p: coxian with 2 phases needs 1 continuation probabilities (after each phase but the last), got 0
}

// A Dist is resolved once to a Sampler, which draws without allocating.
func ExampleDist_Sampler() {
	d := dist.Of(dist.HyperExpK{P: []float64{0.9, 0.1}, Means: []float64{0.5, 5.5}})
	sp := d.Sampler()
	s := des.NewPCG(1, 2)
	sum := 0.0
	const n = 100_000
	for range n {
		sum += sp.Rand(s)
	}
	fmt.Printf("exact mean %.3g s, SCV %.3g; sampled mean %.2f s\n", d.MeanValue(), d.SCV(), sum/n)
	// Output: exact mean 1 s, SCV 5.5; sampled mean 1.00 s
}
