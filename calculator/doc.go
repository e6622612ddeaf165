// Package calculator is queuelab's formula calculator: a registry of the
// analytic formulas behind the two modelled systems (Erlang B and C,
// M/M/c, M/M/c+D, Erlang-A, M/M/c/K, Little's law, the switch's and the
// web service's own formulas), each with named, range-checked parameters,
// and the rendering of their results as a table or JSON.
//
// `queuelab formula` is its command-line face; the live server and the
// documentation can list and evaluate the same formulas (All, Lookup,
// Formula.Evaluate) without going through the CLI.
//
// Parameters are named by their command-line flags ("servers",
// "arrival-rate", …), and messages quote them as flags ("--servers: must
// be …"). Numbers, integers and durations are parsed by the model
// controls' parser (input.Control.Parse), so a duration means the same
// in a playbook, a sweep and the calculator: a Go duration ("80ms") or a
// bare number of seconds.
//
// Inside the package a formula reads its values by the Param values it
// declares (in.f(pArrival)), not by name: a misspelt parameter does not
// compile, and reading one the formula does not declare fails
// TestEveryFormulaReadsOnlyItsParameters. Each formula is an entry (a
// Formula value) and its evaluation beside its family (queues.go,
// paymentswitch.go, webservice.go), and one row of the ordered registry
// (registry.go).
//
// The package lives beside analytic rather than in it because analytic
// imports nothing of ours, and the calculator needs the control parser of
// model/scenario; it is not part of validate, which compares simulations
// with formulas, while the calculator only evaluates formulas.
package calculator
