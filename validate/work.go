package validate

import (
	"fmt"
	"math"
	"unsafe"

	"queuelab/des"
	"queuelab/model/network"
)

// Memory of the station simulation, per entity, in bytes. Slices grow by
// doubling, so each figure counts twice the element size: a pending event
// is a 24-byte heap node and a 32-byte payload slot; a customer present is
// des.Station's 72-byte job record and the network simulator's 24-byte
// customer record, each in a des.Slab with a 1-byte in-use flag and a
// 4-byte free-list slot. An observation-window boundary holds two
// des.StationSnapshots (the class and all classes), the servers' area, two
// 48-byte network counts, the time and the tap's counts.
const (
	bytesPerEvent    = 2 * (24 + 32)
	stationJobBytes  = 72
	networkCustBytes = 24
	bytesPerCustomer = 2 * (stationJobBytes + 1 + 4 + networkCustBytes + 1 + 4)
	bytesPerWaiting  = bytesPerCustomer
	bytesPerInServer = bytesPerCustomer + bytesPerEvent
	bytesPerSample   = 2 * 8
	bytesPerBoundary = 2*float64(unsafe.Sizeof(des.StationSnapshot{})) + 8 + 2*48 + 8 + 8 + 8
)

// Work estimates, before the run, the events Station will execute and the
// peak memory it will hold (see des.Work). A precision-driven run is
// estimated at its longest, MaxDuration.
//
// Events: every arrival is one event, every served customer one
// departure, and with patience every customer who waits one deadline, so
// at most 3 per arrival; λ·T arrivals in a run of T simulated seconds
// (plus five standard deviations of their Poisson count).
//
// Memory: the customers present at once, in service (at most c) and
// waiting. A stable queue (ρ < 1) seldom holds more than about
// 25/(1 − ρ) waiting: the largest of n excursions of an M/M/1-like queue
// grows like ln n / ln(1/ρ), and ln n ≤ 25 for any run allowed here. An
// overloaded queue grows at λ − c/S per second, up to what the
// patience (λ·D waiting at most, 2·λ·θ for exponential patience of mean
// θ) and the capacity allow, and never beyond the λ·T arrivals. Plus the
// observation windows (bounded by network.MaxWindows) and, when response
// quantiles are asked, 8 bytes per served customer.
func (c Config) Work() des.Work {
	length := c.Duration
	if c.Precision > 0 {
		length = c.MaxDuration
	}
	if c.Warmup > 0 {
		length += c.Warmup
	}
	// The mean λ·T plus five Poisson standard deviations, so that the
	// estimate bounds the run's real count.
	arrivals := c.ArrivalRate * length
	arrivals += 5*math.Sqrt(arrivals) + 1
	perArrival := 2.0
	if c.Patience.Kind != PatienceNone {
		perArrival = 3
	}
	servers := float64(c.Servers)
	inService := math.Min(servers, arrivals)
	waiting := math.Min(c.peakWaiting(length), arrivals)
	windows := float64(network.MaxWindows + 1) // halved when it would pass that
	if c.Precision == 0 {
		windows = windowsPerRun + 1
	}
	windowBytes := 2 * windows * (bytesPerBoundary + 8*float64(len(c.WaitThresholds)))
	bytes := inService*bytesPerInServer + waiting*bytesPerWaiting + windowBytes
	if c.Patience.Kind != PatienceNone {
		bytes += waiting * bytesPerEvent
	}
	if len(c.ResponseQuantiles) > 0 {
		bytes += arrivals * bytesPerSample
	}
	return des.Work{
		Events: arrivals*perArrival + windows,
		Bytes:  bytes,
		Basis: fmt.Sprintf("λ·T = %g/s × %g s = %.3g arrivals, up to %g events each; about %.3g customers present at once",
			c.ArrivalRate, length, arrivals, perArrival, inService+waiting),
	}
}

// peakWaiting estimates the largest number of customers waiting at once
// during a run of length seconds; see Work.
func (c Config) peakWaiting(length float64) float64 {
	servers := float64(c.Servers)
	q := math.Inf(1)
	if rho := c.Rho(); rho < 1 {
		q = 25 / (1 - rho)
	} else {
		q = (c.ArrivalRate - servers/c.ServiceMean()) * length
	}
	switch c.Patience.Kind {
	case PatienceDet:
		q = math.Min(q, c.ArrivalRate*c.Patience.Value+1)
	case PatienceExp:
		q = math.Min(q, 2*c.ArrivalRate*c.Patience.Value+1)
	}
	if c.Capacity > 0 {
		q = math.Min(q, float64(c.Capacity-c.Servers))
	}
	return q
}

// StationWorks estimates the work of each station experiment a catalogue
// run under opts makes (precision-driven ones at their longest); see
// des.Concurrent for the whole run.
func StationWorks(opts Options) []des.Work {
	var ws []des.Work
	for _, e := range Catalogue() {
		if opts.Quick && !e.Quick {
			continue
		}
		ws = append(ws, e.runConfig(opts, 0).Work())
	}
	return ws
}
