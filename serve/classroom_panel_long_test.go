//go:build long

package serve

import (
	"testing"

	"queuelab/model/paymentswitch"
	"queuelab/model/scenario"
	"queuelab/model/webservice"
)

// TestBrowserClassroomPanelEveryLanguage checks the classroom panel of
// each page in the languages TestBrowserClassroomPanel leaves out, so that
// with both every page is checked in every language.
func TestBrowserClassroomPanelEveryLanguage(t *testing.T) {
	ctx := browser(t)
	ts := liveServer(t, []scenario.System{paymentswitch.System, webservice.System}, Options{Networks: realCatalogue(), OpenNetwork: OpenNetwork})
	for i, where := range classroomPages {
		for j, lang := range classroomLanguages {
			if i == j {
				continue // in the default run
			}
			t.Run(where.name+"/"+lang, func(t *testing.T) { checkClassroomPanel(t, ctx, ts.URL, i, lang) })
		}
	}
}
