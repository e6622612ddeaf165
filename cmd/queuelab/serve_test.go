package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/model/paymentswitch"
	"queuelab/model/scenario"
	"queuelab/serve"
)

// syncBuffer is a bytes.Buffer safe for one writer and one reader.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestServePrintsURLAndServes(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var out syncBuffer
	done := make(chan error, 1)
	go func() {
		done <- serveUntil(ctx, &out, "127.0.0.1:0", []scenario.System{paymentswitch.System}, serve.Options{})
	}()
	var url string
	require.Eventually(t, func() bool {
		m := regexp.MustCompile(`http://127\.0\.0\.1:\d+/`).FindString(out.String())
		url = m
		return m != ""
	}, 5*time.Second, 10*time.Millisecond)
	assert.NotContains(t, out.String(), "warning", "loopback needs no warning")

	res, err := http.Get(url + "api/systems")
	require.NoError(t, err)
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	var systems []map[string]any
	require.NoError(t, json.Unmarshal(body, &systems))
	require.Len(t, systems, 1)
	assert.Equal(t, "switch", systems[0]["name"])

	page, err := http.Get(url)
	require.NoError(t, err)
	html, _ := io.ReadAll(page.Body)
	page.Body.Close()
	assert.Contains(t, string(html), "queuelab · live simulator")

	cancel()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
}

func TestServeErrors(t *testing.T) {
	ctx := context.Background()
	err := serveUntil(ctx, io.Discard, "127.0.0.1:0", nil, serve.Options{})
	assert.ErrorContains(t, err, "no system is available")
	err = serveUntil(ctx, io.Discard, "nonsense", []scenario.System{paymentswitch.System}, serve.Options{})
	assert.ErrorContains(t, err, "--addr nonsense")
	assert.Equal(t, 2, run([]string{"serve", "--max-sessions", "0"}))
	assert.Equal(t, 2, run([]string{"serve", "--idle", "1ms"}))
	assert.Equal(t, 2, run([]string{"serve", "extra"}))
}
