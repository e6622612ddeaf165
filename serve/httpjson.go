package serve

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"net/http"
	"strconv"
	"strings"
)

// The HTTP plumbing both pages share: JSON answers and errors, request
// bodies, downloads, ids and seeds.

// num is a float64 that encodes NaN and ±Inf as null.
type num float64

func (n num) MarshalJSON() ([]byte, error) {
	f := float64(n)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, f, 'g', -1, 64), nil
}

type errorJSON struct {
	Error string `json:"error"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	if err := enc.Encode(v); err != nil {
		// Headers are gone; nothing better to do than end the body.
		_, _ = io.WriteString(w, "\n")
	}
}

// writeYAML answers a download: text as the file name.
func writeYAML(w http.ResponseWriter, text, name string) {
	w.Header().Set("Content-Type", "application/yaml; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", name))
	_, _ = io.WriteString(w, text)
}

// RetryAfter is the Retry-After (seconds) of a 503 answer: about when a
// session slot may be free again.
const RetryAfter = "60"

func fail(w http.ResponseWriter, status int, format string, args ...any) {
	if status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", RetryAfter)
	}
	writeJSON(w, status, errorJSON{fmt.Sprintf(format, args...)})
}

// MaxBody is the largest request body, in bytes (but see netHub's create,
// which takes an uploaded file).
const MaxBody = 64 << 10

// tooLarge is the error of a body over limit bytes.
type tooLarge struct{ limit int64 }

func (e tooLarge) Error() string {
	return fmt.Sprintf("the request body is larger than %d KiB", e.limit>>10)
}

// readJSON reads a JSON body of at most MaxBody bytes into a T (an empty
// body gives T's zero value). On a bad body it answers, 413 when the body
// is too large and 400 otherwise, and returns false.
func readJSON[T any](w http.ResponseWriter, r *http.Request) (T, bool) {
	return readJSONUpTo[T](w, r, MaxBody)
}

// readJSONUpTo is readJSON with a body limit of limit bytes.
func readJSONUpTo[T any](w http.ResponseWriter, r *http.Request, limit int64) (T, bool) {
	var v T
	err := decode(w, r, &v, limit)
	switch {
	case errors.As(err, new(tooLarge)):
		fail(w, http.StatusRequestEntityTooLarge, "%v", err)
	case err != nil:
		fail(w, http.StatusBadRequest, "%v", err)
	}
	return v, err == nil
}

// decode reads a JSON body of at most limit bytes into v; an empty body
// leaves v unchanged. Unknown fields and trailing values are errors.
func decode(w http.ResponseWriter, r *http.Request, v any, limit int64) error {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return tooLarge{limit}
		}
		return fmt.Errorf("reading the request: %v", err)
	}
	if len(strings.TrimSpace(string(body))) == 0 {
		return nil
	}
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("invalid JSON request: %v", err)
	}
	if dec.More() {
		return errors.New("invalid JSON request: more than one value")
	}
	return nil
}

// startReq is what a request that starts a run on either page (a new
// session or a restart) may give: the seed, and the timed changes to
// plan ("at", as in a replay link: "5m:servers=10,shedding=on" on the
// systems' page, "12.5:servers cpu=2" on the network page). Without a
// seed a new session draws one (randomSeed) and a restart keeps the
// session's own.
type startReq struct {
	Seed *uint64  `json:"seed"`
	At   []string `json:"at"`
}

// seedOr returns the seed asked for, or dflt when none was.
func (q startReq) seedOr(dflt uint64) uint64 {
	if q.Seed != nil {
		return *q.Seed
	}
	return dflt
}

// clip shortens s to n bytes for a message.
func clip(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

func randomSeed() uint64 {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return 1
	}
	return n.Uint64() + 1 // short seeds are easy to read aloud in a classroom
}

func newID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
