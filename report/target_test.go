package report

import (
	"io"
	"net"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func writeString(s string) func(io.Writer) error {
	return func(w io.Writer) error {
		_, err := io.WriteString(w, s)
		return err
	}
}

// TestWriteThroughSymlink: a symbolic link (absolute, relative, chained,
// dangling) is kept and the file it points to is replaced, atomically in
// that file's folder.
func TestWriteThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	other := filepath.Join(dir, "elsewhere")
	require.NoError(t, os.Mkdir(other, 0o755))
	target := filepath.Join(other, "report.html")
	require.NoError(t, os.WriteFile(target, []byte("old"), 0o644))
	abs := filepath.Join(dir, "abs.html")
	require.NoError(t, os.Symlink(target, abs))
	rel := filepath.Join(dir, "rel.html")
	require.NoError(t, os.Symlink(filepath.Join("elsewhere", "report.html"), rel))
	chain := filepath.Join(dir, "chain.html")
	require.NoError(t, os.Symlink("rel.html", chain))
	dangling := filepath.Join(dir, "dangling.html")
	require.NoError(t, os.Symlink(filepath.Join("elsewhere", "new.html"), dangling))

	for _, tt := range []struct{ link, target string }{
		{abs, target}, {rel, target}, {chain, target}, {dangling, filepath.Join(other, "new.html")},
	} {
		t.Run(filepath.Base(tt.link), func(t *testing.T) {
			require.NoError(t, CheckOutput(tt.link))
			require.NoError(t, WriteFile(tt.link, writeString("new via "+filepath.Base(tt.link))))
			st, err := os.Lstat(tt.link)
			require.NoError(t, err)
			assert.NotZero(t, st.Mode()&os.ModeSymlink, "the link is kept")
			data, err := os.ReadFile(tt.target)
			require.NoError(t, err)
			assert.Equal(t, "new via "+filepath.Base(tt.link), string(data))
		})
	}
	entries, err := os.ReadDir(other)
	require.NoError(t, err)
	assert.Len(t, entries, 2, "no temporary file left in the target's folder")

	loop := filepath.Join(dir, "loop.html")
	require.NoError(t, os.Symlink("loop.html", loop))
	assert.ErrorContains(t, WriteFile(loop, writeString("x")), "too many levels of symbolic links")
}

// TestSpecialFilesRefused: a device node, a FIFO and a socket (directly
// or through a link) are refused by CheckOutput and WriteFile and left as
// they were; nothing is written and write is not called.
func TestSpecialFilesRefused(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	sock := filepath.Join(dir, "sock")
	l, err := net.Listen("unix", sock)
	require.NoError(t, err)
	defer l.Close()
	// A character device like /dev/full; made here when root may (so a
	// wrong implementation replaces this copy, not the machine's).
	dev := filepath.Join(dir, "full")
	if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, int(1<<8|7)); err != nil {
		dev = "/dev/full"
	}
	link := filepath.Join(dir, "link")
	require.NoError(t, os.Symlink(fifo, link))
	for _, tt := range []struct{ path, want string }{
		{dev, "is a device, not a regular file"},
		{fifo, "is a FIFO (named pipe), not a regular file"},
		{sock, "is a socket, not a regular file"},
		{link, "is a FIFO (named pipe) (through the link to " + fifo + "), not a regular file"},
	} {
		t.Run(filepath.Base(tt.path), func(t *testing.T) {
			before, err := os.Lstat(tt.path)
			require.NoError(t, err)
			assert.ErrorContains(t, CheckOutput(tt.path), tt.want)
			called := false
			err = WriteFile(tt.path, func(w io.Writer) error { called = true; return nil })
			assert.ErrorContains(t, err, tt.want)
			assert.False(t, called)
			after, err := os.Lstat(tt.path)
			require.NoError(t, err)
			assert.Equal(t, before.Mode(), after.Mode(), "left as it was")
		})
	}
}

// TestStdout: the name - writes to standard output.
func TestStdout(t *testing.T) {
	r, w, err := os.Pipe()
	require.NoError(t, err)
	saved := os.Stdout
	os.Stdout = w
	err = WriteFile(Stdout, writeString("to stdout"))
	os.Stdout = saved
	require.NoError(t, err)
	require.NoError(t, w.Close())
	data, err := io.ReadAll(r)
	require.NoError(t, err)
	assert.Equal(t, "to stdout", string(data))
	assert.NoError(t, CheckOutput(Stdout))
}
