package serve

import (
	"net/http/httptest"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

func TestZZShots(t *testing.T) {
	ctx := browser(t)
	srv, err := New(nil, Options{Networks: realCatalogue(), OpenNetwork: OpenNetwork})
	require.NoError(t, err)
	ts := httptest.NewServer(srv)
	defer func() { ts.Close(); srv.Close() }()
	for _, name := range []string{"central-server", "priority-mg1", "call-centre", "loss-mmck", "ggc-qna", "terminal"} {
		require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/network.html?net="+name+"&seed=1"),
			until(`!!(net.st && net.st.graph)`, 10*time.Second), click(`#speeds button[data-speed="-1"]`)))
		time.Sleep(4 * time.Second)
		require.NoError(t, chromedp.Do(ctx, click(`#pause`)))
		time.Sleep(300 * time.Millisecond)
		shot(t, ctx, "zz-"+name+".png")
	}
}
