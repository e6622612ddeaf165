package report

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// CheckOutput reports, before any work is done, whether a file can be
// written at path: its folder must exist and take new files, and path
// must not be a folder. It leaves nothing behind.
func CheckOutput(path string) error {
	if path == "" {
		return errors.New("empty file name")
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return fmt.Errorf("%s is a folder, not a file", path)
	}
	dir := filepath.Dir(path)
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
// temporary file in the same folder, which is synced and renamed over path
// only when every byte is written. A failed write (a full disk, a file
// size limit, an error of write) leaves any earlier file at path as it
// was and no temporary file behind. The file gets mode 0644.
func WriteFile(path string, write func(w io.Writer) error) (err error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
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
	return os.Rename(tmp, path)
}
