package report

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWriteFileIsAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.html")
	require.NoError(t, os.WriteFile(path, []byte("old"), 0o644))

	// A write that fails half-way (as on a full disk) leaves the old file
	// and no temporary file.
	err := WriteFile(path, func(w io.Writer) error {
		if _, err := io.WriteString(w, "half of the new"); err != nil {
			return err
		}
		return errors.New("no space left on device")
	})
	require.EqualError(t, err, "no space left on device")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "old", string(data))
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "the temporary file is removed")

	// A write that succeeds replaces it whole, readable by others.
	require.NoError(t, WriteFile(path, func(w io.Writer) error {
		_, err := io.WriteString(w, "new")
		return err
	}))
	data, err = os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "new", string(data))
	st, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o644), st.Mode().Perm())
}

func TestCheckOutput(t *testing.T) {
	dir := t.TempDir()
	tests := []struct{ name, path, want string }{
		{"new file", filepath.Join(dir, "r.html"), ""},
		{"missing folder", filepath.Join(dir, "no", "r.html"), "the folder " + filepath.Join(dir, "no") + " does not exist"},
		{"a folder", dir, "is a folder, not a file"},
		{"empty", "", "empty file name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckOutput(tt.path)
			if tt.want == "" {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Empty(t, entries, "checking leaves nothing behind")
}
