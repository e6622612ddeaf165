// Package queueing is the vocabulary of queueing that the simulator (des and
// the models built on it) and the formulas (analytic) share, each idea
// defined once: the service disciplines (Discipline, with the one table of
// their names), the server-count convention (Infinite), and the names of the
// measures a station or a network reports (Metric).
//
// It holds names and conventions only, no behaviour of a discipline: des
// maps each Discipline to its waiting room and analytic/ctmc to its
// transitions, each in one table of its own.
//
// It imports only the Go standard library and nothing of queuelab. This is a
// contract: package analytic, which depends on nothing but the standard
// library, may import this package and no other of queuelab; keep it a leaf.
package queueing
