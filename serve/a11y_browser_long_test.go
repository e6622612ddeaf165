//go:build long

package serve

import (
	"testing"

	"queuelab/model/paymentswitch"
	"queuelab/model/scenario"
	"queuelab/model/webservice"
)

// TestBrowserAccessibilitySwitchTurkish audits a11ySwitchTurkish, the
// page TestBrowserAccessibility leaves out of the default run: the switch's
// page in Turkish, whose longer words are the likeliest to overflow at
// 400 px.
func TestBrowserAccessibilitySwitchTurkish(t *testing.T) {
	axe := axeSource(t)
	ctx := browser(t)
	ts := liveServer(t, []scenario.System{paymentswitch.System, webservice.System}, Options{})
	auditPage(t, ctx, ts.URL, a11ySwitchTurkish, axe)
}
