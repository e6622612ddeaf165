package queueing

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDisciplineNames pins each discipline's file name (what network files,
// the page and every message print) and checks that parsing the name gives
// the discipline back.
func TestDisciplineNames(t *testing.T) {
	for _, tc := range []struct {
		d    Discipline
		name string
	}{
		{FCFS, "fcfs"},
		{LCFSPR, "lcfs-pr"},
		{PS, "ps"},
		{SIRO, "siro"},
		{Priority, "priority"},
		{PreemptivePriority, "preemptive-priority"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.name, tc.d.String())
			assert.NotEmpty(t, tc.d.Doc())
			got, err := ParseDiscipline(tc.name)
			require.NoError(t, err)
			assert.Equal(t, tc.d, got)
		})
	}
	assert.Len(t, Disciplines(), 6, "a new discipline gets a row in the test above")
	assert.Equal(t, "fcfs, lcfs-pr, ps, siro, priority, preemptive-priority", ValidDisciplines())
	assert.Equal(t, FCFS, Discipline(0), "the zero value is FCFS")
}

// TestDisciplineBad: an unknown name is refused with the list of valid
// ones, and a value beyond the table is neither valid nor named.
func TestDisciplineBad(t *testing.T) {
	for _, s := range []string{"", "FCFS", "lifo", "lcfs", "priority "} {
		_, err := ParseDiscipline(s)
		require.Error(t, err, "%q", s)
		assert.Contains(t, err.Error(), "(valid: fcfs, lcfs-pr, ps, siro, priority, preemptive-priority)")
	}
	bad := Discipline(len(Disciplines()))
	assert.False(t, bad.Valid())
	assert.True(t, PreemptivePriority.Valid())
	assert.Equal(t, "discipline(6)", bad.String())
	assert.Empty(t, bad.Doc())
}

// TestIsDelay: Infinite is the delay station; 0 servers is not.
func TestIsDelay(t *testing.T) {
	assert.True(t, IsDelay(Infinite))
	assert.False(t, IsDelay(0))
	assert.False(t, IsDelay(1))
}
