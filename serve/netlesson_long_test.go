//go:build long

package serve

import "testing"

// TestLessonChangesExactChain is the lesson change TestLessonChanges
// leaves out for its cost: jackson-feedback with b hyperexponential is no
// longer product form, and its exact chain (50 116 states) took 16 CPU s
// of the package's default run to solve.
func TestLessonChangesExactChain(t *testing.T) {
	checkLessonChange(t, lessonChange{"jackson-feedback", []string{"service b=hyperexp"}, nil})
}
