package systems

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRegistry pins the list every command reads and its order, and that
// Find returns each system by its name and refuses others naming the
// valid ones.
func TestRegistry(t *testing.T) {
	assert.Equal(t, []string{"switch", "web"}, Names())
	for _, name := range Names() {
		s, err := Find(name)
		require.NoError(t, err)
		assert.Equal(t, name, s.Name)
		assert.NotEmpty(t, s.Scenarios)
		assert.NotNil(t, s.New)
	}
	_, err := Find("mmc")
	require.Error(t, err)
	assert.Equal(t, `unknown system "mmc" (valid: switch, web)`, err.Error())
}
