//go:build !long

package paymentswitch

// longTests: the build tag long is not set, so the ten-seed proofs run
// one seed on the des engine (see TestScenarioGoals) and the storm tests
// of switch_long_test.go do not run.
const longTests = false
