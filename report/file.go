package report

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Stdout is the output name that means standard output: a report asked
// for there is written to os.Stdout as it is made, not to a file.
const Stdout = "-"

// maxLinks bounds the symbolic links Target follows, as the kernel does.
const maxLinks = 40

// Target returns the file a write to path replaces: path itself, or, when
// path is a symbolic link (or a chain of them, dangling or not), the file
// it points to, so that the link is kept and its target gets the new
// content. A folder, a device node, a FIFO or a socket at the end is an
// error: queuelab writes its outputs to regular files only, replacing
// them whole, and would otherwise replace /dev/full with a regular file
// or block on a FIFO.
func Target(path string) (string, error) {
	if path == "" {
		return "", errors.New("empty file name")
	}
	p := path
	for range maxLinks {
		st, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return p, nil
		}
		if err != nil {
			return "", err
		}
		switch m := st.Mode(); {
		case m&fs.ModeSymlink != 0:
			link, err := os.Readlink(p)
			if err != nil {
				return "", err
			}
			if !filepath.IsAbs(link) {
				link = filepath.Join(filepath.Dir(p), link)
			}
			p = link
			continue
		case m.IsDir():
			return "", fmt.Errorf("%s is a folder, not a file", path)
		case !m.IsRegular():
			via := ""
			if p != path {
				via = " (through the link to " + p + ")"
			}
			return "", fmt.Errorf("%s is %s%s, not a regular file: outputs are written to regular files only (give %s for standard output where the flag takes it)", path, kindOf(m), via, Stdout)
		}
		return p, nil
	}
	return "", fmt.Errorf("%s: too many levels of symbolic links", path)
}

// kindOf names a special file's type.
func kindOf(m fs.FileMode) string {
	switch {
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO (named pipe)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "a special file"
}

// CheckOutput reports, before any work is done, whether a file can be
// written at path (see Target): its folder must exist and take new files,
// and path must not be a folder or a special file. Stdout always can. It
// leaves nothing behind.
func CheckOutput(path string) error {
	if path == Stdout {
		return nil
	}
	target, err := Target(path)
	if err != nil {
		return err
	}
	dir := filepath.Dir(target)
	st, err := os.Stat(dir)
	if err != nil || !st.IsDir() {
		return fmt.Errorf("the folder %s does not exist", dir)
	}
	f, err := os.CreateTemp(dir, ".queuelab-check-*")
	if err != nil {
		return fmt.Errorf("cannot write in the folder %s: %w", dir, errors.Unwrap(err))
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}

// WriteFile writes a file at path whole or not at all: write fills a
// temporary file in the folder of path's Target, which is synced and
// renamed over the target only when every byte is written, so a symbolic
// link at path is kept and the file it points to replaced. A failed write
// (a full disk, a file size limit, an error of write) leaves any earlier
// file as it was and no temporary file behind. The file gets mode 0644.
// A path of Stdout writes to os.Stdout instead.
func WriteFile(path string, write func(w io.Writer) error) (err error) {
	if path == Stdout {
		return write(os.Stdout)
	}
	target, err := Target(path)
	if err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if err = write(f); err != nil {
		return err
	}
	if err = f.Chmod(0o644); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, target)
}
