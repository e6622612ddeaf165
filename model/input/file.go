package input

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// MaxInputFile is the largest input file (a playbook; network files and
// sweep designs may use it too) ReadInput accepts by default: 1 MiB, some
// ten thousand times the largest hand-written playbook, and small enough
// that parsing it stays within a few tens of megabytes.
const MaxInputFile = 1 << 20

// ReadInput reads a user's input file, refusing one larger than limit
// bytes (MaxInputFile when limit ≤ 0) without reading past limit+1 bytes,
// so that /dev/zero or a multi-gigabyte file is refused at once. The
// error names the file, the limit and, when the file says, its size.
func ReadInput(path string, limit int64) ([]byte, error) {
	if limit <= 0 {
		limit = MaxInputFile
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	tooBig := func(size string) error {
		return fmt.Errorf("%s: the file is larger than the %s limit for an input file%s", path, formatSize(limit), size)
	}
	if st, err := f.Stat(); err == nil {
		if st.IsDir() {
			return nil, fmt.Errorf("%s: is a folder, not a file", path)
		}
		if st.Mode().IsRegular() && st.Size() > limit {
			return nil, tooBig(" (it has " + formatSize(st.Size()) + ")")
		}
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if int64(len(data)) > limit {
		return nil, tooBig("")
	}
	return data, nil
}

func formatSize(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + " KiB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

// MaxEcho is the most bytes of a user's value QuoteShort shows.
const MaxEcho = 60

// QuoteShort quotes a value from the user for an error message, cut to
// MaxEcho bytes (at a character boundary) with the full length noted, so
// a bad 50 MB value is not echoed whole.
func QuoteShort(s string) string {
	if len(s) <= MaxEcho {
		return strconv.Quote(s)
	}
	cut := MaxEcho
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + fmt.Sprintf("… (%d bytes)", len(s))
}

// ShortText is s itself when it is at most MaxEcho bytes, else QuoteShort(s):
// for echoing a value that is usually short without quotes.
func ShortText(s string) string {
	if len(s) <= MaxEcho {
		return s
	}
	return QuoteShort(s)
}

// DecodeYAML decodes the first YAML document of data into doc (left the
// zero Node for an empty input) and reports the line of a second document,
// or 0 when there is none. Every input format of queuelab (playbooks,
// network files, sweep designs) is one document: a second one ("---" and
// more) would otherwise be silently ignored, so callers refuse it naming
// that line. err is the YAML parser's own error, of either document.
func DecodeYAML(data []byte, doc *yaml.Node) (second int, err error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(doc); err != nil {
		if errors.Is(err, io.EOF) {
			return 0, nil
		}
		return 0, err
	}
	var next yaml.Node
	switch err := dec.Decode(&next); {
	case errors.Is(err, io.EOF):
		return 0, nil
	case err != nil:
		return 0, err
	}
	return max(next.Line, 1), nil
}
