package serve

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/model/paymentswitch"
	"queuelab/model/scenario"
	"queuelab/model/webservice"
	"queuelab/playbooks"
)

// Every reference playbook's comment reaches the page in Turkish and
// Uzbek, wrapped as a comment, with its actions (and so its replay) the
// same as in English.
func TestReferencePlaybooksTranslated(t *testing.T) {
	systems := []scenario.System{paymentswitch.System, webservice.System}
	srv, err := New(systems, Options{})
	require.NoError(t, err)
	t.Cleanup(srv.Close)
	seen := 0
	for _, sys := range systems {
		for _, sc := range sys.Scenarios {
			src, ok := playbooks.Source(sys.Name, sc.Name)
			if !ok {
				continue
			}
			seen++
			path := "/api/playbook?system=" + sys.Name + "&scenario=" + sc.Name
			var en referenceJSON
			require.Equal(t, http.StatusOK, serveJSON(t, srv, newReq("GET", path, nil), &en))
			assert.Equal(t, string(src), en.Source, "English is the file as written")
			for _, lang := range []string{"tr", "uz"} {
				req := newReq("GET", path, nil)
				req.Header.Set("Accept-Language", lang)
				var got referenceJSON
				require.Equal(t, http.StatusOK, serveJSON(t, srv, req, &got))
				assert.NotEqual(t, firstLine(en.Source), firstLine(got.Source), "%s/%s has no %s comment in the catalogue", sys.Name, sc.Name, lang)
				assert.Equal(t, en.At, got.At, "the same actions")
				pb, err := scenario.ParseYAML("x.yaml", []byte(got.Source), sys.Controls)
				require.NoError(t, err, got.Source)
				assert.Len(t, pb, len(en.At))
				for _, l := range strings.Split(strings.TrimSuffix(got.Source, "\n"), "\n") {
					assert.LessOrEqual(t, len([]rune(l)), playbookWidth, "wrapped: %q", l)
				}
			}
		}
	}
	assert.Equal(t, 6, seen, "the reference playbooks")
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}
