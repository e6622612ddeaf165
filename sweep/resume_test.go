package sweep

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestResumeRefusesTwoResultsForOneTask: a tasks file that holds one task
// on two lines with different values is refused on resume, naming the
// file, both lines and the task, as Merge refuses it, and the file is left
// as it was; the same line twice is one result and changes nothing.
func TestResumeRefusesTwoResultsForOneTask(t *testing.T) {
	d := mustParse(t, smallMMc)
	dir := t.TempDir()
	_, err := Run(d, Options{Workers: 2, Out: dir})
	require.NoError(t, err)
	path := filepath.Join(dir, "tasks.jsonl")
	full := readFile(t, path)
	summary := readFile(t, filepath.Join(dir, "summary.json"))
	lines := strings.SplitAfter(full, "\n")
	require.Contains(t, lines[3], `"p_wait":0.`)
	changed := strings.Replace(lines[3], `"p_wait":0.`, `"p_wait":0.9`, 1)

	tampered := full + changed
	require.NoError(t, os.WriteFile(path, []byte(tampered), 0o644))
	_, err = Run(d, Options{Workers: 2, Out: dir})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "tasks.jsonl:13: task 3 has a different result than at line 4")
	assert.Equal(t, tampered, readFile(t, path), "a refused resume leaves the file alone")
	_, err = Merge([]string{dir}, nil)
	require.Error(t, err, "merge refuses the same file")

	require.NoError(t, os.WriteFile(path, []byte(full+lines[3]), 0o644))
	require.NoError(t, os.Remove(filepath.Join(dir, "summary.json")))
	res, err := Run(d, Options{Workers: 2, Out: dir})
	require.NoError(t, err)
	assert.Equal(t, 0, res.Ran)
	assert.Equal(t, full, readFile(t, path), "the repeated line is dropped when the file is rewritten")
	assert.Equal(t, summary, readFile(t, filepath.Join(dir, "summary.json")))
}
